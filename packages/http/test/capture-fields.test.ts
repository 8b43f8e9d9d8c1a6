import { describe, expect, it } from 'vitest';
import { cacheTtl } from '../src/schemas/capture-fields';

const HOUR = 3600;
const WEEK = 7 * 24 * HOUR;

describe('cache_ttl', () => {
  it('parses hours and days to seconds, default 48h', () => {
    expect(cacheTtl.parse(undefined)).toBe(48 * HOUR);
    expect(cacheTtl.parse('1h')).toBe(HOUR);
    expect(cacheTtl.parse('168h')).toBe(WEEK);
    expect(cacheTtl.parse('7d')).toBe(WEEK);
  });

  it('caps longer values at 7 days instead of refusing them', () => {
    for (const value of ['169h', '8d', '9999d', '100000000000000000000h']) {
      expect(cacheTtl.parse(value), value).toBe(WEEK);
    }
  });

  it('reads 0, "0", "0h" and "0d" alike: skip the cache', () => {
    for (const value of [0, '0', '0h', '0d']) expect(cacheTtl.parse(value)).toBe(0);
  });

  it('refuses malformed values and integers other than 0, saying what is accepted', () => {
    for (const value of ['soon', '', '1w', ' 1h', '-1h', '1.5h', true]) {
      const result = cacheTtl.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toContain('"<N>h" or "<N>d"');
    }
    for (const value of [48, -1, 1.5]) {
      const result = cacheTtl.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/integer is accepted only as 0/);
    }
  });
});
