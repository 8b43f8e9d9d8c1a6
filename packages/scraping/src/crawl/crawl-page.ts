import { contentFingerprint, normalizeUrl } from '@webcapture/discovery';
import { type CacheStatus, type CaptureSource, type ObtainedCapture, obtainCapture } from '../obtain-capture';
import { obtainScrapeCapture, type ScrapeEnvelope, type ScrapeOptions, scrapedEnvelope } from '../scrape';
import { type ScrapeOutputFields, scrapeOptions } from '../scrape-request';
import {
  type PageValidators,
  pageValidators,
  type Revisit,
  type UnchangedPage,
  unchangedPage,
} from './page-revisit';

export interface CrawledPage {
  /** The scrape envelope with the formats the crawl asked for. */
  envelope: ScrapeEnvelope;
  /** Every link of the page, absolute. */
  links: string[];
  /** The page's rel=canonical, normalised; its own URL when it names none. */
  canonicalUrl: string;
  /** SimHash of the page's main text (its markdown), when it has enough text. */
  fingerprint: string | undefined;
  /** The page's markdown, computed for the fingerprint whatever the formats: the search index reads it too. */
  markdown: string;
  cache: CacheStatus;
  /** Kept for a later incremental crawl. */
  validators: PageValidators;
}

/**
 * One crawl page through the scrape pipeline (SSRF guard, cache, content): the caller's formats,
 * plus the links and the markdown the crawl needs to follow links and recognise duplicates,
 * processed in the same pass and left out of the stored envelope when not asked for. A rendered
 * crawl's `source` is the browser: its links are then those of the rendered DOM.
 */
export async function crawlPage(
  fields: Omit<ScrapeOutputFields, 'url'>,
  url: string,
  scrapeId: string,
  ignoreQueryParams: boolean,
  source: CaptureSource = obtainCapture,
): Promise<CrawledPage> {
  const options = crawlScrapeOptions(fields, url, scrapeId);
  const obtained = await obtainScrapeCapture(options, undefined, source);
  return crawledPageOf(obtained, options, fields, ignoreQueryParams);
}

/**
 * An incremental crawl's page: asked of the origin with the earlier copy's validators; one it
 * says did not change is returned as such, before any conversion.
 */
export async function revisitCrawlPage(
  fields: Omit<ScrapeOutputFields, 'url'>,
  url: string,
  scrapeId: string,
  ignoreQueryParams: boolean,
  revisit: Revisit,
  source: CaptureSource = obtainCapture,
): Promise<CrawledPage | UnchangedPage> {
  const options = crawlScrapeOptions(fields, url, scrapeId);
  const obtained = await obtainScrapeCapture(options, revisit.conditional, source);
  return (
    unchangedPage(obtained.capture, revisit) ?? crawledPageOf(obtained, options, fields, ignoreQueryParams)
  );
}

function crawlScrapeOptions(fields: Omit<ScrapeOutputFields, 'url'>, url: string, scrapeId: string) {
  const formats = [...new Set([...fields.formats, 'links' as const, 'markdown' as const])];
  return scrapeOptions({ ...fields, url, formats }, scrapeId);
}

function crawledPageOf(
  obtained: ObtainedCapture,
  options: ScrapeOptions,
  fields: Omit<ScrapeOutputFields, 'url'>,
  ignoreQueryParams: boolean,
): CrawledPage {
  const { capture, cache } = obtained;
  const envelope = scrapedEnvelope(obtained, options);
  const links = ((envelope.formats.links ?? []) as Array<string | { url: string }>).map((link) =>
    typeof link === 'string' ? link : link.url,
  );
  const markdown = String(envelope.formats.markdown ?? '');
  const formatsAsked = Object.fromEntries(
    Object.entries(envelope.formats).filter(([name]) => (fields.formats as string[]).includes(name)),
  );
  const canonical = envelope.metadata.canonicalUrl
    ? normalizeUrl(envelope.metadata.canonicalUrl, { ignoreQueryParams, base: envelope.finalUrl })
    : null;
  return {
    envelope: { ...envelope, formats: formatsAsked },
    links,
    canonicalUrl: canonical ?? options.url,
    fingerprint: envelope.statusCode < 300 ? contentFingerprint(markdown) : undefined,
    markdown,
    cache,
    validators: pageValidators(capture),
  };
}
