import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARSET_SAMPLES, FIXTURE_ARTICLE_TITLE, FIXTURE_JSON, type FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api, apiUrl } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';

const ARTICLE_TEXT = 'This page exists so that tests have something real to fetch.';

let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

async function pollScrape(id: string, until: (status: string) => boolean, owner = key) {
  for (let i = 0; i < 100; i++) {
    const response = await api(`/v1/scrape/${id}`, { key: owner });
    expect(response.status).toBe(200);
    if (until(response.json.status)) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`scrape ${id} never reached the expected state`);
}

describe('POST /v1/scrape (synchronous)', () => {
  it('returns the ScrapeEnvelope with rawHtml only by default', async () => {
    const response = await api('/v1/scrape', { key, body: { url: `${site.url}/redirect/chain/2` } });
    expect(response.status).toBe(200);
    const envelope = response.json;
    expect(envelope).toMatchObject({
      status: 'success',
      url: `${site.url}/redirect/chain/2`,
      finalUrl: `${site.url}/html`,
      contentType: 'text/html',
      statusCode: 200,
      custom: {},
    });
    expect(envelope.scrapeId).toMatch(/^sc_/);
    expect(envelope.contentLength).toBeGreaterThan(100);
    expect(envelope.retrievedAt).toMatch(/Z$/);
    expect(Object.keys(envelope.formats)).toEqual(['rawHtml']);
    expect(envelope.formats.rawHtml).toContain(`<title>${FIXTURE_ARTICLE_TITLE}</title>`);
    expect(envelope.metadata.title).toBe(FIXTURE_ARTICLE_TITLE);
    for (const absent of ['tables', 'warnings', 'stats']) expect(envelope[absent]).toBeUndefined();
  });

  it('returns only the formats asked for, plus stats and the echoed custom payload', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: {
        url: `${site.url}/html`,
        formats: ['markdown', 'links'],
        markdownIncludeStats: true,
        custom: { order: 42 },
        cache_ttl: 0,
      },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json.formats).sort()).toEqual(['links', 'markdown']);
    expect(response.json.formats.markdown).toContain(ARTICLE_TEXT);
    expect(response.json.formats.markdown).not.toContain('<p>');
    expect(response.json.formats.links.every((l: unknown) => typeof l === 'string')).toBe(true);
    expect(response.json.stats).toEqual({
      chars: expect.any(Number),
      tokens: expect.any(Number),
      blocks: expect.any(Number),
    });
    expect(response.json.custom).toEqual({ order: 42 });
  });

  it('gives rich link and image objects and tables only when markdown is among the formats', async () => {
    const body = { url: `${site.url}/html`, markdownIncludeMedia: true, cache_ttl: 0 };
    const plain = await api('/v1/scrape', { key, body: { ...body, formats: ['links', 'images'] } });
    expect(plain.json.formats.links.every((l: unknown) => typeof l === 'string')).toBe(true);
    expect(plain.json.tables).toBeUndefined();
    const rich = await api('/v1/scrape', {
      key,
      body: { ...body, formats: ['markdown', 'links', 'images'] },
    });
    expect(rich.json.formats.links[0]).toEqual({
      url: expect.any(String),
      text: expect.any(String),
      isInternal: expect.any(Boolean),
      rel: expect.toBeOneOf([null, expect.any(String)]),
    });
    expect(rich.json.formats.links.some((l: { isInternal: boolean }) => l.isInternal)).toBe(true);
    expect(rich.json.formats.links.some((l: { isInternal: boolean }) => !l.isInternal)).toBe(true);
    // The fixture's only image is a 1×1 pixel, which cleaning removes as a tracking pixel.
    expect(rich.json.formats.images).toEqual([]);
    expect(rich.json.tables).toEqual([]);
  });

  it('can be read back with GET /v1/scrape/{id}, by its own account only', async () => {
    const created = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, formats: ['markdown'] },
    });
    const read = await api(`/v1/scrape/${created.json.scrapeId}`, { key });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: created.json.scrapeId, status: 'completed', result: created.json });
    const other = await newAccountWithKey();
    expect((await api(`/v1/scrape/${created.json.scrapeId}`, { key: other.key })).status).toBe(404);
  });

  it('serves a second scrape from the cache, and cache_ttl 0 skips it', async () => {
    const url = `${site.url}/cache/counter?key=scrape-${Date.now()}`;
    const first = await api('/v1/scrape', { key, body: { url } });
    const second = await api('/v1/scrape', { key, body: { url } });
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.json.formats.rawHtml).toBe(first.json.formats.rawHtml);
    expect(second.json.retrievedAt).toBe(first.json.retrievedAt);
    const skipped = await api('/v1/scrape', { key, body: { url, cache_ttl: '0' } });
    expect(skipped.headers.get('x-cache')).toBe('bypass');
    expect(skipped.json.formats.rawHtml).not.toBe(first.json.formats.rawHtml);
  });

  it('decodes legacy charsets: Shift_JIS declared only in <meta charset>', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/charset/shift_jis?via=meta`, formats: ['rawHtml', 'markdown'] },
    });
    expect(response.status).toBe(200);
    expect(response.json.formats.markdown).toContain(CHARSET_SAMPLES.shift_jis);
    expect(response.json.formats.rawHtml).toContain(CHARSET_SAMPLES.shift_jis);
  });

  it('passes JSON through as text and gives binary bodies null formats', async () => {
    const json = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/json`, formats: ['rawHtml', 'markdown'] },
    });
    expect(json.json.contentType).toBe('application/json');
    expect(JSON.parse(json.json.formats.rawHtml)).toEqual(FIXTURE_JSON);
    const pdf = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/pdf`, formats: ['rawHtml', 'markdown'] },
    });
    expect(pdf.json).toMatchObject({
      contentType: 'application/pdf',
      formats: { rawHtml: null, markdown: null },
    });
  });

  it('reports application/octet-stream when the origin sends no Content-Type, and still reads the page', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/untyped`, formats: ['markdown'] },
    });
    expect(response.status).toBe(200);
    expect(response.json.contentType).toBe('application/octet-stream');
    expect(response.json.formats.markdown).toContain(ARTICLE_TEXT);
  });

  it('reports the upstream status of a 404 page in the envelope', async () => {
    const response = await api('/v1/scrape', { key, body: { url: `${site.url}/status/404` } });
    expect(response.status).toBe(200);
    expect(response.json.statusCode).toBe(404);
  });
});

