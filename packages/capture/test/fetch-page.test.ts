import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectProxy, startConnectProxy } from '../../../test/fixtures/connect-proxy';
import {
  CHARSET_SAMPLES,
  FIXTURE_ARTICLE_HTML,
  FIXTURE_ARTICLE_TITLE,
  FIXTURE_JSON,
  FIXTURE_PDF,
  FIXTURE_PNG,
  FIXTURE_TEXT,
  FIXTURE_XML,
  type FixtureSite,
  startFixtureSite,
} from '../../../test/fixtures/site';
import { createFetcher, type FetchRequest, fetchPage } from '../src/index';
import { expectApiError } from './expect-api-error';

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});

afterAll(async () => {
  await site.close();
});

/** The fixture lives on loopback, so these tests lift the SSRF guard; ssrf.test.ts covers the guard. */
function get(path: string, options: Partial<FetchRequest> = {}) {
  return fetchPage({ url: `${site.url}${path}`, timeoutMs: 10_000, allowPrivateTargets: true, ...options });
}

const text = (body: Uint8Array) => Buffer.from(body).toString('utf8');

describe('redirects', () => {
  it('follows a chain and records every hop', async () => {
    const result = await get('/redirect/chain/3');
    expect(result.url).toBe(`${site.url}/redirect/chain/3`);
    expect(result.finalUrl).toBe(`${site.url}/html`);
    expect(result.redirects).toEqual([
      { url: `${site.url}/redirect/chain/3`, status: 302 },
      { url: `${site.url}/redirect/chain/2`, status: 302 },
      { url: `${site.url}/redirect/chain/1`, status: 302 },
    ]);
    expect(result.status).toBe(200);
    expect(text(result.body)).toContain(FIXTURE_ARTICLE_TITLE);
  });

  it('follows up to ten redirects and refuses the eleventh', async () => {
    const ten = await get('/redirect/chain/10');
    expect(ten.redirects).toHaveLength(10);
    expect(ten.finalUrl).toBe(`${site.url}/html`);
    const error = await expectApiError(get('/redirect/chain/11'), 'internal_error');
    expect(error.details).toMatchObject({ reason: 'too_many_redirects', limit: 10 });
  });

  it('detects a loop', async () => {
    const error = await expectApiError(get('/redirect/loop'), 'internal_error');
    expect(error.details).toEqual({ reason: 'redirect_loop', url: `${site.url}/redirect/loop` });
  });

  it('resolves a relative Location against the URL that sent it', async () => {
    const result = await get('/redirect/relative');
    expect(result.finalUrl).toBe(`${site.url}/html`);
    expect(result.redirects).toEqual([{ url: `${site.url}/redirect/relative`, status: 302 }]);
  });

  it.each([301, 303, 307, 308])('follows %i with a GET', async (status) => {
    const result = await get(`/redirect/to?status=${status}&url=/echo-headers`);
    expect(result.redirects).toEqual([
      { url: `${site.url}/redirect/to?status=${status}&url=/echo-headers`, status },
    ]);
    expect(JSON.parse(text(result.body))).toMatchObject({ method: 'GET', path: '/echo-headers' });
  });

  it('refuses a redirect to a scheme other than http or https', async () => {
    const error = await expectApiError(get('/redirect/to?url=file:///etc/passwd'), 'invalid_url');
    expect(error.details).toEqual({ url: 'file:///etc/passwd', field: 'url', reason: 'scheme_unsupported' });
  });
});

