/**
 * Rendered scrapes: the page loaded in Chromium, the envelope built from its DOM. A separate
 * entry point (`@webcapture/scraping/rendered`) so that only functions that render bundle the
 * browser; the package index never imports it.
 */
import { renderPage } from '@webcapture/render';
import type { CachedCapture } from './cached-capture';
import type { JobCapture } from './job-capture';
import { UNTYPED_CONTENT_TYPE } from './page-content';
import { keepScrapeRecording } from './recordings/keep-recording';
import { scrapeEnvelope } from './scrape';
import { scrapeOptions } from './scrape-request';

/**
 * What the envelope of a rendered page means (README: Rendered scrapes): `rawHtml` is the DOM
 * after scripts ran and the waits passed; `statusCode` and `contentType` are the main document's;
 * `contentLength` is every byte the browser downloaded for the page — document and subresources,
 * as they came over the wire — which is what the capture cost and what is billed. Never cached.
 */
export const renderedCapture: JobCapture = async (request, scrapeId, accountId) => {
  const options = scrapeOptions(request, scrapeId);
  const page = await renderPage({
    url: request.url,
    country: request.country,
    cookies: request.cookies,
    headers: request.headers,
    waitUntil: request.wait_until,
    waitForSelector: request.wait_for_selector,
    delayMs: request.delay_ms,
    timeoutMs: request.timeout_ms,
    record: request.record,
  });
  const capture: CachedCapture = {
    url: request.url,
    finalUrl: page.finalUrl,
    redirects: [],
    status: page.status,
    headers: {},
    // The DOM is HTML whatever the document was (a JSON document renders inside <pre>).
    contentType: 'text/html',
    charset: 'utf-8',
    body: Buffer.from(page.html, 'utf8'),
    wireBytes: page.bytes,
    retrievedAt: page.retrievedAt,
  };
  const envelope = scrapeEnvelope(capture, options, page.contentType ?? UNTYPED_CONTENT_TYPE);
  const recording = page.recorded
    ? await keepScrapeRecording({ accountId, id: scrapeId }, envelope, page.recorded, {
        kind: 'dom',
        html: page.html,
      })
    : undefined;
  return { envelope, cache: 'bypass', recording };
};
