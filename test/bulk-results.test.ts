import { bulkResultsResponse } from '@webcapture/http';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_TEXT, type FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api, apiUrl } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { decodePng, download } from './support/images';
import { until } from './support/until';

/*
 * A finished bulk job's completed items as one download (docs/api/bulk-results.md): JSON Lines for scrape
 * and fetch, a zip for screenshots; 409 job_not_finished before the job ends.
 */
let site: FixtureSite;

// Jobs go through the emulators, the queue workers and (screenshots) Chromium: slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  ({ site } = await startCaptureTestbed());
});
afterAll(() => site.close());

/** The job's status path (poll_url) until it ended. */
const ended = (pollUrl: string, key: string) =>
  until(
    () => api(new URL(pollUrl).pathname, { key }),
    (r) => ['completed', 'failed', 'cancelled'].includes(r.json?.status),
    'the bulk job to end',
    { timeoutMs: 110_000, intervalMs: 500 },
  );

async function results(path: string, key: string) {
  const response = await api(path, { key });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  expect(bulkResultsResponse.safeParse(response.json).error?.issues ?? []).toEqual([]);
  return response.json;
}

describe('GET /v1/scrape/bulk/{id}/results', () => {
  it('is 409 while the job runs, then one JSON Lines download of every completed item', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await api('/v1/scrape/bulk', {
      key,
      body: {
        urls: [`${site.url}/html`, `${site.url}/slow?ms=3000`, 'not a url'],
        formats: ['markdown'],
        cache_ttl: 0,
      },
    });
    expect(created.status).toBe(202);
    expect(created.json.poll_url).toBe(apiUrl(`/v1/scrape/bulk/${created.json.id}`));
    const early = await api(`/v1/scrape/bulk/${created.json.id}/results`, { key });
    expect(early.status).toBe(409);
    expect(early.json.error).toMatchObject({
      code: 'job_not_finished',
      details: { status: expect.stringMatching(/^(queued|running)$/) },
    });

    await ended(created.json.poll_url, key);
    const answer = await results(`/v1/scrape/bulk/${created.json.id}/results`, key);
    expect(answer).toMatchObject({ id: created.json.id, status: 'completed', format: 'jsonl', items: 2 });
    const file = await download(answer.url);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(answer.bytes);
    const lines = file.bytes
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.index, line.url])).toEqual([
      [0, `${site.url}/html`],
      [1, `${site.url}/slow?ms=3000`],
    ]);
    for (const line of lines) {
      expect(line.result).toMatchObject({ status: 'success', scrapeId: expect.stringMatching(/^sc_/) });
      expect(line.result.formats.markdown).toContain('something real to fetch');
    }

    // Built once: a second read signs the same archive again.
    const again = await results(`/v1/scrape/bulk/${created.json.id}/results`, key);
    expect(again).toMatchObject({ created_at: answer.created_at, bytes: answer.bytes });
  });

  it("is 404 for another kind's job or another account's", async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await api('/v1/scrape/bulk', { key, body: { urls: [`${site.url}/html`] } });
    expect((await api(`/v1/fetch/bulk/${created.json.id}/results`, { key })).status).toBe(404);
    const other = await newAccountWithKey({ planId: 'enterprise' });
    expect((await api(`/v1/scrape/bulk/${created.json.id}/results`, { key: other.key })).status).toBe(404);
  });
});

describe('GET /v1/fetch/bulk/{id}/results', () => {
  it('holds each fetched body: text as content, other bytes as content_base64', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await api('/v1/fetch/bulk', {
      key,
      body: { urls: [`${site.url}/text`, `${site.url}/pdf`, 'http://127.0.0.1:1/'] },
    });
    const job = await ended(created.json.poll_url, key);
    expect(job.json.counts).toMatchObject({ completed: 2, failed: 1 });
    const answer = await results(`/v1/fetch/bulk/${created.json.id}/results`, key);
    expect(answer).toMatchObject({ format: 'jsonl', content_type: 'application/x-ndjson', items: 2 });
    const lines = (await download(answer.url)).bytes
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ index: 0, content: FIXTURE_TEXT });
    expect(lines[1]).toMatchObject({ index: 1, content_type: 'application/pdf' });
    expect(Buffer.from(lines[1].content_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('GET /v1/bulk/{id}/results', () => {
  it('zips the images of a screenshot job with a manifest', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await api('/v1/bulk', {
      key,
      body: {
        urls: [`${site.url}/screenshot/colours`, 'http://127.0.0.1:1/'],
        viewport: { width: 320, height: 240 },
        timeout_ms: 5000,
      },
    });
    expect(created.status).toBe(202);
    await ended(created.json.poll_url, key);
    const answer = await results(`/v1/bulk/${created.json.id}/results`, key);
    expect(answer).toMatchObject({ format: 'zip', content_type: 'application/zip', items: 1 });
    const files = unzipSync((await download(answer.url)).bytes);
    expect(Object.keys(files).sort()).toEqual(['00000.png', 'manifest.json']);
    expect(JSON.parse(Buffer.from(files['manifest.json'] as Uint8Array).toString())).toEqual([
      { index: 0, url: `${site.url}/screenshot/colours`, file: '00000.png' },
    ]);
    expect(decodePng(Buffer.from(files['00000.png'] as Uint8Array)).width).toBe(320);
  });
});
