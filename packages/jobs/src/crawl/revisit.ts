import {
  type CaptureSource,
  type CrawledPage,
  crawlPage,
  obtainCapture,
  revisitCrawlPage,
  revisitOf,
  type ScrapeOutputFields,
} from '@webcapture/scraping';
import {
  type CrawlPageMessage,
  type CrawlRecord,
  type CrawlSince,
  copyCrawlResult,
  crawlResultKey,
  type FrontierEntry,
  newId,
  type PageOutcome,
  previousPage,
} from '@webcapture/service';

/** A page found unchanged: the links to follow (kept from before, or fetched again) and its ending. */
export interface UnchangedCrawlPage {
  unchanged: true;
  links: string[];
  outcome: PageOutcome;
}

/**
 * Fetches a crawl page from `source` (the fast path, or a rendered crawl's browser); in an
 * incremental crawl, conditionally (scraping's page-revisit.ts). An unchanged page
 * is `skipped (unchanged)`: its content_url is the earlier envelope copied into this crawl; its
 * links come from the earlier crawl, or, when they were not kept (a timestamp `since`, too many
 * links) and are needed, from fetching the page again in full. If the earlier envelope has expired,
 * the page is fetched in full and scraped as any other.
 */
export async function fetchCrawlPage(
  message: CrawlPageMessage,
  record: CrawlRecord,
  needsLinks: boolean,
  source: CaptureSource = obtainCapture,
): Promise<CrawledPage | UnchangedCrawlPage> {
  const scrape = record.options.scrape as unknown as Omit<ScrapeOutputFields, 'url'>;
  const { ignore_query_params: ignoreQueryParams, since } = record.options;
  const inFull = () => crawlPage(scrape, message.url, newId('sc'), ignoreQueryParams, source);
  const previous = await previousPage(since, message.url);
  const revisit = revisitOf(since, previous);
  if (!since || !revisit) return inFull();
  const page = await revisitCrawlPage(scrape, message.url, newId('sc'), ignoreQueryParams, revisit, source);
  if (!('unchanged' in page)) return page;
  let resultKey: string | null = null;
  if (previous?.resultKey) {
    resultKey = crawlResultKey(message.accountId, message.crawlId, message.url);
    if (!(await copyCrawlResult(previous.resultKey, resultKey))) return inFull();
  }
  const links = previous?.links ?? (needsLinks ? (await inFull()).links : null);
  return {
    unchanged: true,
    links: links ?? [],
    outcome: {
      status: 'skipped',
      reason: 'unchanged',
      statusCode: page.statusCode,
      resultKey,
      kept: {
        ...page.validators,
        links,
        previousCrawlId: previous?.crawlId ?? null,
        unchangedSince: previous?.fetchedAt ?? since.at,
      },
    },
  };
}

/**
 * Sitemap URLs of an incremental crawl whose lastmod is older than `since` (its time, or the earlier
 * crawl's start) are recorded `skipped (unchanged)`, never fetched: the site says they did not change.
 */
export function skipUnchangedSitemapUrls(
  entries: FrontierEntry[],
  lastmods: ReadonlyMap<string, string | undefined>,
  since: CrawlSince | undefined,
): FrontierEntry[] {
  if (!since) return entries;
  const cutoff = Date.parse(since.at);
  return entries.map((entry) => {
    const lastmod = Date.parse(lastmods.get(entry.url) ?? '');
    return entry.skip || !(lastmod < cutoff) ? entry : { ...entry, skip: 'unchanged' };
  });
}
