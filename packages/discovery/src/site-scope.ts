/**
 * Which URLs belong to the site being mapped or crawled. The site is the start URL's host without
 * a leading `www.`: `example.com` and `www.example.com` are one site (most sites answer on both).
 * With `includeSubdomains`, any host under it (`blog.example.com`) belongs too. Scheme and port
 * are not part of the site: `http://` and `https://` pages of one host are the same site.
 */
export interface SiteScope {
  /** The site's host without `www.`. */
  readonly site: string;
  contains(url: string | URL): boolean;
}

const siteOf = (hostname: string) => hostname.replace(/^www\./, '');

export function siteScope(startUrl: string | URL, options: { includeSubdomains: boolean }): SiteScope {
  const site = siteOf(new URL(startUrl).hostname);
  return {
    site,
    contains(url) {
      let host: string;
      try {
        host = siteOf(new URL(url).hostname);
      } catch {
        return false;
      }
      return host === site || (options.includeSubdomains && host.endsWith(`.${site}`));
    },
  };
}
