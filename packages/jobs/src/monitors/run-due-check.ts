import { isApiError } from '@webcapture/errors';
import { type Renderer, runMonitorCheck } from '@webcapture/scraping';
import {
  type Admission,
  AdmissionRejected,
  admit,
  claimScheduledCheck,
  getMonitorRecord,
  type MonitorCheckMessage,
  rollback,
  sendMonitorCheckMessages,
} from '@webcapture/service';

/**
 * Runs one due check from the monitor-checks queue. Admission first (a slot among the account's
 * queued work, the quota, the billing state), then the claim: a message whose due time another
 * worker already ran finds no claim and only gives its slot back. An account out of quota or in
 * billing trouble gets an `error` check saying so, and the monitor keeps its schedule; a busy
 * account's check stays due, and the next sweep queues it again. The check's charge is settled in
 * the transaction that records it (commitMonitorCheck); whatever did not settle there is rolled back.
 * Without a `renderer` (the monitor-checks worker has no browser), a monitor with `rendering` is
 * handed to monitor-render before anything is taken; its worker passes the browser.
 */
export async function runDueMonitorCheck(message: MonitorCheckMessage, renderer?: Renderer): Promise<void> {
  if (!renderer && (await getMonitorRecord(message.accountId, message.monitorId))?.rendering) {
    await sendMonitorCheckMessages([message], 'monitor-render');
    return;
  }
  let admission: Admission;
  try {
    admission = await admit({ accountId: message.accountId, endpoint: '/v1/monitors', bulk: true });
  } catch (error) {
    if (
      error instanceof AdmissionRejected &&
      (error.code === 'concurrency_limit' || error.code === 'rate_limited')
    ) {
      return;
    }
    if (!isApiError(error) || error.status !== 402) throw error;
    const claim = await claimScheduledCheck(message.accountId, message.monitorId, message.dueAt);
    if (claim) await runMonitorCheck(claim, { refused: { code: error.code, message: error.message } });
    return;
  }
  const claim = await claimScheduledCheck(message.accountId, message.monitorId, message.dueAt);
  if (!claim) {
    await rollback(admission);
    return;
  }
  try {
    const recorded = await runMonitorCheck(claim, { admission, renderer });
    if (!recorded?.settled) await rollback(admission);
  } catch (error) {
    await rollback(admission);
    throw error;
  }
}
