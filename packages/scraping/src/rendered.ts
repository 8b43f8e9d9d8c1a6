/**
 * Rendered scrapes: the page loaded in Chromium, the envelope built from its DOM. A separate
 * entry point (`@webcapture/scraping/rendered`) so that only functions that render bundle the
 * browser; the package index never imports it.
 */
import { classifyBlocked } from '@webcapture/capture';
import { type RenderedPage, renderPage } from '@webcapture/render';
import type { CachedCapture } from './cached-capture';
import type { JobCapture } from './job-capture';
import type { CaptureOptions, CaptureSource } from './obtain-capture';
import { UNTYPED_CONTENT_TYPE } from './page-content';
import { keepScrapeRecording } from './recordings/keep-recording';
import { scrapeEnvelope } from './scrape';
import { type RenderingFields, scrapeOptions } from './scrape-request';

/**
 * The page loaded in Chromium with `rendering`, as a capture: the body is the DOM after scripts
 * ran and the waits passed (HTML whatever the document was: a JSON document renders inside
 * <pre>); `wireBytes` is every byte the browser downloaded for the page — document and
 * subresources, as they came over the wire — which is what the capture cost and what is billed.
 * Every request of the browser goes through the SSRF guard proxy. Never cached.
 */
async function renderCapture(
  options: Pick<CaptureOptions, 'url' | 'country' | 'timeoutMs'>,
  rendering: RenderingFields,
  record = false,
): Promise<{ capture: CachedCapture; page: RenderedPage }> {
  const page = await renderPage({
    url: options.url,
    country: options.country,
    cookies: rendering.cookies,
    headers: rendering.headers,
    waitUntil: rendering.wait_until,
    waitForSelector: rendering.wait_for_selector,
    delayMs: rendering.delay_ms,
    timeoutMs: options.timeoutMs,
    record,
  });
  const capture: CachedCapture = {
    url: options.url,
    finalUrl: page.finalUrl,
    redirects: [],
    status: page.status,
    headers: {},
    contentType: 'text/html',
    charset: 'utf-8',
    body: Buffer.from(page.html, 'utf8'),
    wireBytes: page.bytes,
    retrievedAt: page.retrievedAt,
  };
  return { capture, page };
}

/**
 * The browser as a pipeline's page source (rendered crawl pages and monitor checks); the cache is
 * bypassed. A challenge or block page is told by the fast path's classifier, read on the DOM, so a
 * monitor records it as an error as it would over HTTP.
 */
export function renderedSource(rendering: RenderingFields): CaptureSource {
  return async (options) => {
    const { capture, page } = await renderCapture(options, rendering);
    const blocked = classifyBlocked({ ...capture, remoteAddress: '', proxyCountry: null }).blocked;
    return {
      capture,
      cache: blocked ? 'blocked' : 'bypass',
      rendered: { contentType: page.contentType ?? UNTYPED_CONTENT_TYPE },
    };
  };
}

/**
 * What the envelope of a rendered scrape means (README: Rendered scrapes): `rawHtml` is the DOM;
 * `statusCode` and `contentType` are the main document's; `contentLength` is what the browser
 * downloaded (renderCapture).
 */
export const renderedCapture: JobCapture = async (request, scrapeId, accountId) => {
  const options = scrapeOptions(request, scrapeId);
  const { capture, page } = await renderCapture(
    { url: request.url, country: request.country, timeoutMs: request.timeout_ms },
    request,
    request.record,
  );
  const envelope = scrapeEnvelope(capture, options, page.contentType ?? UNTYPED_CONTENT_TYPE);
  const recording = page.recorded
    ? await keepScrapeRecording({ accountId, id: scrapeId }, envelope, page.recorded, {
        kind: 'dom',
        html: page.html,
      })
    : undefined;
  return { envelope, cache: 'bypass', recording };
};
