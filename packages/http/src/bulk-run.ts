import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, isApiError } from '@webcapture/errors';
import {
  captureForFetch,
  fetchContent,
  type PendingCacheWrite,
  reportedContentType,
  scrapeOptions,
  scrapePage,
  writeCachedCaptures,
} from '@webcapture/scraping';
import {
  type Admission,
  AdmissionRejected,
  admit,
  type BatchClaim,
  BILLING_FACTORS,
  type BillingRecord,
  BULK_PACK_ITEM_MAX_BYTES,
  type BulkBatchMessage,
  type BulkItemError,
  type BulkItemOutcome,
  billableBytes,
  bulkItemDeliveries,
  bulkPackKey,
  bulkResultKey,
  type ClaimedItem,
  type CommitResult,
  chargeOnFailure,
  claimBulkBatch,
  commitBulkBatch,
  completionOutboxId,
  DEFAULT_ESTIMATE_BYTES,
  deadLetterError,
  dispatchBatchOutbox,
  dispatchCompletion,
  effectiveFactor,
  finishBulkJobIfDone,
  newId,
  type OutboxDelivery,
  putBulkResult,
  releaseBulkClaim,
  rollback,
  sendBulkBatches,
  sweepBatchOutbox,
} from '@webcapture/service';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { type FetchRequest, fetchOptions } from './schemas/fetch';
import type { ScrapeRequest } from './schemas/scrape';

/** How long a batch waits in the worker for a free bulk slot before going back to the queue. */
const SLOT_WAIT_MS = 5_000;
/** A claim outlives the batch's own timeouts by this much before another worker may take it over. */
const CLAIM_MARGIN_MS = 30_000;

export interface BulkRunHooks {
  /** The clock claims and leases are judged by (tests move it past a lease). */
  now?: () => number;
  /** Called after each item has run, before the batch is committed: a crash there loses nothing. */
  afterItem?: (index: number) => void | Promise<void>;
  /** Called after the commit, before its webhooks are queued: a crash there bills nothing twice and loses no webhook. */
  afterCommit?: () => void | Promise<void>;
}

/** done: acknowledge; retry: some items are held by another live worker; requeue: no slot now. */
export type BulkBatchResult = 'done' | 'retry' | 'requeue';

/** Admission's endpoint and the usage rows' base name: /v1/{scrape,fetch}/bulk, or /v1/bulk (screenshots). */
export function endpointOf(message: BulkBatchMessage): string {
  return message.kind === 'screenshot' ? '/v1/bulk' : `/v1/${message.kind}/bulk`;
}

export function requestOf(message: BulkBatchMessage, item: ClaimedItem): Record<string, unknown> {
  // An item's own custom replaces the job's, as in its events.
  return { ...message.options, custom: message.custom, ...item.overrides, url: item.url };
}

/**
 * One slot among bulk's share of the account's concurrency, waiting briefly when all are taken
 * (and no longer once `waiting.stop` is set).
 */
async function admitBatch(
  message: BulkBatchMessage,
  waiting: { stop: boolean },
): Promise<Admission | 'busy'> {
  const deadline = Date.now() + SLOT_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await admit({
        accountId: message.accountId,
        endpoint: endpointOf(message),
        estimateBytes: DEFAULT_ESTIMATE_BYTES * message.items.length,
        bulk: true,
      });
    } catch (error) {
      if (!(error instanceof AdmissionRejected) || error.code !== 'concurrency_limit') throw error;
      if (Date.now() > deadline || waiting.stop) return 'busy';
      // Backing off keeps waiting batches from hammering the account's meter item.
      await sleep(Math.min(2000, 200 * 2 ** attempt) * (0.5 + Math.random() / 2));
    }
  }
}

function asItemError(error: unknown): BulkItemError {
  const apiError = isApiError(error)
    ? error
    : new ApiError('internal_error', 'The capture failed inside the service.');
  return {
    code: apiError.code,
    message: apiError.message,
    ...(apiError.details ? { details: apiError.details } : {}),
  };
}

export function charge(record: BillingRecord): BulkItemOutcome['charge'] {
  const rawBytes = Math.max(0, Math.round(record.wireBytes));
  return {
    endpoint: record.endpoint as string,
    rawBytes,
    billableBytes: billableBytes(rawBytes, effectiveFactor(record)),
  };
}

