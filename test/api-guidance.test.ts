import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';

/*
 * No silent no-ops (README: docs/api/conventions.md): a request option that would do nothing is
 * refused with the reason, and a capture that came out empty says why it may have.
 */
let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

describe('webhook_url on a synchronous scrape', () => {
  it('is refused with 400, pointing at async, before anything is captured or charged', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, webhook_url: 'https://127.0.0.1:1/hook' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      code: 'validation_error',
      details: { fields: [{ field: 'webhook_url', reason: 'needs_async', suggestion: 'async' }] },
    });
    expect(response.json.error.message).toContain('"async": true');
  });

  it('is taken with async: true (202, the webhook is called later)', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, async: true, webhook_url: 'https://127.0.0.1:1/hook' },
    });
    expect(response.status).toBe(202);
  });
});

describe('an empty main content on the fast path', () => {
  it('adds an empty_content warning suggesting rendering, also when warnings were not asked for', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/render/script-built`, formats: ['markdown'], cache_ttl: 0 },
    });
    expect(response.status).toBe(200);
    expect(response.json.formats.markdown.trim()).toBe('');
    expect(response.json.warnings).toEqual([
      { code: 'empty_content', message: expect.stringContaining('wait_until'), element: 'main' },
    ]);
  });

  it('adds nothing to a page with content', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, formats: ['markdown'], cache_ttl: 0 },
    });
    expect(response.json.formats.markdown.length).toBeGreaterThan(50);
    expect(response.json.warnings).toBeUndefined();
  });
});
