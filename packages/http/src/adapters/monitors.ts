import {
  type CheckRecord,
  checkView,
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
import { emptyResponse, jsonResponse } from '../envelope';
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

/**
 * 400s before validation: the URLs (invalid_url), and rendering options sent at the top level as
 * on scrape: a monitor takes them in one `rendering` object, which PATCH replaces or clears.
 */
export async function monitorPrecheck(input: unknown): Promise<void> {
  await checkUrlFields(input);
  refuseFields(
    input,
    RENDERING_FIELDS,
    'send rendering options inside the `rendering` object, e.g. {"rendering": {"wait_until": "networkidle"}}',
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

export function checkViewWithUrl(accountId: string) {
  return (check: CheckRecord) => checkView(check, (key) => signedContentUrl(accountId, key));
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
    data: page.data.map(checkViewWithUrl(principal.accountId)),
    next_cursor: page.next_cursor,
  });
}
