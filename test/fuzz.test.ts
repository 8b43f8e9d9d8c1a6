import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { ROUTES } from '@webcapture/http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { startCaptureTestbed } from './support/capture-testbed';

/**
 * Hostile requests across every route of the manifest — wrong methods, odd ids and paths,
 * malformed and deeply nested JSON, wrong types, huge numbers, odd headers and keys — must never
 * give a 5xx other than the documented ones, always carry the envelope and rate headers on an
 * error, and never show internals. Seeded, so a failure replays; FUZZ_RUNS raises the count.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** node:http rather than fetch: any method token and header bytes fetch would refuse to send. */
function send(sent: Sent): Promise<Received> {
  const base = new URL(inject('baseUrl'));
  return new Promise((resolve, reject) => {
    // Framed explicitly: node:http sends a GET or DELETE body unframed otherwise.
    const length = sent.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(sent.body)) };
    const headers = { ...sent.headers, ...length };
    const req = httpRequest(
      { host: base.hostname, port: base.port, method: sent.method, path: sent.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

// ---- generators -------------------------------------------------------------------------------

const hostileScalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0, 4096, 60001, 999999999999),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '48',
    '1w',
    '7d',
    '200h',
    'true',
    'null',
    '__proto__',
    '\u0000',
    '%00',
    '../..',
  ),
);

const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

/** Fixture pages, unresolvable and malformed targets: nothing the fuzz makes reaches beyond them. */
const urlValue = () =>
  fc.oneof(
    fc
      .constantFrom('/html', '/json', '/status/404', '/status/500', '/redirect/chain/2')
      .map((p) => `${site.url}${p}`),
    fc.constantFrom(
      'http://no-such-host.invalid/',
      'ftp://example.com/',
      'javascript:alert(1)',
      'http://',
      'http://[::1',
      'not a url',
      `https://${'a'.repeat(300)}.invalid/`,
    ),
    hostileScalar,
  );

const FIELDS = [
  'formats',
  'custom',
  'timeout_ms',
  'cache_ttl',
  'async',
  'events',
  'country',
  'format',
  'markdown_mode',
  'markdown_query',
  'markdown_links',
  'markdownIncludeMedia',
  'cookies',
  'headers',
  'delay_ms',
  'wait_until',
  'name',
  'scopes',
  'limit',
  'cursor',
  'from',
  'to',
  '__proto__',
  'constructor',
];

const fieldsObject = () =>
  fc.record(
    {
      url: urlValue(),
      webhook_url: fc.oneof(
        urlValue(),
        fc.constant('https://hooks.example.invalid/x'),
        fc.constant(`https://127.0.0.1:1/x`),
      ),
      extra: fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }),
    },
    { requiredKeys: [] },
  );

function nested(depth: number, open: string, close: string, inner = '1') {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
}

