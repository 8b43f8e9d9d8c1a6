import { compileIgnorePatterns, EMPTY_VOLATILE } from '@webcapture/changes';
import { ApiError } from '@webcapture/errors';
import {
  type Admission,
  type BillingRecord,
  baselineKey,
  billingRecord,
  type CheckBilling,
  type CheckClaim,
  type CheckOutcome,
  type CheckRecord,
  checkRecord,
  checkSnapshotKey,
  commitMonitorCheck,
  MAX_CHECK_ATTEMPTS,
  monitorAccountId,
  newCheckId,
  type OutboxDelivery,
  putMonitorObject,
  readBaseline,
  sendWebhookMessages,
} from '@webcapture/service';
import { type CaptureSource, obtainCapture } from '../obtain-capture';
import type { RenderingFields } from '../scrape-request';
import { indexCapturedText } from '../search/capture-documents';
import {
  type Baseline,
  type Comparison,
  compareWithBaseline,
  confirmWithBaseline,
  firstBaseline,
} from './compare-check';
import { monitorCheckDelivery } from './monitor-events';
import { type PageRead, readMonitoredPage } from './monitored-page';

/**
 * A recorded check and what it bills (null: nothing, an error check is free); `settled` when its
 * commit also settled the admission it ran under (else the caller rolls that admission back).
 */
export interface RecordedCheck {
  check: CheckRecord;
  billing: BillingRecord | null;
  settled: boolean;
}

export interface CheckRunOptions {
  /** Admission refused the check (quota, billing state): it is recorded as an error with this reason. */
  refused?: { code: string; message: string };
  /** The admission the check runs under: its charge is settled in the commit that records it. */
  admission?: Admission;
  /** The browser, for monitors with `rendering`: only functions that bundle Chromium pass it. */
  renderer?: Renderer;
}

/** Turns a monitor's `rendering` into the browser as a page source (scraping/rendered's renderedSource). */
export type Renderer = (rendering: RenderingFields) => CaptureSource;

/**
 * Runs a claimed check and records it: fetch (past the cache), compare with the baseline, store
 * the snapshot, commit (conditioned on the claim, billed in the same transaction), then queue its
 * webhook. A charge that no longer fits in the month's quota records the check as an `error`
 * (reason quota_exceeded) instead, free, the baseline kept. Undefined when the claim was lost
 * before the commit (the monitor deleted, or the check taken over): then nothing is recorded and
 * nothing is billed.
 */
export async function runMonitorCheck(
  claim: CheckClaim,
  { refused, admission, renderer }: CheckRunOptions = {},
): Promise<RecordedCheck | undefined> {
  const { monitor } = claim;
  const accountId = monitorAccountId(monitor);
  const checkId = newCheckId();
  const read = await readCheck(claim, accountId, checkId, refused, renderer);
  const billing =
    read.outcome.status === 'error'
      ? null
      : billingRecord({
          kind: 'scrape',
          endpoint: '/v1/monitors',
          wireBytes: read.wireBytes,
          upstreamStatus: read.outcome.status_code ?? 200,
        });
  const charge = admission && billing ? { admission, record: billing } : undefined;
  const committed = await commitCheck(claim, checkId, read.outcome, charge);
  if (!committed) return undefined;
  const { check, delivery } = committed;
  // A check refused at commit for its charge read the page, but records (and indexes) no snapshot.
  const snapshot = committed.charged ? read.snapshot : undefined;
  // A text snapshot is searchable (source "captures") for as long as its check; a schema's JSON is not a page's text.
  if (snapshot && monitor.target !== 'schema') {
    await indexCapturedText(accountId, {
      captureId: check.id,
      source: 'monitor',
      parentId: monitor.id,
      url: snapshot.url,
      title: snapshot.title,
      description: snapshot.description,
      capturedAt: check.checked_at,
      text: snapshot.markdown,
    });
  }
  // Recorded with the check; a crash before this send leaves it to the webhook sweep.
  if (delivery) await sendWebhookMessages(accountId, [delivery.id]);
  return {
    check,
    billing: committed.charged ? billing : null,
    settled: Boolean(charge && committed.charged),
  };
}

/** What the check found: its outcome, the bytes it read, the page when it read one. */
function readCheck(
  claim: CheckClaim,
  accountId: string,
  checkId: string,
  refused: CheckRunOptions['refused'],
  renderer: Renderer | undefined,
): Promise<{ outcome: CheckOutcome; wireBytes: number; snapshot?: Extract<PageRead, { kind: 'content' }> }> {
  if (refused) return Promise.resolve({ outcome: notRun(refused.code, refused.message), wireBytes: 0 });
  if (claim.attempts > MAX_CHECK_ATTEMPTS) {
    return Promise.resolve({
      outcome: notRun(
        'worker_failed',
        `The check was started ${claim.attempts - 1} times and never finished; it is given up until the next due time.`,
      ),
      wireBytes: 0,
    });
  }
  return checkOutcome(claim, accountId, checkId, pageSource(claim.monitor, renderer));
}

/**
 * Commits the check with its charge (commitMonitorCheck). A charge that no longer fits in the
 * month's quota is not made: the check is recorded instead as an `error` (reason quota_exceeded),
 * free, the baseline kept. Undefined when the claim was lost: nothing recorded.
 */
