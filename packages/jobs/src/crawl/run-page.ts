import { randomUUID } from 'node:crypto';
import { ApiError, isApiError } from '@webcapture/errors';
import {
  type CrawledPage,
  capturedPageDocument,
  crawlScopeOf,
  obtainCapture,
  type Renderer,
  type RenderingFields,
  type ScrapeOutputFields,
} from '@webcapture/scraping';
import {
  type Admission,
  billingRecord,
  CRAWL_RENDER_QUEUE,
  type CrawlPageMessage,
  type CrawlQueue,
  type CrawlRecord,
  crawlResultKey,
  DEFAULT_ESTIMATE_BYTES,
  endFrontierItem,
  finishCrawlIfDone,
  getRunningCrawlRecord,
  type PageOutcome,
  type PageWrites,
  pageEventDelivery,
  putCrawlResult,
  rollback,
  sendWebhookMessages,
  startCrawl,
} from '@webcapture/service';
import { admitQueuedWork } from '../bulk/batch-admission';
import { asItemError } from '../bulk/item-outcomes';
import { claimWhenHostFree } from './politeness';
import { fetchCrawlPage, type UnchangedCrawlPage } from './revisit';
import { addSitemapUrls } from './sitemap-seed';

/**
 * A message's result: done (delete it), or send it again after this many seconds — to `queue`
 * when it must move (a rendered crawl's page reached the worker without a browser).
 */
export type CrawlPageResult = 'done' | { requeueSeconds: number; queue?: CrawlQueue };

/** The usage rows crawl pages are billed on (scrapes, at the scrape factors). */
export const CRAWL_ENDPOINT = '/v1/crawl';
/** Margin of a claim's lease beyond the page's timeout_ms: the host wait, storing, committing. */
const LEASE_MARGIN_MS = 60_000;
/** A rendered page's lease also covers its delay_ms and a cold start's Chromium launch. */
const BROWSER_LAUNCH_MS = 30_000;

/**
 * One frontier URL: admission (one of bulk's slots), the claim with the host's place and turn, the
 * scrape, the result in S3, then the outcome's commit: one transaction with its links new to the
 * frontier, its content's claims (duplicate check), its charge, its search index document and its
 * crawl.page event. Every step before the commit may run again (redelivery, takeover after a
 * crash) without counting, fetching into results or billing twice.
 * A crawl with `rendering` renders its pages with `renderer` (the crawl-render worker's browser);
 * the crawl-pages worker, which has none, hands such a page over before taking anything.
 */
