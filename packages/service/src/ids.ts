import { monotonicFactory } from 'ulid';

export type IdPrefix =
  | 'sc'
  | 'ak'
  | 'bk'
  | 'ss'
  | 'wd'
  | 'acct'
  | 'req'
  | 'sx'
  | 'bu'
  | 'sm'
  | 'rc'
  | 'cr'
  | 'mo'
  | 'mc';

const next = monotonicFactory();

/** Prefix + ULID: sortable by creation time, 80 random bits. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${next().toLowerCase()}`;
}

/** What newId makes: the prefix, `_`, a ULID in lower case (Crockford base32, 26 characters). */
export function idPattern(prefix: IdPrefix): string {
  return `^${prefix}_[0-9a-hjkmnp-tv-z]{26}$`;
}

/**
 * True when `id` has the shape newId gives `prefix`. Path ids are checked with it before any
 * storage call, so an id no key could hold (too long for DynamoDB, say) is a 404, not a 500.
 */
export function isIdOf(prefix: IdPrefix, id: string): boolean {
  return new RegExp(idPattern(prefix)).test(id);
}

/** ISO 8601 UTC with milliseconds and Z, the only timestamp format the API emits. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
