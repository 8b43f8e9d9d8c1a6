import { ApiError } from '@webcapture/errors';
import { runMonitorCheck } from '@webcapture/scraping';
import {
  billingRecord,
  type CheckRecord,
  checkView,
  claimManualCheck,
  createMonitor,
  deleteMonitor,
  listMonitorChecks,
  listMonitors,
  monitorView,
  requireMonitor,
  signedContentUrl,
  updateMonitor,
} from '@webcapture/service';
import type { z } from 'zod';
import type { RouteInput } from '../api';
import { emptyResponse, type HttpResponse, jsonResponse } from '../envelope';
import { stateOf } from '../request';
import type {
  MonitorUpdateRequest,
  monitorChecksQuery,
  monitorCreateBody,
  monitorListQuery,
  monitorUpdateBody,
} from '../schemas/monitors';
import { RENDERING_FIELDS } from '../schemas/schema-extract';
import { checkUrlFields, refuseFields } from '../schemas/url-fields';
import { monitorSettings } from './monitor-settings';

type Input<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown> = Pick<
  RouteInput<B, Q>,
  'body' | 'query' | 'params' | 'principal' | 'meter' | 'event'
>;

/** 400s before validation: the URLs (invalid_url), and rendering options, which checks do not take yet. */
export async function monitorPrecheck(input: unknown): Promise<void> {
  await checkUrlFields(input);
  refuseFields(
    input,
    RENDERING_FIELDS,
    'monitors fetch on the HTTP fast path (country and timeout_ms apply)',
  );
}

/** POST /v1/monitors: 201 with the monitor; an active one is due at once. */
export async function answerMonitorCreate({ body, principal }: Input<typeof monitorCreateBody>) {
  const { settings } = monitorSettings(body);
  return jsonResponse(201, await createMonitor(principal.accountId, settings, body.paused ?? false));
}

export async function answerMonitorList({ query, principal }: Input<z.ZodUnknown, typeof monitorListQuery>) {
  return jsonResponse(200, await listMonitors(principal.accountId, query));
}

export async function answerMonitorGet({ params, principal }: Input) {
  return jsonResponse(200, monitorView(await requireMonitor(principal.accountId, params.id as string)));
}

/** PATCH /v1/monitors/{id}: the fields given, merged over the monitor's settings and checked as a whole. */
export async function answerMonitorUpdate({
  body,
  params,
  principal,
  event,
}: Input<typeof monitorUpdateBody>) {
  const id = params.id as string;
  const current = await requireMonitor(principal.accountId, id);
  // Only the fields the caller sent: zod fills shared defaults (country, custom) in for absent ones.
  const sent = (stateOf(event).body ?? {}) as Record<string, unknown>;
  const changes = Object.fromEntries(Object.entries(body).filter(([name]) => Object.hasOwn(sent, name)));
  const { settings, scheduleChanged } = monitorSettings(changes as MonitorUpdateRequest, current);
  const paused = body.paused ?? current.status === 'paused';
  return jsonResponse(200, await updateMonitor(principal.accountId, id, settings, paused, scheduleChanged));
}

export async function answerMonitorDelete({ params, principal }: Input) {
  await deleteMonitor(principal.accountId, params.id as string);
  return emptyResponse(204);
}

function viewWithUrl(accountId: string) {
  return (check: CheckRecord) => checkView(check, (key) => signedContentUrl(accountId, key));
}

/**
 * POST /v1/monitors/{id}/check: runs a check now, paused or not, and answers with it. Billed
 * like a scheduled check (usage row /v1/monitors); an error check costs nothing.
 */
export async function answerMonitorCheck({ params, principal, meter }: Input): Promise<HttpResponse> {
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
  const recorded = await runMonitorCheck(claim);
  if (!recorded) throw new ApiError('not_found', `Monitor ${id} was deleted while it was checked.`);
  meter.bill(recorded.billing ?? billingRecord({ kind: 'scrape', endpoint: '/v1/monitors', wireBytes: 0 }));
  return jsonResponse(200, viewWithUrl(principal.accountId)(recorded.check));
}

/** GET /v1/monitors/{id}/checks: newest first; content_url signed for 600 s on every read. */
export async function answerMonitorChecks({
  params,
  principal,
  query,
}: Input<z.ZodUnknown, typeof monitorChecksQuery>) {
  const id = params.id as string;
  await requireMonitor(principal.accountId, id);
  const page = await listMonitorChecks(principal.accountId, id, query);
  return jsonResponse(200, {
    data: page.data.map(viewWithUrl(principal.accountId)),
    next_cursor: page.next_cursor,
  });
}
