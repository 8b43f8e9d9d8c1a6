import { randomUUID } from 'node:crypto';
import { ApiError, isApiError } from '@webcapture/errors';
import {
  type CrawledPage,
  crawlScopeOf,
  indexCapturedPage,
  obtainCapture,
  type Renderer,
  type RenderingFields,
  type ScrapeOutputFields,
} from '@webcapture/scraping';
import {
  type Admission,
  addToFrontier,
  billingRecord,
  CRAWL_RENDER_QUEUE,
  type CrawlPageMessage,
  type CrawlQueue,
  type CrawlRecord,
  claimContent,
  crawlResultKey,
  DEFAULT_ESTIMATE_BYTES,
  endFrontierItem,
  finishCrawlIfDone,
  getRunningCrawlRecord,
  type PageOutcome,
  pageEventDelivery,
  putCrawlResult,
  rollback,
  sendWebhookMessages,
  settle,
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
 * scrape, its links into the frontier, the duplicate check, the result in S3, the charge, then
 * the outcome's commit with its crawl.page event. Every step before the commit may run again
 * (redelivery, takeover after a crash) without counting, fetching into results or billing twice.
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
  // A page taken over may have been billed by the worker that died: its admission's end tells.
  const billedBefore = claim.previousAdmission
    ? (await rollback(claim.previousAdmission)) === 'settled'
    : false;
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
  const followLinks = async (links: string[]) => {
    if (!followsLinks) return;
    const entries = await scope.classify(links, { url: message.url, depth: Number(item.depth) }, 'link');
    await addToFrontier(message.accountId, message.crawlId, entries, record.options.max_urls_per_pattern);
  };
  // Not converted, stored or billed; its links are followed all the same.
  if ('unchanged' in page) {
    await followLinks(page.links);
    if (admission) await rollback(admission);
    return commitPage(message, record, item, token, page.outcome);
  }
  const duplicateOf = record.options.deduplicate
    ? await claimContent(message.crawlId, message.url, page.canonicalUrl, page.fingerprint)
    : undefined;
  if (duplicateOf && duplicateOf !== message.url) {
    if (admission) await rollback(admission);
    return commitPage(message, record, item, token, {
      status: 'skipped',
      reason: 'duplicate',
      duplicateOf,
      statusCode: page.envelope.statusCode,
    });
  }
  await followLinks(page.links);
  if (page.envelope.statusCode >= 400) {
    if (admission) await rollback(admission);
    const upstream = new ApiError('upstream_error', `The page answered HTTP ${page.envelope.statusCode}.`);
    return commitPage(message, record, item, token, {
      ...failedOutcome(upstream),
      statusCode: page.envelope.statusCode,
    });
  }
  const resultKey = crawlResultKey(message.accountId, message.crawlId, message.url);
  // Side by side: a charge whose result failed to store is not charged again on the retry
  // (the admission's end marker), and a result stored for a refused charge is never listed.
  const [, billed] = await Promise.all([
    putCrawlResult(resultKey, page.envelope),
    chargePage(admission, page, scrape, billedBefore),
  ]);
  if (billed instanceof ApiError) return commitPage(message, record, item, token, failedOutcome(billed));
  // Before the commit, so a crawl.page webhook's page is already searchable; a takeover that
  // scrapes it again adds a newer document for the same URL, which the search shows instead.
  await indexCapturedPage(message.accountId, page.envelope, {
    source: 'crawl',
    parentId: message.crawlId,
    markdown: page.markdown,
  });
  return commitPage(message, record, item, token, {
    status: 'completed',
    statusCode: page.envelope.statusCode,
    resultKey,
    billedBytes: billed,
    kept: { ...page.validators, links: page.links },
  });
}

/** Bills a scraped page as a scrape on the crawl's usage row; the quota running out fails it, free. */
async function chargePage(
  admission: Admission | undefined,
  page: CrawledPage,
  scrape: Omit<ScrapeOutputFields, 'url'>,
  billedBefore: boolean,
): Promise<number | ApiError> {
  if (!admission) return 0;
  if (billedBefore) {
    await rollback(admission);
    return 0;
  }
  try {
    const settlement = await settle(
      admission,
      billingRecord({
        kind: 'scrape',
        endpoint: CRAWL_ENDPOINT,
        wireBytes: page.envelope.contentLength,
        markdown: scrape.formats.includes('markdown'),
        cacheHit: page.cache === 'hit',
      }),
    );
    return settlement.billableBytes;
  } catch (error) {
    if (isApiError(error) && error.status < 500) return error;
    throw error;
  }
}

function failedOutcome(error: unknown): PageOutcome {
  const { code, message } = asItemError(error);
  return { status: 'failed', error: { code, message } };
}

async function commitPage(
  message: CrawlPageMessage,
  record: CrawlRecord,
  item: Record<string, unknown>,
  token: string,
  outcome: PageOutcome,
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
  await endAndFinish(message, { token }, outcome, delivery);
  return 'done';
}

/** Ends the item; its page event is queued before the crawl's end is checked (and its terminal event sent). */
async function endAndFinish(...args: Parameters<typeof endFrontierItem>) {
  const [message, , , delivery] = args;
  const ended = await endFrontierItem(...args);
  if (delivery && ended !== 'lost_claim') await sendWebhookMessages(message.accountId, [delivery.id]);
  if (ended === 'committed_last') await finishCrawlIfDone(message.accountId, message.crawlId);
}
