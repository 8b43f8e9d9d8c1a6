import { z } from 'zod';

/** Fields scrape and fetch share, with the spec's bounds. */

export const country = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in capitals, e.g. "US"')
  .default('US');

export const CUSTOM_MAX_BYTES = 4096;

export const custom = z
  .record(z.string(), z.unknown())
  .default({})
  .superRefine((value, ctx) => {
    const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
    if (bytes > CUSTOM_MAX_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: `must be at most ${CUSTOM_MAX_BYTES} UTF-8 bytes as JSON; it is ${bytes}`,
        params: { limit_bytes: CUSTOM_MAX_BYTES, actual_bytes: bytes },
      });
    }
  });

const MAX_TTL_HOURS = 168;

/**
 * `48h`, `7d`, or 0 / "0" (skip). Parsed to seconds; 0 means "skip the cache read".
 * Values above 168 h / 7 d are refused rather than silently shortened.
 */
export const cacheTtl = z
  .union([z.string(), z.number()])
  .default('48h')
  .transform((value, ctx) => {
    if (value === 0 || value === '0') return 0;
    const match = typeof value === 'string' ? /^([1-9]\d{0,3})([hd])$/.exec(value) : null;
    const hours = match ? Number(match[1]) * (match[2] === 'd' ? 24 : 1) : Number.NaN;
    if (!(hours <= MAX_TTL_HOURS)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be 0, "0", "<N>h" (at most 168h) or "<N>d" (at most 7d)',
      });
      return z.NEVER;
    }
    return hours * 3600;
  });

export const markdownQuery = z.string().max(200, 'must be at most 200 characters').default('');

export const markdownMode = z.enum(['article', 'raw', 'llm']).default('article');
