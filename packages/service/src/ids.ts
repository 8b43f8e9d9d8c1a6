import { monotonicFactory } from 'ulid';

export type IdPrefix = 'sc' | 'ak' | 'bk' | 'ss' | 'wd' | 'acct' | 'req' | 'sx';

const next = monotonicFactory();

/** Prefix + ULID: sortable by creation time, 80 random bits. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${next().toLowerCase()}`;
}

/** ISO 8601 UTC with milliseconds and Z, the only timestamp format the API emits. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