export async function runCrawlPage(message: CrawlPageMessage, renderer?: Renderer): Promise<CrawlPageResult> {
  const record = await getRunningCrawlRecord(message.accountId, message.crawlId);
  if (!record) return 'done';
  const rendering = record.options.rendering as RenderingFields | undefined;
  if (rendering && !renderer) return { requeueSeconds: 0, queue: CRAWL_RENDER_QUEUE };
  if (record.status === 'queued') {
    await startCrawl(message.accountId, record);
    record.status = 'running';
  }
  const scrape = record.options.scrape as unknown as Omit<ScrapeOutputFields, 'url'>;
  let admission: Admission | undefined;
  let refusal: ApiError | undefined;
  if (record.status === 'running') {
    const admitted = await admitQueuedWork({
      accountId: message.accountId,
      endpoint: CRAWL_ENDPOINT,
      estimateBytes: DEFAULT_ESTIMATE_BYTES,
    }).catch((error: unknown) => {
      // Quota used up, billing state: the page fails at no charge, as a single request would.
      if (isApiError(error) && error.status < 500) return error;
      throw error;
    });
    if (admitted === 'busy') return { requeueSeconds: 2 };
    if (admitted instanceof ApiError) refusal = admitted;
    else admission = admitted;
  }
  const token = randomUUID();
  const leaseMs =
    Number(scrape.timeout_ms ?? 30_000) +
    LEASE_MARGIN_MS +
    (rendering ? rendering.delay_ms + BROWSER_LAUNCH_MS : 0);
  const scope = crawlScopeOf(message.crawlId, record.options);
  const claim = await claimWhenHostFree(
    message,
    { token, leaseMs, admission },
    {
      host: new URL(message.url).host,
      maxConcurrency: record.options.max_concurrency,
      intervalMs: Math.max(record.options.delay_ms, await scope.crawlDelayMs(message.url)),
    },
  );
  if ('retryAfterMs' in claim) {
    if (admission) await rollback(admission);
    return { requeueSeconds: Math.ceil(claim.retryAfterMs / 1000) };
  }
  if (claim.kind !== 'claimed' && claim.kind !== 'taken_over') {
    if (admission) await rollback(admission);
    if (
      claim.kind === 'stopped' ||
      (claim.kind === 'limit' && claim.crawl.scraped >= claim.crawl.options.limit)
    ) {
      const from =
        claim.item.status === 'running'
          ? { from: 'running' as const, leaseUntil: Number(claim.item.lease_until) }
          : { from: 'queued' as const };
      const reason = claim.kind === 'limit' ? 'limit' : 'cancelled';
      await endAndFinish(message, from, { status: 'skipped', reason });
      return 'done';
    }
    // `limit` pages are claimed but not all done: one may fail its claim and leave room.
    return claim.kind === 'limit' ? { requeueSeconds: 5 } : 'done';
  }
  // A page taken over: the admission its dead worker held is ended (its charge could only have
  // been settled with the outcome, which would have ended the item).
  if (claim.previousAdmission) await rollback(claim.previousAdmission);
  if (refusal) return commitPage(message, record, claim.item, token, failedOutcome(refusal));
  // An external page is scraped, its links are not followed; `sitemap: only` follows none.
  const followsLinks = record.options.sitemap !== 'only' && scope.inSite(message.url);
  let page: CrawledPage | UnchangedCrawlPage;
  try {
    const source = rendering && renderer ? renderer(rendering) : obtainCapture;
    page = await fetchCrawlPage(message, record, followsLinks, source);
  } catch (error) {
    if (admission) await rollback(admission);
    return commitPage(message, record, claim.item, token, failedOutcome(error));
  }
  const item = claim.item;
  if (item.source === 'start' && record.options.sitemap !== 'skip')
    await addSitemapUrls(message, record, scope);
  // The page's links go into its outcome's transaction, with its content's claims and its charge.
  const links: PageWrites = {
    links: followsLinks
      ? await scope.classify(page.links, { url: message.url, depth: Number(item.depth) }, 'link')
      : [],
    maxPerPattern: record.options.max_urls_per_pattern,
  };
  // Not converted, stored or billed; its links are followed all the same.
  if ('unchanged' in page) {
    if (admission) await rollback(admission);
    return commitPage(message, record, item, token, page.outcome, links);
  }
  const checked: PageWrites = {
    ...links,
    ...(record.options.deduplicate
      ? { content: { url: message.url, canonicalUrl: page.canonicalUrl, simhash: page.fingerprint } }
      : {}),
  };
  if (page.envelope.statusCode >= 400) {
    if (admission) await rollback(admission);
    const upstream = new ApiError('upstream_error', `The page answered HTTP ${page.envelope.statusCode}.`);
    return commitPage(
      message,
      record,
      item,
      token,
      { ...failedOutcome(upstream), statusCode: page.envelope.statusCode },
      checked,
    );
  }
  const resultKey = crawlResultKey(message.accountId, message.crawlId, message.url);
  // Stored before the commit; a result stored for a page that then turns out a duplicate or over
  // quota is never listed (its item keeps no result key) and expires with the crawl's objects.
  await putCrawlResult(resultKey, page.envelope);
  const charge = admission && {
    admission,
    record: billingRecord({
      kind: 'scrape',
      endpoint: CRAWL_ENDPOINT,
      wireBytes: page.envelope.contentLength,
      markdown: scrape.formats.includes('markdown'),
      cacheHit: page.cache === 'hit',
    }),
  };
  // Indexed with the outcome, so a crawl.page webhook's page is already searchable.
  const searchDocument = capturedPageDocument(message.accountId, page.envelope, {
    source: 'crawl',
    parentId: message.crawlId,
    markdown: page.markdown,
  });
  return commitPage(
    message,
    record,
    item,
    token,
    {
      status: 'completed',
      statusCode: page.envelope.statusCode,
      resultKey,
      kept: { ...page.validators, links: page.links },
    },
    { ...checked, ...(charge ? { charge } : {}), ...(searchDocument ? { searchDocument } : {}) },
  );
}

function failedOutcome(error: unknown): PageOutcome {
  const { code, message } = asItemError(error);
  return { status: 'failed', error: { code, message } };
}

/**
 * Commits the page's outcome with its `page` writes. A page found to duplicate another is
 * recorded `skipped (duplicate)`, one over quota `failed` (its links followed all the same); both
 * free: the admission is rolled back, as it is when another worker took the page over.
 */
async function commitPage(
  message: CrawlPageMessage,
  record: CrawlRecord,
  item: Record<string, unknown>,
  token: string,
  outcome: PageOutcome,
  page: PageWrites = {},
): Promise<CrawlPageResult> {
  const delivery =
    outcome.status === 'skipped'
      ? undefined
      : await pageEventDelivery(message.accountId, record, {
          url: message.url,
          status: outcome.status,
          depth: Number(item.depth ?? 0),
          parent: (item.parent as string | null) ?? null,
          status_code: outcome.statusCode ?? null,
          error: outcome.error ?? null,
        });
  const ended = await endAndFinish(message, { token }, outcome, delivery, page);
  if (typeof ended === 'string') {
    if (ended === 'lost_claim' && page.charge) await rollback(page.charge.admission);
    return 'done';
  }
  if (page.charge) await rollback(page.charge.admission);
  if ('duplicateOf' in ended) {
    return commitPage(message, record, item, token, {
      status: 'skipped',
      reason: 'duplicate',
      duplicateOf: ended.duplicateOf,
      statusCode: outcome.statusCode,
    });
  }
  const { links, maxPerPattern, content } = page;
  return commitPage(message, record, item, token, failedOutcome(ended.quotaExceeded), {
    links,
    maxPerPattern,
    content,
  });
}

/** Ends the item; its page event is queued before the crawl's end is checked (and its terminal event sent). */
async function endAndFinish(...args: Parameters<typeof endFrontierItem>) {
  const [message, , , delivery] = args;
  const ended = await endFrontierItem(...args);
  if (typeof ended !== 'string') return ended;
  if (delivery && ended !== 'lost_claim') await sendWebhookMessages(message.accountId, [delivery.id]);
  if (ended === 'committed_last') await finishCrawlIfDone(message.accountId, message.crawlId);
  return ended;
}
