import { parse as parseSelector } from 'css-what';
import { z } from 'zod';
import { MAX_CUSTOM_DEPTH, nestingIssue, nestsDeeperThan } from './json-depth';

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
    // Measured before JSON.stringify below, which recurses once per level.
    if (nestsDeeperThan(value, MAX_CUSTOM_DEPTH)) {
      ctx.addIssue(nestingIssue(MAX_CUSTOM_DEPTH));
      return;
    }
    const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
    if (bytes > CUSTOM_MAX_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: `must be at most ${CUSTOM_MAX_BYTES} UTF-8 bytes as JSON; it is ${bytes}`,
        params: { limit_bytes: CUSTOM_MAX_BYTES, actual_bytes: bytes },
      });
    }
  });

/** The spec caps cache_ttl at 168 h / 7 d; longer values are shortened to this, not refused. */
const MAX_CACHE_TTL_SECONDS = 7 * 24 * 3600;

const TTL_TEXT = /^(\d+)([hd])$/;

const TTL_TEXT_MESSAGE = 'must be "0", "<N>h" or "<N>d", e.g. "48h" or "7d" (above 168h / 7d counts as 7d)';

/**
 * `48h`, `7d`, or 0 / "0" / "0h" / "0d" (skip). Parsed to seconds; 0 means "skip the cache read".
 * The spec says "capped at", so a longer TTL is clamped to 7 days. The only integer is 0: a bare
 * number has no unit, and guessing hours or seconds would be silently wrong either way.
 */
export const cacheTtl = z
  .union([z.literal(0), z.literal('0'), z.string().regex(TTL_TEXT, TTL_TEXT_MESSAGE)], {
    error: (issue) =>
      typeof issue.input === 'number'
        ? 'an integer is accepted only as 0 (skip the cache); write other durations as "<N>h" or "<N>d", e.g. "48h"'
        : TTL_TEXT_MESSAGE,
  })
  .default('48h')
  .transform((value) => {
    const match = typeof value === 'string' ? TTL_TEXT.exec(value) : null;
    if (!match) return 0;
    const seconds = Number(match[1]) * (match[2] === 'd' ? 86_400 : 3600);
    return Math.min(seconds, MAX_CACHE_TTL_SECONDS);
  });

export const markdownQuery = z.string().max(200, 'must be at most 200 characters').default('');

export const markdownMode = z.enum(['article', 'raw', 'llm']).default('article');

/** A CSS selector, checked here so a typo is a 422 at once rather than a render that waits in vain. */
export const cssSelector = z
  .string()
  .min(1)
  .max(500)
  .refine(
    (value) => {
      try {
        parseSelector(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be a valid CSS selector, e.g. "#content" or "main article"' },
  );