async function commitCheck(
  claim: CheckClaim,
  checkId: string,
  outcome: CheckOutcome,
  charge: CheckBilling | undefined,
): Promise<{ check: CheckRecord; delivery?: OutboxDelivery; charged: boolean } | undefined> {
  const accountId = monitorAccountId(claim.monitor);
  const attempt = async (recorded: CheckOutcome, billing?: CheckBilling) => {
    const check = checkRecord(claim, checkId, recorded);
    const delivery = monitorCheckDelivery(accountId, claim.monitor, check);
    const result = await commitMonitorCheck(claim, check, recorded, delivery ? [delivery] : [], billing);
    return { result, check, delivery };
  };
  const first = await attempt(outcome, charge);
  if (first.result === 'committed') return { ...first, charged: true };
  if (first.result === 'lost_claim') return undefined;
  const free = await attempt(
    notRun(
      'quota_exceeded',
      'The monthly quota ran out before this check could be billed; nothing was charged and the baseline is kept.',
    ),
  );
  return free.result === 'committed' ? { ...free, charged: false } : undefined;
}

/** An error check that fetched nothing: the account's quota or billing refused it, or its runs kept dying. */
function notRun(reason: string, message: string): CheckOutcome {
  return {
    status: 'error',
    diff: null,
    error: { code: 'check_failed', reason, message },
    conditions_met: [],
    status_code: null,
    content_key: null,
  };
}

/** The fast path, or the browser for a monitor with `rendering`. */
function pageSource(monitor: CheckClaim['monitor'], renderer: Renderer | undefined): CaptureSource {
  if (!monitor.rendering) return obtainCapture;
  // The monitor-checks worker hands rendered monitors to monitor-render; check-now renders itself.
  if (!renderer) {
    throw new ApiError('internal_error', 'This check needs a browser and reached a worker without one.', {
      details: { reason: 'wrong_queue' },
    });
  }
  return renderer(monitor.rendering as RenderingFields);
}

async function checkOutcome(
  claim: CheckClaim,
  accountId: string,
  checkId: string,
  source: CaptureSource,
): Promise<{ outcome: CheckOutcome; wireBytes: number; snapshot?: Extract<PageRead, { kind: 'content' }> }> {
  const { monitor } = claim;
  const ignore = compileIgnorePatterns(monitor.ignore);
  let page = await readMonitoredPage(monitor, ignore, source);
  let wireBytes = page.wireBytes;
  if (page.kind === 'gone') {
    // A 404 or 410 counts as removed only when a second fetch says so too.
    const again = await readMonitoredPage(monitor, ignore, source);
    wireBytes += again.wireBytes;
    if (again.kind === 'gone') return { outcome: removed(again.statusCode), wireBytes };
    page = again;
  }
  if (page.kind !== 'content') return { outcome: errorOutcome(page), wireBytes };
  const stored = monitor.baseline_key ? await readBaseline<Baseline>(monitor.baseline_key) : undefined;
  let comparison: Comparison;
  if (stored) {
    comparison = compareWithBaseline(monitor, stored, page);
    if (comparison.status === 'changed') {
      // Confirmed by a second fetch, as a 404 is: only what both fetches show is a change.
      const again = await readMonitoredPage(monitor, ignore, source);
      wireBytes += again.wireBytes;
      if (again.kind !== 'content') return { outcome: unconfirmed(again), wireBytes };
      comparison = confirmWithBaseline(monitor, stored, page, again);
    }
  } else {
    // Fetched again at once: what differs between the two is volatile by definition.
    const second: PageRead | null =
      monitor.target === 'schema' ? null : await readMonitoredPage(monitor, ignore, source);
    wireBytes += second?.wireBytes ?? 0;
    comparison = firstBaseline({ ...monitor, volatile: EMPTY_VOLATILE }, page, second);
  }
  const json = monitor.target === 'schema';
  const contentKey = checkSnapshotKey(accountId, monitor.id, checkId, json);
  await putMonitorObject(
    contentKey,
    page.markdown,
    json ? 'application/json' : 'text/markdown; charset=utf-8',
  );
  let newBaselineKey: string | undefined;
  if (comparison.baseline) {
    newBaselineKey = baselineKey(accountId, monitor.id, checkId);
    await putMonitorObject(newBaselineKey, JSON.stringify(comparison.baseline), 'application/json');
  }
  return {
    outcome: {
      status: comparison.status,
      diff: comparison.diff,
      error: null,
      conditions_met: comparison.conditionsMet,
      status_code: page.statusCode,
      content_key: contentKey,
      baselineKey: newBaselineKey,
      volatile: comparison.volatile,
    },
    wireBytes,
    snapshot: page,
  };
}

function removed(statusCode: number): CheckOutcome {
  return {
    status: 'removed',
    diff: null,
    error: null,
    conditions_met: [],
    status_code: statusCode,
    content_key: null,
  };
}

/**
 * The page changed at the first fetch and the confirming fetch read no content (an error, or a
 * 404 the next check confirms): the change is not reported, the baseline is kept, and the next
 * check compares again. Free, as every `error` is.
 */
function unconfirmed(again: Exclude<PageRead, { kind: 'content' }>): CheckOutcome {
  const cause = again.kind === 'gone' ? `HTTP ${again.statusCode}` : again.error.message;
  return errorOutcome({
    kind: 'error',
    error: {
      code: 'check_failed',
      reason: 'change_unconfirmed',
      message: `The page changed, and the fetch made to confirm it failed (${cause}); the next check compares again.`,
      ...(again.statusCode === null ? {} : { status_code: again.statusCode }),
    },
    statusCode: again.statusCode,
    wireBytes: again.wireBytes,
  });
}

function errorOutcome(page: Extract<PageRead, { kind: 'error' }>): CheckOutcome {
  return {
    status: 'error',
    diff: null,
    error: page.error,
    conditions_met: [],
    status_code: page.statusCode,
    content_key: null,
  };
}