describe('charsets are handed through, bytes untouched', () => {
  it.each(['shift_jis', 'gbk', 'windows-1251', 'iso-8859-2'])(
    '%s declared in the header',
    async (encoding) => {
      const result = await get(`/charset/${encoding}`);
      expect(result.contentType).toBe('text/html');
      expect(result.charset).toBe(encoding);
      expect(iconv.decode(Buffer.from(result.body), encoding)).toContain(CHARSET_SAMPLES[encoding]);
      expect(text(result.body)).not.toContain(CHARSET_SAMPLES[encoding]);
    },
  );

  it('leaves charset null when only a meta tag declares it', async () => {
    const result = await get('/charset/shift_jis?via=meta');
    expect(result.charset).toBeNull();
    expect(text(result.body)).toContain('<meta charset="shift_jis">');
  });

  it.each([
    ['utf-8', [0xef, 0xbb, 0xbf]],
    ['utf-16le', [0xff, 0xfe]],
    ['utf-16be', [0xfe, 0xff]],
  ])('keeps the %s byte-order mark', async (encoding, bom) => {
    const result = await get(`/charset/bom/${encoding}`);
    expect(result.charset).toBeNull();
    expect(Array.from(result.body.subarray(0, bom.length))).toEqual(bom);
    expect(iconv.decode(Buffer.from(result.body), encoding)).toContain(CHARSET_SAMPLES[encoding]);
  });
});

describe('compressed bodies', () => {
  it.each(['/gzip', '/br', '/deflate', '/deflate?raw=1'])(
    '%s is decompressed and billed by wire bytes',
    async (path) => {
      const result = await get(path);
      expect(text(result.body)).toBe(FIXTURE_ARTICLE_HTML);
      expect(result.wireBytes).toBeGreaterThan(0);
      expect(result.wireBytes).toBeLessThan(result.body.length);
      expect(result.wireBytes).toBe(Number(result.headers['content-length']));
    },
  );

  it('counts wire bytes equal to body bytes when nothing is compressed', async () => {
    const result = await get('/html');
    expect(result.wireBytes).toBe(result.body.length);
  });

  it('offers only the encodings it can decode', async () => {
    const { headers } = JSON.parse(text((await get('/echo-headers')).body));
    expect(headers['accept-encoding']).toMatch(/^gzip, deflate, br(, zstd)?$/);
  });

  it('reports a body that is not what its encoding claims', async () => {
    const error = await expectApiError(get('/gzip?corrupt=1'), 'internal_error');
    expect(error.details).toEqual({ reason: 'decoding_failed', encoding: 'gzip' });
  });

  it('reports an encoding it cannot decode', async () => {
    const error = await expectApiError(get('/encoding/compress'), 'internal_error');
    expect(error.details).toEqual({ reason: 'unsupported_content_encoding', encoding: 'compress' });
  });
});