describe('POST /v1/scrape validation', () => {
  it('400 invalid_url for a malformed URL or a refused scheme', async () => {
    const malformed = await api('/v1/scrape', { key, body: { url: 'not a url' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({
      code: 'invalid_url',
      details: { field: 'url', reason: 'malformed' },
    });
    const ftp = await api('/v1/scrape', { key, body: { url: 'ftp://example.com/x' } });
    expect(ftp.json.error.details.reason).toBe('scheme_unsupported');
  });

  it('400 invalid_url for an http:// webhook_url, with url, field and reason', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, async: true, webhook_url: 'http://hooks.example.com/x' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      code: 'invalid_url',
      details: { url: 'http://hooks.example.com/x', field: 'webhook_url', reason: 'scheme_unsupported' },
    });
  });

  it('422 for field errors: bounds, patterns, custom over 4096 bytes, an invalid cache_ttl', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ delay_ms: 10_001 }, 'delay_ms'],
      [{ timeout_ms: 999 }, 'timeout_ms'],
      [{ country: 'us' }, 'country'],
      [{ formats: ['pdf'] }, 'formats.0'],
      [{ markdownQuery: 'q'.repeat(201) }, 'markdownQuery'],
      [{ custom: { blob: 'x'.repeat(4100) } }, 'custom'],
      [{ cache_ttl: 'soon' }, 'cache_ttl'],
      [{ cache_ttl: 48 }, 'cache_ttl'],
    ];
    for (const [fields, field] of cases) {
      const response = await api('/v1/scrape', { key, body: { url: `${site.url}/html`, ...fields } });
      expect(response.status, field).toBe(422);
      expect(response.json.error.code).toBe('validation_error');
      expect(response.json.error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
  });

  it('caps cache_ttl above 168h / 7d at 7 days instead of refusing it; "0h" and "0d" skip', async () => {
    const url = `${site.url}/cache/counter?key=scrape-ttl-${Date.now()}`;
    for (const cache_ttl of ['8d', '169h']) {
      const response = await api('/v1/scrape', { key, body: { url, cache_ttl } });
      expect(response.status, cache_ttl).toBe(200);
    }
    for (const cache_ttl of ['0h', '0d']) {
      const response = await api('/v1/scrape', { key, body: { url, cache_ttl } });
      expect(response.headers.get('x-cache'), cache_ttl).toBe('bypass');
    }
  });

  it('says which cache_ttl values are accepted when an integer other than 0 is sent', async () => {
    const response = await api('/v1/scrape', { key, body: { url: `${site.url}/html`, cache_ttl: 48 } });
    expect(response.status).toBe(422);
    expect(response.json.error.details.fields[0].message).toMatch(/only as 0.*"<N>h" or "<N>d"/);
  });

  it('accepts custom of exactly 4096 bytes', async () => {
    const blob = 'x'.repeat(4096 - JSON.stringify({ blob: '' }).length);
    const response = await api('/v1/scrape', { key, body: { url: `${site.url}/html`, custom: { blob } } });
    expect(response.status).toBe(200);
  });
});

describe('POST /v1/scrape (asynchronous)', () => {
  it('answers 202 for async: true and completes through the queue', async () => {
    const queued = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, async: true, formats: ['markdown'], custom: { job: 1 } },
    });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ status: 'queued', poll_url: apiUrl(`/v1/scrape/${queued.json.id}`) });
    const done = await pollScrape(queued.json.id, (s) => s === 'completed' || s === 'failed');
    expect(done.json.status).toBe('completed');
    expect(done.json.result.formats.markdown).toContain(ARTICLE_TEXT);
    expect(done.json.result.custom).toEqual({ job: 1 });
  });

  it('announces the outcome to webhook_url for the selected events only', async () => {
    const { key: own } = await newAccountWithKey({ planId: 'enterprise' });
    const hook = 'https://127.0.0.1:1/scrapes';
    const completed = await api('/v1/scrape', {
      key: own,
      body: { url: `${site.url}/html`, async: true, webhook_url: hook, custom: { ref: 'a' } },
    });
    const silent = await api('/v1/scrape', {
      key: own,
      body: { url: `${site.url}/html`, async: true, webhook_url: hook, events: ['failed'] },
    });
    for (const id of [completed.json.id, silent.json.id]) {
      await pollScrape(id, (s) => s === 'completed' || s === 'failed', own);
    }
    const deliveries = (await api('/v1/webhook-deliveries', { key: own })).json.data;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ event: 'scrape.completed', url: hook });
  });
});
