/**
 * Check now, an entry point of its own (`@webcapture/http/monitor-check`): a monitor with
 * `rendering` is rendered here, so this route bundles the browser and the other monitor routes do not.
 */
import { ApiError } from '@webcapture/errors';
import { runMonitorCheck } from '@webcapture/scraping';
import { renderedSource } from '@webcapture/scraping/rendered';
import { billingRecord, claimManualCheck, requireMonitor } from '@webcapture/service';
import type { z } from 'zod';
import type { RouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import { checkViewWithUrl } from './monitors';

/**
 * POST /v1/monitors/{id}/check: runs a check now, paused or not, and answers with it. Billed
 * like a scheduled check (usage row /v1/monitors), in the transaction that records it; an error
 * check costs nothing.
 */
export async function answerMonitorCheck({
  params,
  principal,
  meter,
}: Pick<RouteInput<z.ZodUnknown, z.ZodUnknown>, 'params' | 'principal' | 'meter'>): Promise<HttpResponse> {
  const id = params.id as string;
  await requireMonitor(principal.accountId, id);
  const claim = await claimManualCheck(principal.accountId, id);
  if (!claim) {
    throw new ApiError(
      'concurrency_limit',
      'A check of this monitor is running; ask again in a few seconds.',
      {
        details: { reason: 'check_in_progress' },
        headers: { 'retry-after': '5' },
      },
    );
  }
  const recorded = await runMonitorCheck(claim, { admission: meter.admission, renderer: renderedSource });
  if (!recorded) throw new ApiError('not_found', `Monitor ${id} was deleted while it was checked.`);
  // Settled by the commit that recorded the check: the request has nothing left to settle.
  if (recorded.settled) meter.handOver();
  else meter.bill(billingRecord({ kind: 'scrape', endpoint: '/v1/monitors', wireBytes: 0 }));
  return jsonResponse(200, checkViewWithUrl(principal.accountId)(recorded.check));
}
