import { z } from 'zod';
import { country, cssSelector, custom } from './capture-fields';
import { compiledJsonSchema } from './schema-extract';
import { renderingOptions } from './scrape';

export const MONITOR_EVENTS = ['monitor.changed', 'monitor.removed', 'monitor.error'] as const;
export const MONITOR_STATUSES = ['active', 'paused'] as const;

/** A condition on one field of a schema target's data; fires when it becomes true. */
export const monitorCondition = z
  .strictObject({
    path: z
      .string()
      .regex(/^(\/[^/]*)*$/, 'must be a JSON Pointer such as "/price"')
      .describe('JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price".'),
    below: z
      .number()
      .optional()
      .describe('Fires when the field (a number, or a string such as "$39.99") drops below this.'),
    above: z.number().optional().describe('Fires when the field rises above this.'),
    equals: z.unknown().optional().describe('Fires when the field becomes equal to this value.'),
    changes: z.literal(true).optional().describe('Fires whenever the field changes value.'),
  })
  .refine((c) => c.below !== undefined || c.above !== undefined || c.equals !== undefined || c.changes, {
    message: 'a condition needs one of below, above, equals or changes',
  });

const NOTIFY_KINDS = ['changed', 'removed', 'error'] as const;

/**
 * Every field a monitor takes. POST applies the defaults (adapters/monitors.ts); PATCH takes any
 * subset and merges it over the monitor's settings, so no field has a zod default here.
 */
const monitorFields = {
  url: z.string().describe('The page to watch, http or https; otherwise 400 invalid_url.'),
  interval_minutes: z
    .number()
    .int()
    .min(1)
    .max(525_600)
    .optional()
    .describe(
      'Minutes between checks; at least 5 (MONITOR_MIN_INTERVAL_MINUTES on the deployment). Default 60 when neither this nor cron is given; exclusive with cron.',
    ),
  cron: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'A cron expression (5 fields, or 6 with seconds) in `timezone`; its firings at least the minimum interval apart.',
    ),
  timezone: z.string().max(64).optional().describe('IANA time zone of `cron` (default UTC).'),
  target: z
    .enum(['markdown', 'schema', 'selector'])
    .optional()
    .describe(
      'What is compared: the main content as markdown (default), data extracted with `schema`, or the elements `selector` picks.',
    ),
  schema: compiledJsonSchema
    .optional()
    .describe(
      'target schema: a JSON Schema (draft 2020-12) as on POST /v1/schema; the data is compared as values.',
    ),
  selector: z
    .strictObject({
      include: z
        .array(cssSelector)
        .max(20)
        .default([])
        .describe('Elements compared (default: the whole body).'),
      exclude: z.array(cssSelector).max(20).default([]).describe('Elements removed before comparing.'),
    })
    .optional()
    .describe('target selector: CSS selectors of what to compare and what to leave out.'),
  ignore: z
    .array(z.string().max(500))
    .max(50)
    .optional()
    .describe('Regular expressions (RE2 syntax, case-insensitive) of text removed before comparing.'),
  country: country.optional(),
  timeout_ms: z.number().int().min(1000).max(60_000).optional().describe('Per fetch; default 30000.'),
  rendering: renderingOptions
    .nullable()
    .optional()
    .describe(
      "Render each check's page in a browser with these options, the fields of POST /v1/scrape (an empty object renders with the defaults: wait_until load). PATCH replaces the whole object; null goes back to the HTTP fast path.",
    ),
  notify_on: z
    .array(z.union([z.enum(NOTIFY_KINDS), monitorCondition]))
    .max(20)
    .optional()
    .describe(
      'What sends an event: `changed`, `removed`, `error` (default all three), and for schema targets conditions on fields ({path, below|above|equals|changes}), which send monitor.changed when they become true.',
    ),
  webhook_url: z
    .string()
    .optional()
    .describe('HTTPS endpoint for the monitor.* events (http:// is 400 invalid_url).'),
  events: z
    .array(z.enum(MONITOR_EVENTS))
    .optional()
    .describe('Events delivered to webhook_url (default all three).'),
  custom: custom.optional(),
  paused: z
    .boolean()
    .optional()
    .describe('A paused monitor runs no scheduled check (check-now still works).'),
};

export const monitorCreateBody = z.strictObject(monitorFields);
export const monitorUpdateBody = z.strictObject({
  ...monitorFields,
  url: monitorFields.url.optional(),
  // null clears a schedule field when switching between interval and cron.
  interval_minutes: monitorFields.interval_minutes.nullable(),
  cron: monitorFields.cron.nullable(),
});

export type MonitorCreateRequest = z.output<typeof monitorCreateBody>;
export type MonitorUpdateRequest = z.output<typeof monitorUpdateBody>;

export const monitorListQuery = z.object({
  status: z.enum(MONITOR_STATUSES).optional().describe('Only monitors of this status.'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().optional(),
});

export const monitorChecksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});