export function failed(index: number, error: unknown, extra: Partial<BulkItemOutcome> = {}): BulkItemOutcome {
  return {
    index,
    status: 'failed',
    upstreamStatus: null,
    contentType: null,
    contentLength: null,
    resultKey: null,
    error: asItemError(error),
    ...extra,
  };
}

/** Where an item's result is stored: an object of its own, or a part of its batch's pack. */
export type StoredResult = Pick<BulkItemOutcome, 'resultKey' | 'resultPart'>;

/** Stores an item's result; the batch waits for every store before it commits. */
export interface Store {
  /** Adds the result to the batch's pack (one PutObject after the batch's last item) and says where. */
  result(index: number, body: Uint8Array | string, contentType: string): StoredResult;
  /** The cache write of the item's capture: the batch makes its items' writes together, with the results. */
  cacheWrite(index: number): (write: PendingCacheWrite) => void;
}

async function runScrapeItem(
  message: BulkBatchMessage,
  item: ClaimedItem,
  store: Store,
): Promise<BulkItemOutcome> {
  const request = requestOf(message, item) as ScrapeRequest;
  try {
    const { envelope, cache } = await scrapePage({
      ...scrapeOptions(request, newId('sc')),
      deferCacheWrite: store.cacheWrite(item.index),
    });
    const markdown = request.formats.includes('markdown');
    const stored = store.result(item.index, JSON.stringify(envelope), 'application/json');
    return {
      index: item.index,
      status: 'completed',
      upstreamStatus: envelope.statusCode,
      contentType: envelope.contentType,
      contentLength: envelope.contentLength,
      ...stored,
      error: null,
      charge: charge({
        endpoint: `${endpointOf(message)}${markdown ? ' (markdown)' : ''}`,
        wireBytes: envelope.contentLength,
        factor: BILLING_FACTORS[markdown ? 'scrape.markdown' : 'scrape'],
        cacheHit: cache === 'hit',
      }),
    };
  } catch (error) {
    return failed(item.index, error);
  }
}

async function runFetchItem(
  message: BulkBatchMessage,
  item: ClaimedItem,
  store: Store,
): Promise<BulkItemOutcome> {
  const request = requestOf(message, item) as FetchRequest;
  const options = { ...fetchOptions(request), deferCacheWrite: store.cacheWrite(item.index) };
  let record: BillingRecord | undefined;
  let upstreamStatus: number | null = null;
  try {
    const obtained = await captureForFetch(options);
    const markdown = request.format === 'markdown';
    upstreamStatus = obtained.capture.status;
    record = {
      endpoint: `${endpointOf(message)}${markdown ? ' (markdown)' : ''}`,
      wireBytes: obtained.capture.wireBytes,
      factor: BILLING_FACTORS[markdown ? 'fetch.markdown' : 'fetch'],
      cacheHit: obtained.cache === 'hit',
      upstreamStatus,
    };
    const content = fetchContent(obtained, options);
    const stored = store.result(item.index, content.body, content.contentType);
    return {
      index: item.index,
      status: 'completed',
      upstreamStatus,
      contentType: reportedContentType(obtained.capture),
      contentLength: obtained.capture.wireBytes,
      ...stored,
      error: null,
      charge: charge(record),
    };
  } catch (error) {
    // The spec's charged exception: a cached non-2xx answer stays billed at the cache-hit rate.
    const kept = record && chargeOnFailure(record, 0).bandwidth ? charge(record) : undefined;
    return failed(item.index, error, { upstreamStatus, ...(kept ? { charge: kept } : {}) });
  }
}

/** Runs one claimed item of a batch; a kind's worker passes its own (screenshots need Chromium). */
export type BulkItemRunner = (
  message: BulkBatchMessage,
  item: ClaimedItem,
  store: Store,
) => Promise<BulkItemOutcome>;

const runFastPathItem: BulkItemRunner = (message, item, store) =>
  message.kind === 'scrape' ? runScrapeItem(message, item, store) : runFetchItem(message, item, store);

/**
 * One SQS message: a batch of a job's items. Admission (one slot) and claim (one transaction) side
 * by side, the items one after another, then one commit transaction that records them and bills
 * them together.
 */
