import { describe, expect, it } from 'vitest';
import { billingRecord, chargeOnFailure } from '../../src/metering';

describe('billingRecord', () => {
  it('bills scrape and fetch markdown at 1.5 on usage rows of their own', () => {
    expect(billingRecord({ kind: 'scrape', markdown: true, wireBytes: 1000, cacheHit: false })).toStrictEqual(
      {
        endpoint: '/v1/scrape (markdown)',
        wireBytes: 1000,
        factor: 1.5,
        cacheHit: false,
      },
    );
    expect(
      billingRecord({ kind: 'fetch', markdown: false, wireBytes: 10, upstreamStatus: 404 }),
    ).toStrictEqual({
      endpoint: '/v1/fetch',
      wireBytes: 10,
      factor: 1,
      upstreamStatus: 404,
    });
  });

  it('keeps the route a bulk item came through, with the markdown suffix', () => {
    const record = billingRecord({
      kind: 'scrape',
      markdown: true,
      endpoint: '/v1/scrape/bulk',
      wireBytes: 5,
    });
    expect(record.endpoint).toBe('/v1/scrape/bulk (markdown)');
  });

  it('has no markdown rate for screenshots: the page bytes at 1.0 on /v1/screenshots', () => {
    expect(billingRecord({ kind: 'screenshot', markdown: true, wireBytes: 7 })).toStrictEqual({
      endpoint: '/v1/screenshots',
      wireBytes: 7,
      factor: 1,
    });
  });

  it('marks a schema extraction as having run its capture, so a failed extraction keeps the bandwidth', () => {
    const record = billingRecord({ kind: 'schema', wireBytes: 3, cacheHit: true, upstreamStatus: 200 });
    expect(record).toStrictEqual({
      endpoint: '/v1/schema',
      wireBytes: 3,
      factor: 1,
      cacheHit: true,
      upstreamStatus: 200,
      scrapeRan: true,
    });
    expect(chargeOnFailure(record, 1)).toEqual({ bandwidth: true, credits: false });
  });
});
