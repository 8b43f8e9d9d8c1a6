import { z } from 'zod';
import { MONITOR_EVENTS, MONITOR_STATUSES, monitorCondition } from './monitors';
import { renderingOptions } from './scrape';

/*
 * What the monitor routes answer, as strict zod schemas: the OpenAPI description's bodies, and
 * test/monitors.test.ts parses real answers with them (like responses.ts for the other routes).
 */

const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');
const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item),
    next_cursor: z.string().nullable().describe('null on the last page'),
  });

export const monitorResponse = z.strictObject({
  id: z.string().regex(/^mo_/).describe('mo_…'),
  status: z
    .enum(MONITOR_STATUSES)
    .describe('active: checked on its schedule; paused: not (check-now still works)'),
  paused: z.boolean(),
  url: z.string(),
  interval_minutes: z.number().int().nullable(),
  cron: z.string().nullable(),
  timezone: z.string(),
  target: z.enum(['markdown', 'schema', 'selector']),
  schema: z.record(z.string(), z.unknown()).nullable(),
  selector: z.strictObject({ include: z.array(z.string()), exclude: z.array(z.string()) }).nullable(),
  ignore: z.array(z.string()),
  country: z.string(),
  timeout_ms: z.number().int(),
  rendering: renderingOptions
    .nullable()
    .describe('The rendering options checks run with; null: the HTTP fast path'),
  notify_on: z.array(z.union([z.enum(['changed', 'removed', 'error']), monitorCondition])),
  webhook_url: z.string().nullable(),
  events: z.array(z.enum(MONITOR_EVENTS)),
  custom: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
  next_check_at: timestamp.nullable().describe('When the next scheduled check is due; null while paused'),
  last_check_at: timestamp.nullable(),
  last_status: z.enum(['new', 'same', 'changed', 'removed', 'error']).nullable(),
  consecutive_errors: z
    .number()
    .int()
    .describe('Error checks in a row; monitor.error is sent when it reaches MONITOR_ERROR_AFTER (3)'),
});

export const monitorPageResponse = page(monitorResponse);

const textDiff = z.strictObject({
  format: z.literal('text'),
  unified: z.string().describe('Unified diff of the compared (normalised) text'),
  added: z.array(z.string()).describe('Lines only the current page has'),
  removed: z.array(z.string()).describe('Lines only the baseline had'),
});
const jsonDiff = z.strictObject({
  format: z.literal('json'),
  patch: z
    .array(z.record(z.string(), z.unknown()))
    .describe('RFC 6902 JSON Patch from the baseline data to the current'),
});

export const monitorCheckResponse = z.strictObject({
  id: z.string().regex(/^mc_/).describe('mc_…'),
  monitor_id: z.string(),
  checked_at: timestamp,
  status: z
    .enum(['new', 'same', 'changed', 'removed', 'error'])
    .describe(
      'new: the first good check (the baseline); same: no real change; changed: a real change (diff), confirmed by a second fetch (only what both fetches show is reported); removed: 404/410 on two fetches; error: the page could not be read (error), baseline kept',
    ),
  trigger: z.enum(['schedule', 'manual']),
  status_code: z.number().int().nullable().describe("The page's HTTP status; null when nothing answered"),
  diff: z.union([textDiff, jsonDiff]).nullable().describe('On changed checks'),
  conditions_met: z
    .array(monitorCondition)
    .describe('Schema conditions of notify_on that became true at this check'),
  error: z
    .strictObject({
      code: z.literal('check_failed'),
      reason: z
        .string()
        .describe(
          'http_status, timeout, blocked, empty_page, extraction_failed, invalid_selector, change_unconfirmed (the page changed and the fetch made to confirm it failed), worker_failed, quota_exceeded, billing_entitlement_impaired, billing_entitlement_expired, spending_cap_reached, or a network reason',
        ),
      message: z.string(),
      status_code: z.number().int().optional(),
    })
    .nullable(),
  content_url: z
    .string()
    .nullable()
    .describe(
      'Signed URL (absolute, under PUBLIC_BASE_URL) of the snapshot compared (markdown, or JSON data), valid 600 s',
    ),
});

export const monitorCheckPageResponse = page(monitorCheckResponse);