describe('result', () => {
  it('describes the final response', async () => {
    const result = await get('/html');
    expect(result.status).toBe(200);
    expect(result.contentType).toBe('text/html');
    expect(result.charset).toBe('utf-8');
    expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Object.keys(result.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(result.retrievedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(result.remoteAddress).toBe('127.0.0.1');
    expect(result.proxyCountry).toBeNull();
    expect(result.redirects).toEqual([]);
  });

  it('sends browser-like request headers', async () => {
    const { headers } = JSON.parse(text((await get('/echo-headers')).body));
    expect(headers['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome\/\d+/);
    expect(headers.accept).toContain('text/html');
    expect(headers['accept-language']).toContain('en');
  });

  it('sends a conditional request with the validators given, and only those', async () => {
    const conditional = { ifNoneMatch: '"v1"', ifModifiedSince: 'Sun, 01 Nov 2026 00:00:00 GMT' };
    const { headers } = JSON.parse(text((await get('/echo-headers', { conditional })).body));
    expect(headers['if-none-match']).toBe('"v1"');
    expect(headers['if-modified-since']).toBe('Sun, 01 Nov 2026 00:00:00 GMT');
    const plain = JSON.parse(text((await get('/echo-headers', { conditional: { ifNoneMatch: null } })).body));
    expect(plain.headers['if-none-match']).toBeUndefined();
    expect(plain.headers['if-modified-since']).toBeUndefined();
  });

  it('returns a 304 as an outcome with no body, even one claiming a gzip encoding', async () => {
    // A 304 repeats the representation's headers (Content-Encoding among them) over no body.
    const origin = createServer((_request, response) => {
      response.writeHead(304, { etag: '"v1"', 'content-encoding': 'gzip' }).end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const { port } = origin.address() as AddressInfo;
    try {
      const result = await fetchPage({
        url: `http://127.0.0.1:${port}/page`,
        timeoutMs: 5000,
        allowPrivateTargets: true,
        conditional: { ifNoneMatch: '"v1"' },
      });
      expect(result.status).toBe(304);
      expect(result.body).toHaveLength(0);
      expect(result.headers.etag).toBe('"v1"');
    } finally {
      origin.closeAllConnections();
      await new Promise((resolve) => origin.close(resolve));
    }
  });

  it.each([404, 500])('returns a %i upstream with its status instead of throwing', async (status) => {
    const result = await get(`/status/${status}`);
    expect(result.status).toBe(status);
    expect(text(result.body)).toContain(`Status ${status}`);
  });
});

describe('non-HTML types pass through untouched', () => {
  it.each([
    ['/json', 'application/json', Buffer.from(JSON.stringify(FIXTURE_JSON))],
    ['/text', 'text/plain', Buffer.from(FIXTURE_TEXT)],
    ['/xml', 'application/xml', Buffer.from(FIXTURE_XML)],
    ['/pdf', 'application/pdf', FIXTURE_PDF],
    ['/image.png', 'image/png', FIXTURE_PNG],
  ])('%s', async (path, contentType, bytes) => {
    const result = await get(path);
    expect(result.contentType).toBe(contentType);
    expect(Buffer.from(result.body).equals(bytes)).toBe(true);
  });
});

describe('deadline and size limits', () => {
  it('gives up on headers slower than timeoutMs', async () => {
    const error = await expectApiError(get('/slow?ms=20000', { timeoutMs: 1000 }), 'internal_error');
    expect(error.message).toBe('The page did not answer within 1000 ms.');
    expect(error.details).toEqual({ reason: 'timeout', timeout_ms: 1000 });
  });

  it('counts the body against the same deadline', async () => {
    const error = await expectApiError(get('/slow-body?ms=20000', { timeoutMs: 1000 }), 'internal_error');
    expect(error.details).toEqual({ reason: 'timeout', timeout_ms: 1000 });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = get('/slow?ms=20000', { signal: controller.signal });
    controller.abort();
    const error = await expectApiError(pending, 'internal_error');
    expect(error.details).toEqual({ reason: 'aborted' });
  });

  it('refuses a body over the default 10 MiB while it streams', async () => {
    const error = await expectApiError(get('/huge?mb=64'), 'internal_error');
    expect(error.details).toEqual({ reason: 'body_too_large', limit: 10 * 1024 * 1024 });
  });

  it('applies maxBodyBytes to the decompressed size of a gzip bomb', async () => {
    const error = await expectApiError(
      get('/huge?mb=64&encoding=gzip', { maxBodyBytes: 1024 * 1024 }),
      'internal_error',
    );
    expect(error.details).toEqual({ reason: 'body_too_large', limit: 1024 * 1024 });
  });

  it('accepts a large body under the limit', async () => {
    const result = await get('/huge?mb=3');
    expect(result.body.length).toBe(3 * 1024 * 1024);
  });
});

describe('connection failures', () => {
  it('reports a refused connection without internals', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await expectApiError(
      fetchPage({ url: `http://127.0.0.1:${port}/`, timeoutMs: 5000, allowPrivateTargets: true }),
      'internal_error',
    );
    expect(error.message).toBe('The page could not be fetched: the connection was refused.');
    expect(error.details).toEqual({ reason: 'connection_refused', url: `http://127.0.0.1:${port}/` });
  });

  it("reports a name that does not exist as the caller's invalid_url (400), not a retryable 500", async () => {
    const fetcher = createFetcher({
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
      },
    });
    const error = await expectApiError(
      fetcher({ url: 'http://nowhere.test/', timeoutMs: 5000 }),
      'invalid_url',
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('The host name nowhere.test does not resolve (no such name in DNS).');
    expect(error.details).toEqual({
      url: 'http://nowhere.test/',
      field: 'url',
      reason: 'dns_unresolvable',
      redirected: false,
    });
  });

  it('reports DNS trouble of our own (EAI_AGAIN) as the retryable dns_failure', async () => {
    const fetcher = createFetcher({
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo EAI_AGAIN nowhere.test'), { code: 'EAI_AGAIN' });
      },
    });
    const error = await expectApiError(
      fetcher({ url: 'http://nowhere.test/', timeoutMs: 5000 }),
      'internal_error',
    );
    expect(error.message).toBe('The page could not be fetched: the host name could not be resolved.');
    expect(error.details).toEqual({ reason: 'dns_failure', url: 'http://nowhere.test/' });
  });

  it('reports an untrusted certificate as a TLS failure', async () => {
    const error = await expectApiError(get('/html', { url: `${site.httpsUrl}/html` }), 'internal_error');
    expect(error.details).toEqual({ reason: 'tls_error', url: `${site.httpsUrl}/html` });
  });

  it('refuses a malformed URL', async () => {
    const error = await expectApiError(get('', { url: 'http://exa mple.com/' }), 'invalid_url');
    expect(error.details).toEqual({ url: 'http://exa mple.com/', field: 'url', reason: 'malformed' });
  });
});

describe('per-country proxies', () => {
  let proxy: ConnectProxy;

  beforeAll(async () => {
    proxy = await startConnectProxy();
  });

  afterEach(() => {
    delete process.env.PROXY_URLS;
  });

  afterAll(async () => {
    await proxy.close();
  });

  it('routes a country through the proxy PROXY_URLS names for it, with its credentials', async () => {
    process.env.PROXY_URLS = JSON.stringify({ DE: proxy.url.replace('http://', 'http://user:secret@') });
    const result = await get('/html', { country: 'DE' });
    expect(result.status).toBe(200);
    expect(result.proxyCountry).toBe('DE');
    expect(proxy.tunnels).toEqual([
      {
        target: `127.0.0.1:${site.port}`,
        authorization: `Basic ${Buffer.from('user:secret').toString('base64')}`,
      },
    ]);
  });

  it('goes direct for a country without a proxy', async () => {
    process.env.PROXY_URLS = JSON.stringify({ DE: proxy.url });
    const before = proxy.tunnels.length;
    const result = await get('/html', { country: 'FR' });
    expect(result.proxyCountry).toBeNull();
    expect(proxy.tunnels).toHaveLength(before);
  });

  it('still refuses private targets before handing them to a proxy', async () => {
    process.env.PROXY_URLS = JSON.stringify({ DE: proxy.url });
    const before = proxy.tunnels.length;
    const error = await expectApiError(
      get('/html', { country: 'DE', allowPrivateTargets: false }),
      'invalid_url',
    );
    expect(error.details).toMatchObject({ reason: 'private_address' });
    expect(proxy.tunnels).toHaveLength(before);
  });

  it('refuses to guess when PROXY_URLS is not a map of countries to URLs, without echoing it', async () => {
    for (const value of ['http://user:secret@proxy.example:3128', '["x"]', '{"de":"http://p.example"}']) {
      process.env.PROXY_URLS = value;
      const error = await expectApiError(get('/html', { country: 'DE' }), 'internal_error');
      expect(error.details).toEqual({ reason: 'proxy_misconfigured' });
      expect(error.message).not.toContain('secret');
    }
  });

  it("reports a proxy host that does not resolve as our retryable 500, not the caller's 400", async () => {
    process.env.PROXY_URLS = JSON.stringify({ DE: 'http://no-such-proxy.invalid:3128' });
    const error = await expectApiError(get('/html', { country: 'DE' }), 'internal_error');
    expect(error.status).toBe(500);
    expect(error.details).toEqual({ reason: 'network_error', url: `http://127.0.0.1:${site.port}/html` });
  });

  it('names the country whose proxy URL is not a URL', async () => {
    process.env.PROXY_URLS = JSON.stringify({ DE: 'not a url with secret' });
    const error = await expectApiError(get('/html', { country: 'DE' }), 'internal_error');
    expect(error.details).toEqual({ reason: 'proxy_misconfigured', country: 'DE' });
    expect(error.message).not.toContain('secret');
  });
});
