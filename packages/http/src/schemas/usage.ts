import { z } from 'zod';

/** GET /v1/usage/by-endpoint: `from` and `to`, ISO dates, inclusive, UTC. */
export const USAGE_DEFAULT_DAYS = 30;
export const USAGE_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

const isoDate = z
  .string()
  .regex(DATE, 'must be a date written YYYY-MM-DD')
  .refine(isCalendarDate, 'is not a calendar date');

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const usageQuery = z
  .object({
    from: isoDate
      .optional()
      .describe(`First day (UTC), inclusive; default ${USAGE_DEFAULT_DAYS - 1} days before to.`),
    to: isoDate.optional().describe('Last day (UTC), inclusive; default today.'),
  })
  .transform((query, ctx) => {
    const to = query.to ?? dateOf(Date.now());
    const from = query.from ?? dateOf(dayMs(to) - (USAGE_DEFAULT_DAYS - 1) * DAY_MS);
    const days = (dayMs(to) - dayMs(from)) / DAY_MS + 1;
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: `must not be after to (${to})` });
      return z.NEVER;
    }
    if (days > USAGE_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `the range ${from}..${to} covers ${days} days; at most ${USAGE_MAX_DAYS} are allowed`,
      });
      return z.NEVER;
    }
    return { from, to };
  });

export type UsageQuery = z.output<typeof usageQuery>;