const bodyText = () =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fieldsObject().map(({ url, webhook_url, extra }) =>
        JSON.stringify({
          ...(url !== undefined ? { url } : {}),
          ...(webhook_url ? { webhook_url } : {}),
          ...extra,
        }),
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.integer({ min: 30, max: 5000 }).map((d) => nested(d, '[', ']')) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 30, max: 2000 })
        .map((d) => `{"url":"${site.url}/html","custom":${nested(d, '{"a":', '}')}}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `{"url":"${site.url}/html","async":true,"custom":{"n":1e400}}`,
        `{"url":"${site.url}/html","custom":{"n":123456789012345678901234567890}}`,
        `{"url":"${site.url}/html","timeout_ms":1e400}`,
        '{"url":',
        '{"url":"\\ud800"}',
        '\u0000',
        '[]',
        'null',
        '"x"',
        `{"url":"${site.url}/html","custom":{"s":"${'x'.repeat(5000)}"}}`,
        JSON.stringify({ url: `${site.url}/html`, pad: 'x'.repeat(600 * 1024) }),
      ),
    },
  );

const idSegment = fc.oneof(
  fc.constantFrom(
    'sc_01jd0000000000000000000000',
    'ak_01jd0000000000000000000000',
    '',
    '..',
    '%00',
    '%ZZ',
    '%2F',
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.integer({ min: 100, max: 3000 }).map((n) => `sc_${'a'.repeat(n)}`),
  fc
    .integer({ min: 100, max: 1500 })
    .map((n) => `ak_${'é'.repeat(n)}`)
    .map(encodeURIComponent),
);

const queryString = fc
  .dictionary(
    fc.constantFrom('url', ...FIELDS),
    fc.oneof(
      urlValue().map(String),
      hostileScalar.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
    ),
    { maxKeys: 4 },
  )
  .map((query) => {
    const text = new URLSearchParams(query as Record<string, string>).toString();
    return text ? `?${text}` : '';
  });

const anyMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

/** Mostly a route with its own method (so requests get past routing), sometimes any method or path. */
const targetFor = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(fc.constantFrom(...ROUTES), idSegment, anyMethod).map(([route, id, method]) => ({
      method: route.method === 'ANY' ? method : route.method,
      path: route.path.replace(/\{\w+\}/g, () => id),
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...ROUTES), idSegment, anyMethod)
      .map(([route, id, method]) => ({ method, path: route.path.replace(/\{\w+\}/g, () => id) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(anyMethod, fc.constantFrom('/', '/v1', '/v2/scrape', '/v1/scrape/', '//v1/account', '/health/x'))
      .map(([method, path]) => ({ method, path })),
  },
);

const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,80}$/);

const headersFor = () =>
  fc
    .record({
      authorization: fc.oneof(
        { weight: 12, arbitrary: fc.constant(`Bearer ${key}`) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: headerValue.map((v) => `Bearer ${v}`) },
        { weight: 1, arbitrary: headerValue },
        { weight: 1, arbitrary: fc.constant(`bearer ${key}`) },
        { weight: 1, arbitrary: fc.constant(`Bearer ${'sk_test_'}${'a'.repeat(5000)}`) },
      ),
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        undefined,
      ),
      extra: fc.dictionary(fc.stringMatching(/^x-[a-z0-9-]{1,20}$/), headerValue, { maxKeys: 3 }),
      encoding: fc.constantFrom(undefined, 'gzip', 'identity'),
    })
    .map(({ authorization, contentType, extra, encoding }) => {
      const headers: Record<string, string> = { ...extra };
      if (authorization !== undefined) headers.authorization = authorization;
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (encoding !== undefined) headers['content-encoding'] = encoding;
      return headers;
    });

const requestFor = () =>
  fc
    .record({
      target: targetFor,
      query: queryString,
      headers: headersFor(),
      body: fc.option(bodyText(), { nil: undefined, freq: 5 }),
    })
    .map(
      ({ target, query, headers, body }): Sent => ({
        method: target.method,
        path: `${target.path}${query}`,
        headers,
        body,
      }),
    );

// ---- the properties -------------------------------------------------------------------------

/** 5xx answers the docs describe for these inputs: an HTTP method the server does not know, and the origin's own errors. */
function documentedServerError(status: number, code: string): boolean {
  if (status === 501) return code === 'not_implemented';
  return code === 'upstream_error';
}

const INTERNALS =
  /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|ValidationException|ResourceNotFound|Dynamo|\bstack\b|TypeError|SyntaxError/;

function checkResponse(sent: Sent, received: Received) {
  const where = `${sent.method} ${sent.path.slice(0, 120)} → ${received.status} ${received.text.slice(0, 300)}`;
  expect(received.headers['x-ratelimit-limit'], where).toMatch(/^\d+$/);
  if (received.status < 400) return;
  let body: { status?: string; error?: { code?: string; message?: string; http_status?: number } };
  try {
    body = JSON.parse(received.text);
  } catch {
    throw new Error(`not an envelope: ${where}`);
  }
  expect(body.status, where).toBe('failed');
  expect(body.error?.code, where).toEqual(expect.any(String));
  expect(body.error?.message, where).toEqual(expect.any(String));
  if (body.error?.code !== 'upstream_error') expect(body.error?.http_status, where).toBe(received.status);
  if (received.status >= 500) {
    expect(documentedServerError(received.status, body.error?.code ?? ''), where).toBe(true);
  }
  expect(received.text, where).not.toMatch(INTERNALS);
}

describe('hostile requests across every route', () => {
  it(`${RUNS} seeded requests: no undocumented 5xx, the envelope on every error, no internals`, async () => {
    await fc.assert(
      fc.asyncProperty(requestFor(), async (sent) => {
        checkResponse(sent, await send(sent));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const health = await send({ method: 'GET', path: '/health', headers: {} });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text).status).toBe('ok');
  }, 300_000);
});

// ---- fixed cases: what an outside probe once broke, kept broken-proof ----------------------------

/** Every route that takes a JSON body with `custom`, and a body that is valid apart from it. */
const CUSTOM_ROUTES: Array<[path: string, body: (custom: string) => string]> = [
  ['/v1/scrape', (custom) => `{"url":"URL","custom":${custom}}`],
  ['/v1/scrape', (custom) => `{"url":"URL","async":true,"custom":${custom}}`],
  ['/v1/fetch', (custom) => `{"url":"URL","custom":${custom}}`],
  ['/v1/screenshots', (custom) => `{"url":"URL","custom":${custom}}`],
  ['/v1/scrape/bulk', (custom) => `{"urls":["URL"],"custom":${custom}}`],
  ['/v1/fetch/bulk', (custom) => `{"urls":["URL"],"custom":${custom}}`],
  ['/v1/bulk', (custom) => `{"urls":["URL"],"custom":${custom}}`],
  ['/v1/scrape/bulk', (custom) => `{"urls":[{"url":"URL","custom":${custom}}]}`],
];

describe('deep JSON (README: Errors, nesting caps)', () => {
  it.each([65, 129, 5000, 50_000])(
    'custom nested %i deep is 422 validation_error on every route that takes it, never a 500',
    async (depth) => {
      const deep = nested(depth, '{"a":', '}');
      for (const [path, body] of CUSTOM_ROUTES) {
        const sent = {
          method: 'POST',
          path,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: body(deep).replaceAll('URL', `${site.url}/html`),
        };
        const received = await send(sent);
        checkResponse(sent, received);
        expect(received.status, `${path} ${received.text.slice(0, 200)}`).toBe(422);
        const error = JSON.parse(received.text).error;
        if (depth > 128) expect(error.details).toEqual({ reason: 'nesting_too_deep', limit_depth: 128 });
        else expect(error.message).toContain('must nest at most 64 levels');
      }
    },
  );

  it.each([33, 5000])('a schema nested %i deep is 422 on POST /v1/schema', async (depth) => {
    const sent = {
      method: 'POST',
      path: '/v1/schema',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: `{"url":"${site.url}/html","schema":${nested(depth, '{"a":', '}')}}`,
    };
    const received = await send(sent);
    checkResponse(sent, received);
    expect(received.status).toBe(422);
  });
});

describe('webhook_url that cannot resolve (private targets allowed, as in this runtime)', () => {
  const WEBHOOK_ROUTES: Array<[path: string, body: string]> = [
    ['/v1/scrape', '{"url":"URL","async":true,"webhook_url":"HOOK"}'],
    ['/v1/screenshots?async=true', '{"url":"URL","webhook_url":"HOOK"}'],
    ['/v1/scrape/bulk', '{"urls":["URL"],"webhook_url":"HOOK"}'],
    ['/v1/fetch/bulk', '{"urls":["URL"],"webhook_url":"HOOK"}'],
    ['/v1/bulk', '{"urls":["URL"],"webhook_url":"HOOK"}'],
  ];

  it.each(WEBHOOK_ROUTES)('%s: 400 invalid_url dns_unresolvable at request time', async (path, body) => {
    const hook = 'https://hooks.invalid/x';
    const sent = {
      method: 'POST',
      path,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body.replace('URL', `${site.url}/html`).replace('HOOK', hook),
    };
    const received = await send(sent);
    checkResponse(sent, received);
    expect(received.status, received.text).toBe(400);
    expect(JSON.parse(received.text).error.details).toMatchObject({
      url: hook,
      field: 'webhook_url',
      reason: 'dns_unresolvable',
    });
  });
});

describe('a declared oversize body is decided before reading (README: The local runtime)', () => {
  /** Sends a head announcing `length` bytes and no body; resolves with the answer once the server closes. */
  function declareOnly(path: string, length: number): Promise<{ status: number; body: string }> {
    const base = new URL(inject('baseUrl'));
    return new Promise((resolve, reject) => {
      const socket = connect(Number(base.port), base.hostname);
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => reject(new Error(`${path}: no answer within 5 s`)), 5000);
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(timer);
        const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body });
      });
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sk_test_${'0'.repeat(40)}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
      );
    });
  }

  it.each(['/v1/fetch/bulk', '/v1/scrape/bulk', '/v1/bulk'])(
    '%s declaring 21 MiB: 400 request_too_large declared_length at once, before the (unknown) key',
    async (path) => {
      const answer = await declareOnly(path, 22_020_096);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error).toMatchObject({
        code: 'request_too_large',
        details: { reason: 'declared_length', limit_bytes: 20 * 1024 * 1024 },
      });
    },
  );

  it.each([
    ['/v1/fetch', 22_020_096],
    ['/v1/scrape', 11 * 1024 * 1024],
    ['/v1/fetch/bulk', 12 * 1024 * 1024],
  ])('%s declaring %i bytes: API Gateway’s 413 at once', async (path, length) => {
    const answer = await declareOnly(path, length);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request Entity Too Large' });
  });
});
