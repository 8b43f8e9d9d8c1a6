import { createHash } from 'node:crypto';
import {
  recordingPageResponse,
  recordingResponse,
  scrapeEnvelopeResponse,
  screenshotRecordResponse,
} from '@webcapture/http';
import { signContentToken } from '@webcapture/service';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARCParser, type WARCRecord } from 'warcio';
import { RECORDED_FETCH_TEXT } from './fixtures/render-pages';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { until } from './support/until';

/**
 * Recordings (docs/api/recordings.md) through the local runtime: a rendered page recorded at the
 * guard proxy, its WACZ checked against the WACZ 1.1.1 specification and parsed back with warcio,
 * the API around it, and a replay that gives the same markdown without touching the site.
 */
let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

const today = () => new Date().toISOString().slice(0, 10);

interface Archive {
  files: Record<string, Uint8Array>;
  records: Array<{ record: WARCRecord; payload: Uint8Array; offset: number }>;
}

async function download(url: string): Promise<{ status: number; bytes: Uint8Array; type: string | null }> {
  const answer = await fetch(url);
  return {
    status: answer.status,
    bytes: new Uint8Array(await answer.arrayBuffer()),
    type: answer.headers.get('content-type'),
  };
}

async function openArchive(wacz: Uint8Array): Promise<Archive> {
  const files = unzipSync(wacz);
  const warc = files['archive/data.warc.gz'] as Uint8Array;
  const records: Archive['records'] = [];
  const parser = new WARCParser([warc]);
  for await (const record of parser) {
    records.push({ record, payload: await record.readFully(false), offset: parser.offset });
  }
  return { files, records };
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** Queues a recorded rendered scrape and waits for its result envelope. */
async function recordedRender(owner: string, url: string) {
  const queued = await api('/v1/scrape', {
    key: owner,
    body: { url, record: true, wait_until: 'networkidle', formats: ['markdown', 'links'] },
  });
  expect(queued.status).toBe(202);
  const done = await until(
    () => api(`/v1/scrape/${queued.json.id}`, { key: owner }),
    (response) => ['completed', 'failed'].includes(response.json.status),
    `recorded scrape ${queued.json.id}`,
    { timeoutMs: 60_000 },
  );
  expect(done.json.status).toBe('completed');
  return done.json.result;
}

describe('a recorded rendered scrape', () => {
  let owner: string;
  // biome-ignore lint/suspicious/noExplicitAny: API answers, asserted on field by field.
  let result: any;
  // biome-ignore lint/suspicious/noExplicitAny: API answers, asserted on field by field.
  let recording: any;
  let archive: Archive;

  beforeAll(async () => {
    ({ key: owner } = await newAccountWithKey({ planId: 'enterprise' }));
    result = await recordedRender(owner, `${site.url}/render/recorded`);
    const read = await api(`/v1/recordings/${result.recording_id}`, { key: owner });
    expect(read.status).toBe(200);
    recording = read.json;
    const wacz = await download(recording.download_url);
    expect(wacz.status).toBe(200);
    archive = await openArchive(wacz.bytes);
  }, 90_000);

  it('names its recording in the result, described by GET /v1/recordings/{id}', () => {
    expect(scrapeEnvelopeResponse.safeParse(result).error?.issues ?? []).toEqual([]);
    expect(result.recording_id).toMatch(/^rc_[0-9a-z]{26}$/);
    expect(result.formats.markdown).toContain(RECORDED_FETCH_TEXT);
    expect(recordingResponse.safeParse(recording).error?.issues ?? []).toEqual([]);
    expect(recording).toMatchObject({
      id: result.recording_id,
      url: `${site.url}/render/recorded`,
      source: result.scrapeId,
      pages: 1,
    });
    const kept = Date.parse(recording.expires_at) - Date.parse(recording.created_at);
    expect(Math.round(kept / 86_400_000)).toBe(30);
    // Document, stylesheet, image, the script's fetch, and the refused image at least.
    expect(recording.requests).toBeGreaterThanOrEqual(5);
  });

  it('is a WACZ 1.1.1 package whose datapackage.json gives every file its sha256 and size', () => {
    const datapackage = JSON.parse(text(archive.files['datapackage.json']));
    expect(datapackage).toMatchObject({ profile: 'data-package', wacz_version: '1.1.1' });
    const paths = datapackage.resources.map((resource: { path: string }) => resource.path).sort();
    expect(paths).toEqual(['archive/data.warc.gz', 'indexes/index.cdx', 'pages/pages.jsonl']);
    for (const resource of datapackage.resources) {
      const bytes = archive.files[resource.path] as Uint8Array;
      expect(resource.bytes, resource.path).toBe(bytes.byteLength);
      expect(resource.hash, resource.path).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    }
    const pages = text(archive.files['pages/pages.jsonl'])
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(pages[0]).toMatchObject({ format: 'json-pages-1.0' });
    expect(pages[1]).toMatchObject({ url: `${site.url}/render/recorded`, title: 'Recorded page' });
  });

  it('records every request with its answer, IP and pairing, the refused one without a body', () => {
    const responses = archive.records.filter(({ record }) => record.warcType === 'response');
    const requests = archive.records.filter(({ record }) => record.warcType === 'request');
    const byUrl = (path: string) =>
      responses.find(({ record }) => record.warcTargetURI === `${site.url}${path}`);
    for (const path of ['/render/recorded', '/render/recorded.css', '/image.png', '/json']) {
      const response = byUrl(path);
      expect(response, path).toBeDefined();
      expect(response?.record.warcHeader('WARC-IP-Address'), path).toBe('127.0.0.1');
      expect(response?.payload.byteLength, path).toBeGreaterThan(0);
      const id = response?.record.warcHeader('WARC-Record-ID');
      const request = requests.find(({ record }) => record.warcConcurrentTo?.includes(id as string));
      expect(request?.record.warcTargetURI, path).toBe(`${site.url}${path}`);
      expect(request?.record.httpHeaders?.method, path).toBe('GET');
    }
    expect(text(byUrl('/render/recorded.css')?.payload)).toBe('article { font-family: serif; }');
    expect(byUrl('/image.png')?.record.httpHeaders?.headers.get('content-type')).toBe('image/png');

    const refused = archive.records.find(
      ({ record }) => record.warcTargetURI === 'http://no-such-host.invalid/pixel.png',
    );
    expect(refused?.record.warcType).toBe('metadata');
    expect(text(refused?.payload)).toContain('refused: true');
    expect(responses.some(({ record }) => record.warcTargetURI?.includes('no-such-host.invalid'))).toBe(
      false,
    );

    const dom = archive.records.find(({ record }) => record.warcType === 'resource');
    expect(dom?.record.warcTargetURI).toBe(`urn:dom:${site.url}/render/recorded`);
    expect(text(dom?.payload)).toContain(RECORDED_FETCH_TEXT);
  });

  it('has a CDXJ index that resolves every recorded URL to its record', () => {
    const lines = text(archive.files['indexes/index.cdx']).trim().split('\n');
    expect([...lines].sort()).toEqual(lines);
    const index = lines.map((line) => {
      const [surt, timestamp, ...json] = line.split(' ');
      return { surt, timestamp, ...JSON.parse(json.join(' ')) };
    });
    const warc = archive.files['archive/data.warc.gz'] as Uint8Array;
    const indexed = archive.records.filter(({ record }) =>
      ['response', 'resource', 'metadata'].includes(record.warcType),
    );
    for (const { record } of indexed) {
      const entry = index.find((line) => line.url === record.warcTargetURI);
      expect(entry, record.warcTargetURI ?? '').toBeDefined();
      expect(entry.timestamp).toMatch(/^\d{14}$/);
    }
    return Promise.all(
      index.map(async (entry) => {
        const slice = warc.subarray(entry.offset, entry.offset + entry.length);
        const record = await WARCParser.parse([slice]);
        expect(record?.warcTargetURI, entry.url).toBe(entry.url);
      }),
    );
  });

  it('never holds the API key or a service header', () => {
    const raw = Buffer.concat(
      archive.records.flatMap(({ record, payload }) => [
        Buffer.from(record.warcHeaders.toString()),
        Buffer.from(record.httpHeaders?.toString() ?? ''),
        Buffer.from(payload),
      ]),
    );
    const everything = `${raw.toString('latin1')}${text(archive.files['indexes/index.cdx'])}`;
    expect(everything).not.toContain(owner);
    expect(everything.toLowerCase()).not.toContain('authorization');
    expect(everything.toLowerCase()).not.toContain('proxy-connection');
    expect(everything.toLowerCase()).not.toContain('x-amz-');
  });

  it('replays through POST /v1/scrape: the same markdown, nothing sent to the site, billed as a scrape without bandwidth', async () => {
    const before = site.hits('/render/recorded') + site.hits('/json') + site.hits('/image.png');
    const replay = await api('/v1/scrape', {
      key: owner,
      body: { recording_id: result.recording_id, formats: ['markdown', 'links'] },
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('x-cache')).toBe('replay');
    expect(scrapeEnvelopeResponse.safeParse(replay.json).error?.issues ?? []).toEqual([]);
    expect(replay.json.formats.markdown).toBe(result.formats.markdown);
    expect(replay.json.formats.links).toEqual(result.formats.links);
    expect(replay.json).toMatchObject({ finalUrl: result.finalUrl, statusCode: 200, url: result.url });
    expect(replay.json.scrapeId).not.toBe(result.scrapeId);
    expect(site.hits('/render/recorded') + site.hits('/json') + site.hits('/image.png')).toBe(before);

    const usage = await api(`/v1/usage/by-endpoint?from=${today()}&to=${today()}`, { key: owner });
    const rows = Object.fromEntries(usage.json.rows.map((row: { endpoint: string }) => [row.endpoint, row]));
    // Storage: the archive's bytes at the recording factor, on its own row.
    expect(rows['/v1/recordings']).toMatchObject({ raw_bytes: recording.size_bytes, requests: 1 });
    expect(rows['/v1/recordings'].billable_bytes).toBe(Math.ceil(recording.size_bytes * 0.5));
    // The rendered scrape's page bandwidth once; the replay adds a request, no bytes.
    expect(rows['/v1/scrape (markdown)']).toMatchObject({ raw_bytes: result.contentLength });
  });

  it('refuses replay options it cannot honour, and a url beside recording_id (422)', async () => {
    const both = await api('/v1/scrape', {
      key: owner,
      body: { recording_id: result.recording_id, url: `${site.url}/html` },
    });
    expect(both.status).toBe(422);
    const rendered = await api('/v1/scrape', {
      key: owner,
      body: { recording_id: result.recording_id, wait_until: 'load' },
    });
    expect(rendered.status).toBe(422);
    const neither = await api('/v1/scrape', { key: owner, body: { formats: ['markdown'] } });
    expect(neither.status).toBe(422);
  });
});

describe('the recordings API', () => {
  it('records a fast-path scrape (the one exchange), lists, downloads, refuses tampered and expired URLs, deletes', async () => {
    const { key: owner, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const scrape = await api('/v1/scrape', {
      key: owner,
      body: { url: `${site.url}/html`, record: true, formats: ['markdown'] },
    });
    expect(scrape.status).toBe(200);
    const id = scrape.json.recording_id;
    expect(id).toMatch(/^rc_/);

    const listed = await api('/v1/recordings?limit=10', { key: owner });
    expect(listed.status).toBe(200);
    expect(recordingPageResponse.safeParse(listed.json).error?.issues ?? []).toEqual([]);
    expect(listed.json.data.map((item: { id: string }) => item.id)).toEqual([id]);
    expect(listed.json.next_cursor).toBeNull();

    const read = await api(`/v1/recordings/${id}`, { key: owner });
    expect(read.json).toMatchObject({ source: scrape.json.scrapeId, requests: 1, pages: 1 });
    const wacz = await download(read.json.download_url);
    expect(wacz.status).toBe(200);
    expect(wacz.bytes.byteLength).toBe(read.json.size_bytes);
    const archive = await openArchive(wacz.bytes);
    const response = archive.records.find(({ record }) => record.warcType === 'response');
    expect(response?.record.warcTargetURI).toBe(`${site.url}/html`);
    expect(text(response?.payload)).toContain('<html');

    // The replay of a fast-path recording gives the same markdown too.
    const replay = await api('/v1/scrape', { key: owner, body: { recording_id: id, formats: ['markdown'] } });
    expect(replay.json.formats.markdown).toBe(scrape.json.formats.markdown);

    const token = new URL(read.json.download_url).pathname.split('/').pop() as string;
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = await api(`/v1/content/${payload}.${flipped}`);
    expect(tampered.status).toBe(401);
    expect(tampered.json.error.details).toMatchObject({ reason: 'tampered' });
    const archiveKey = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).k;
    const expired = await api(`/v1/content/${signContentToken(accountId, archiveKey, Date.now() - 601_000)}`);
    expect(expired.status).toBe(401);
    expect(expired.json.error.details).toMatchObject({ reason: 'expired' });

    const removed = await api(`/v1/recordings/${id}`, { key: owner, method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await api(`/v1/recordings/${id}`, { key: owner })).status).toBe(404);
    expect((await api(`/v1/recordings/${id}`, { key: owner, method: 'DELETE' })).status).toBe(404);
    expect((await api('/v1/scrape', { key: owner, body: { recording_id: id } })).status).toBe(404);
    expect((await api('/v1/recordings', { key: owner })).json.data).toEqual([]);
  });

  it("keeps accounts apart: another account's recording is a 404 to read, replay or delete", async () => {
    const { key: owner } = await newAccountWithKey({ planId: 'enterprise' });
    const { key: stranger } = await newAccountWithKey({ planId: 'enterprise' });
    const scrape = await api('/v1/scrape', { key: owner, body: { url: `${site.url}/html`, record: true } });
    const id = scrape.json.recording_id;
    expect((await api(`/v1/recordings/${id}`, { key: stranger })).status).toBe(404);
    expect((await api(`/v1/recordings/${id}`, { key: stranger, method: 'DELETE' })).status).toBe(404);
    expect((await api('/v1/scrape', { key: stranger, body: { recording_id: id } })).status).toBe(404);
    expect((await api('/v1/recordings', { key: stranger })).json.data).toEqual([]);
    expect((await api(`/v1/recordings/${id}`, { key: owner })).status).toBe(200);
  });

  it('records a screenshot: traffic, final DOM and the image, named by the screenshot', async () => {
    const { key: owner } = await newAccountWithKey({ planId: 'enterprise' });
    const shot = await api('/v1/screenshots', {
      key: owner,
      body: { url: `${site.url}/html`, record: true },
    });
    expect(shot.status).toBe(200);
    expect(screenshotRecordResponse.safeParse(shot.json).error?.issues ?? []).toEqual([]);
    expect(shot.json.recording_id).toMatch(/^rc_/);
    const read = await api(`/v1/recordings/${shot.json.recording_id}`, { key: owner });
    expect(read.json).toMatchObject({ source: shot.json.id, url: `${site.url}/html` });
    const archive = await openArchive((await download(read.json.download_url)).bytes);
    const image = archive.records.find(({ record }) => record.warcTargetURI === `urn:view:${site.url}/html`);
    expect(image?.record.warcContentType).toBe('image/png');
    const shotImage = await download(shot.json.image_url);
    expect(Buffer.from(image?.payload ?? []).equals(Buffer.from(shotImage.bytes))).toBe(true);
    expect(
      archive.records.some(
        ({ record }) => record.warcType === 'resource' && record.warcTargetURI?.startsWith('urn:dom:'),
      ),
    ).toBe(true);
    const usage = await api(`/v1/usage/by-endpoint?from=${today()}&to=${today()}`, { key: owner });
    expect(usage.json.rows.map((row: { endpoint: string }) => row.endpoint).sort()).toEqual([
      '/v1/recordings',
      '/v1/screenshots',
    ]);
  });

  it('answers a malformed id 404 before storage, and a bad cursor 422', async () => {
    const malformed = await api('/v1/recordings/rc_nope', { key });
    expect(malformed.status).toBe(404);
    expect(malformed.json.error.details).toMatchObject({ field: 'id', reason: 'malformed_id' });
    expect((await api('/v1/recordings?cursor=garbage', { key })).status).toBe(422);
  });
});