export async function runBulkBatch(
  message: BulkBatchMessage,
  hooks: BulkRunHooks = {},
  runItem: BulkItemRunner = runFastPathItem,
): Promise<BulkBatchResult> {
  const now = hooks.now ?? Date.now;
  const token = randomUUID();
  const budgetMs = message.items.reduce(
    (sum, item) => sum + Number(requestOf(message, item).timeout_ms ?? 60_000),
    0,
  );
  // Admission and claim side by side (one round trip instead of two in a row); whichever of them
  // fails undoes the other, and no item starts before both have succeeded.
  const waiting = { stop: false };
  const [admitted, claimed] = await Promise.all([
    admitBatch(message, waiting).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    claimBulkBatch(message, token, now() + budgetMs + CLAIM_MARGIN_MS, now()).then(
      (value) => {
        // Nothing to run: no reason to keep waiting for a slot.
        if (value !== 'claimed' && value !== 'taken_over') waiting.stop = true;
        return { value };
      },
      (error: unknown) => {
        waiting.stop = true;
        return { error };
      },
    ),
  ]);
  const admission = 'value' in admitted && admitted.value !== 'busy' ? admitted.value : undefined;
  if ('error' in claimed) {
    if (admission) await rollback(admission);
    throw claimed.error;
  }
  const claim = claimed.value;
  if (claim !== 'claimed' && claim !== 'taken_over') {
    if (admission) await rollback(admission);
    return notClaimed(message, claim);
  }
  // Quota used up, billing state: the items fail at no charge, like single requests would.
  const refusal = 'error' in admitted && isApiError(admitted.error) ? admitted.error : undefined;
  if (!admission && !refusal) {
    // No slot after waiting, or admission itself failed: give the claim back untouched.
    await releaseBulkClaim(message, token, claim === 'taken_over');
    if ('error' in admitted) throw admitted.error;
    return 'requeue';
  }
  let outcomes: BulkItemOutcome[] = [];
  // Items capture one after another (one slot). Their results go into one pack, written once after
  // the last item under a key of this claim's own (bulkPackKey); an oversized one is stored alone
  // while the next item captures.
  const stores: { index: number; done: Promise<unknown> }[] = [];
  const settled = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error ?? new Error('storing the result failed'),
    );
  const cacheWrites: { index: number; write: PendingCacheWrite }[] = [];
  const packKey = bulkPackKey(message.accountId, message.jobId, message.batch, token);
  const pack: { index: number; bytes: Buffer }[] = [];
  let packBytes = 0;
  const store: Store = {
    result: (index, body, contentType) => {
      const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
      if (bytes.length > BULK_PACK_ITEM_MAX_BYTES) {
        const key = bulkResultKey(message.accountId, message.jobId, index);
        stores.push({ index, done: settled(putBulkResult(key, bytes, contentType)) });
        return { resultKey: key };
      }
      pack.push({ index, bytes });
      const resultPart = { offset: packBytes, length: bytes.length, type: contentType };
      packBytes += bytes.length;
      return { resultKey: packKey, resultPart };
    },
    cacheWrite: (index) => (write) => cacheWrites.push({ index, write }),
  };
  for (const item of message.items) {
    outcomes.push(refusal ? failed(item.index, refusal) : await runItem(message, item, store));
    await hooks.afterItem?.(item.index);
  }
  if (pack.length) {
    const written = settled(
      putBulkResult(packKey, Buffer.concat(pack.map(({ bytes }) => bytes)), 'application/octet-stream'),
    );
    for (const { index } of pack) stores.push({ index, done: written });
  }
  if (cacheWrites.length) {
    // One BatchWriteItem for the batch's captures instead of a PutItem per item.
    const written = settled(writeCachedCaptures(cacheWrites.map(({ write }) => write)));
    for (const { index } of cacheWrites) stores.push({ index, done: written });
  }
  const storeErrors = new Map<number, unknown>();
  for (const { index, done } of stores) {
    const error = await done;
    if (error) storeErrors.set(index, error);
  }
  // An item whose result (or capture) could not be stored fails, and costs nothing, as a single
  // request whose cache write fails does.
  outcomes = outcomes.map((outcome) =>
    storeErrors.has(outcome.index) ? failed(outcome.index, storeErrors.get(outcome.index)) : outcome,
  );
  let deliveries = bulkItemDeliveries(message, outcomes);
  let result = await commitBulkBatch(message, token, outcomes, admission, deliveries);
  if (result === 'quota_exceeded') {
    // The batch's charge does not fit in what is left of the month: its billed items fail, free.
    if (admission) await rollback(admission);
    const quota = new ApiError(
      'quota_exceeded',
      'The monthly quota ran out before this item could be billed; nothing was charged.',
    );
    outcomes = outcomes.map((outcome) => (outcome.charge ? failed(outcome.index, quota) : outcome));
    deliveries = bulkItemDeliveries(message, outcomes);
    result = await commitBulkBatch(message, token, outcomes, undefined, deliveries);
  }
  if (result === 'lost_claim' && admission) await rollback(admission);
  return afterCommit(message, result, deliveries, hooks);
}

