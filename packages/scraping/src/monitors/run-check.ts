import { compileIgnorePatterns, EMPTY_VOLATILE } from '@webcapture/changes';
import { ApiError } from '@webcapture/errors';
import {
  type BillingRecord,
  baselineKey,
  billingRecord,
  type CheckClaim,
  type CheckOutcome,
  type CheckRecord,
  checkRecord,
  checkSnapshotKey,
  commitMonitorCheck,
  MAX_CHECK_ATTEMPTS,
  monitorAccountId,
  newCheckId,
  putMonitorObject,
  readBaseline,
  sendWebhookMessages,
} from '@webcapture/service';
import { type CaptureSource, obtainCapture } from '../obtain-capture';
import type { RenderingFields } from '../scrape-request';
import { indexCapturedText } from '../search/capture-documents';
import { type Baseline, type Comparison, compareWithBaseline, firstBaseline } from './compare-check';
import { monitorCheckDelivery } from './monitor-events';
import { type PageRead, readMonitoredPage } from './monitored-page';

/** A recorded check and what it bills (null: nothing, an error check is free). */
export interface RecordedCheck {
  check: CheckRecord;
  billing: BillingRecord | null;
}

/** Turns a monitor's `rendering` into the browser as a page source (scraping/rendered's renderedSource). */
export type Renderer = (rendering: RenderingFields) => CaptureSource;

export interface CheckRunOptions {
  /** The account's quota or billing state refused the check: it is recorded as this error, unrun. */
  refused?: { code: string; message: string };
  /** The browser, for monitors with `rendering`: only functions that bundle Chromium pass it. */
  renderer?: Renderer;
}

/**
 * Runs a claimed check and records it: fetch (past the cache), compare with the baseline, store
 * the snapshot, commit (conditioned on the claim), then queue its webhook. Undefined when the
 * claim was lost before the commit (the monitor deleted, or the check taken over): then nothing
 * is recorded and nothing is billed.
 */
export async function runMonitorCheck(
  claim: CheckClaim,
  { refused, renderer }: CheckRunOptions = {},
): Promise<RecordedCheck | undefined> {
  const { monitor } = claim;
  const accountId = monitorAccountId(monitor);
  const checkId = newCheckId();
  const { outcome, wireBytes, snapshot } = refused
    ? { outcome: notRun(refused.code, refused.message), wireBytes: 0 }
    : claim.attempts > MAX_CHECK_ATTEMPTS
      ? {
          outcome: notRun(
            'worker_failed',
            `The check was started ${claim.attempts - 1} times and never finished; it is given up until the next due time.`,
          ),
          wireBytes: 0,
        }
      : await checkOutcome(claim, accountId, checkId, pageSource(monitor, renderer));
  const check = checkRecord(claim, checkId, outcome);
  const delivery = monitorCheckDelivery(accountId, monitor, check);
  const committed = await commitMonitorCheck(claim, check, outcome, delivery ? [delivery] : []);
  if (!committed) return undefined;
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
  const billing =
    check.status === 'error'
      ? null
      : billingRecord({
          kind: 'scrape',
          endpoint: '/v1/monitors',
          wireBytes,
          upstreamStatus: check.status_code ?? 200,
        });
  return { check, billing };
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
  if (stored) comparison = compareWithBaseline(monitor, stored, page);
  else {
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
