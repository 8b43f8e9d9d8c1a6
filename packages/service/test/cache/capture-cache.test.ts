import { describe, expect, it } from 'vitest';
import {
  captureCacheKey,
  INLINE_BODY_MAX_BYTES,
  readCachedCapture,
  writeCachedCapture,
} from '../../src/cache';

/** A capture as the scraping pipelines cache it (their CachedCapture): every field round-trips. */
function capture(retrievedAt: string) {
  return {
    url: 'https://example.com/a',
    finalUrl: 'https://example.com/a',
    redirects: [],
    status: 200,
    headers: { 'content-type': 'text/html' },
    contentType: 'text/html',
    charset: null,
    body: new TextEncoder().encode(`<p>captured at ${retrievedAt}</p>`),
    wireBytes: 42,
    retrievedAt,
  };
}

describe('capture cache (DynamoDB index, small bodies inline, larger ones in S3)', () => {
  it('keys by URL and country only: the fragment, custom and output options never enter it', () => {
    const base = captureCacheKey({ url: 'https://example.com/a?x=1', country: 'US' });
    expect(captureCacheKey({ url: 'https://example.com/a?x=1#section', country: 'US' })).toBe(base);
    expect(captureCacheKey({ url: 'https://example.com/a?x=2', country: 'US' })).not.toBe(base);
    expect(captureCacheKey({ url: 'https://example.com/a?x=1', country: 'DE' })).not.toBe(base);
  });

  it('returns the stored capture byte for byte while it is fresh', async () => {
    const key = captureCacheKey({ url: `https://example.com/fresh/${Date.now()}`, country: 'US' });
    const stored = capture(new Date().toISOString());
    await writeCachedCapture(key, stored, 3600);
    const read = await readCachedCapture(key, 3600);
    expect(read).toMatchObject({ status: 200, wireBytes: 42, retrievedAt: stored.retrievedAt });
    expect(Buffer.from(read?.body ?? []).equals(Buffer.from(stored.body))).toBe(true);
  });

  it('keeps a body larger than the inline limit in S3 and reads it back whole', async () => {
    const key = captureCacheKey({ url: `https://example.com/large/${Date.now()}`, country: 'US' });
    const large = {
      ...capture(new Date().toISOString()),
      body: new Uint8Array(INLINE_BODY_MAX_BYTES + 1).fill(65),
    };
    await writeCachedCapture(key, large, 3600);
    const read = await readCachedCapture(key, 3600);
    expect(read?.body.byteLength).toBe(INLINE_BODY_MAX_BYTES + 1);
    expect(Buffer.from(read?.body ?? []).equals(Buffer.from(large.body))).toBe(true);
  });

  it('misses once the entry has expired, even though DynamoDB Local keeps the item', async () => {
    const key = captureCacheKey({ url: `https://example.com/expiry/${Date.now()}`, country: 'US' });
    const now = Date.now();
    await writeCachedCapture(key, capture(new Date(now).toISOString()), 60);
    expect(await readCachedCapture(key, 3600, now + 59_000)).toBeDefined();
    expect(await readCachedCapture(key, 3600, now + 61_000)).toBeUndefined();
  });

  it('misses when the entry is older than the caller’s cache_ttl, though not expired', async () => {
    const key = captureCacheKey({ url: `https://example.com/age/${Date.now()}`, country: 'US' });
    const now = Date.now();
    await writeCachedCapture(key, capture(new Date(now - 2 * 3600_000).toISOString()), 48 * 3600);
    expect(await readCachedCapture(key, 3600, now)).toBeUndefined();
    expect(await readCachedCapture(key, 3 * 3600, now)).toBeDefined();
  });
});