/**
 * A batch this delivery could not claim: already committed (send what its worker left unsent,
 * bulk-outbox.ts, and end the job if it was the last), its job stopped, or held by another
 * worker's live claim (come back later, in case that worker dies).
 */
async function notClaimed(message: BulkBatchMessage, claim: BatchClaim): Promise<BulkBatchResult> {
  if (claim === 'held') return 'retry';
  await sweepBatchOutbox(message);
  await finishJob(message);
  return 'done';
}

/** Queues the webhooks a commit recorded, then ends the job if the batch was its last. */
async function afterCommit(
  message: BulkBatchMessage,
  result: CommitResult,
  deliveries: readonly OutboxDelivery[],
  hooks: BulkRunHooks,
): Promise<BulkBatchResult> {
  // Another worker took the batch over after our lease ran out; its outcome stands.
  if (result === 'lost_claim') return 'done';
  await hooks.afterCommit?.();
  await dispatchBatchOutbox(
    message,
    deliveries.map((delivery) => delivery.id),
  );
  // A commit that found other items still pending knows the job cannot have ended: no check.
  if (result === 'committed_last') await finishJob(message);
  return 'done';
}

/**
 * A batch whose message was dead-lettered: every worker that took it died before committing. Its
 * items fail at no charge (no admission, nothing captured), with their bulk.item.failed webhooks,
 * so the job still ends. 'retry' while another worker's lease on it lasts.
 */
export async function failDeadBatch(
  message: BulkBatchMessage,
  hooks: BulkRunHooks = {},
): Promise<BulkBatchResult> {
  const now = hooks.now ?? Date.now;
  const token = randomUUID();
  const claim = await claimBulkBatch(message, token, now() + CLAIM_MARGIN_MS, now());
  if (claim !== 'claimed' && claim !== 'taken_over') return notClaimed(message, claim);
  const died = deadLetterError();
  const outcomes = message.items.map((item) => failed(item.index, died));
  const deliveries = bulkItemDeliveries(message, outcomes);
  const result = await commitBulkBatch(message, token, outcomes, undefined, deliveries);
  return afterCommit(message, result, deliveries, hooks);
}

/**
 * Ends the job when this batch was its last; exactly one caller wins. Its bulk.completed is marked
 * by that same write and queued here, or by the next message that finds the mark (bulk-outbox.ts).
 */
async function finishJob(message: BulkBatchMessage): Promise<void> {
  const finish = await finishBulkJobIfDone(
    message.accountId,
    message.jobId,
    completionOutboxId(message.webhook),
  );
  if (finish?.unsent) await dispatchCompletion(message.accountId, message.kind, finish.job, finish.unsent);
}

/** Seconds a batch that found no free bulk slot waits in the queue before it is tried again. */
const REQUEUE_DELAY_SECONDS = 2;

/**
 * A bulk worker's SQS handler. Each message is a batch of a job's items, run side by side with the
 * other messages of the event (each on its own slot). A batch that found no slot goes back to the
 * queue as a new message, so waiting never counts toward the dead-letter queue's receive limit.
 */
export function bulkBatchHandler(runItem?: BulkItemRunner) {
  return batchHandler((message) => runBulkBatch(message, {}, runItem));
}

/** The dead-letter worker of both bulk queues (failDeadBatch). */
export const deadBatchHandler = () => batchHandler((message) => failDeadBatch(message));

function batchHandler(run: (message: BulkBatchMessage) => Promise<BulkBatchResult>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        try {
          const message = JSON.parse(record.body) as BulkBatchMessage;
          const result = await run(message);
          if (result === 'requeue') await sendBulkBatches([message], REQUEUE_DELAY_SECONDS);
          if (result === 'retry') failures.push({ itemIdentifier: record.messageId });
        } catch (error) {
          console.error(
            JSON.stringify({ level: 'error', messageId: record.messageId, error: String(error) }),
          );
          failures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures: failures };
  };
}
