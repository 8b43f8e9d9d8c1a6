import { createServer, type Server } from 'node:net';
import { createFetcher, isReservedAddress, type ResolvedAddress } from '@webcapture/capture';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectProxy, startConnectProxy } from '../../../test/fixtures/connect-proxy';
import { RENDER_SCRIPT_TEXT, recordedRequests } from '../../../test/fixtures/render-pages';
import { type FixtureSite, startFixtureSite } from '../../../test/fixtures/site';
import { expectApiError } from '../../capture/test/expect-api-error';
import { BrowserHost, captureScreenshot, type RenderGuardOptions, renderPage } from '../src/index';

/**
 * Rendered captures chained through a country's upstream proxy (PROXY_URLS): a real CONNECT proxy
 * that records what it is asked for, real Chromium, the fixture site. The guard runs with the
 * production address rules, only the fixture page's own address (127.0.0.1) let through.
 */

const host = new BrowserHost();
let site: FixtureSite;
let upstream: ConnectProxy;
let victim: Server;
let victimPort = 0;
let victimConnections = 0;

// page.test is the fixture site; rebind.test a name that resolves to a reserved address.
const names: Record<string, string> = { 'page.test': '127.0.0.1', 'rebind.test': '127.0.0.2' };
const resolve = async (name: string): Promise<ResolvedAddress[]> => {
  const address = names[name];
  if (!address) throw Object.assign(new Error(`no address for ${name}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
const isAllowedAddress = (address: string) => address === '127.0.0.1' || !isReservedAddress(address);
const guarded: RenderGuardOptions = { allowPrivateTargets: false, host, resolve, isAllowedAddress };
const open: RenderGuardOptions = { allowPrivateTargets: true, host };
const credentials = `Basic ${Buffer.from('user:s3cret').toString('base64')}`;

/** PROXY_URLS with `DE` pointing at `url` (credentials user:s3cret unless `url` has its own). */
function proxyFor(url: string) {
  process.env.PROXY_URLS = JSON.stringify({ DE: url });
}
const withCredentials = (url: string) => url.replace('http://', 'http://user:s3cret@');

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

beforeAll(async () => {
  site = await startFixtureSite();
  // The upstream resolves names on its own, like a real egress proxy.
  upstream = await startConnectProxy({ names, requireAuthorization: credentials });
  victim = createServer((socket) => {
    victimConnections += 1;
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
  });
  await new Promise<void>((done) => victim.listen(0, '127.0.0.2', done));
  victimPort = (victim.address() as { port: number }).port;
});

afterEach(() => {
  delete process.env.PROXY_URLS;
});

afterAll(async () => {
  await host.close();
  await upstream.close();
  await new Promise<void>((done) => victim.close(() => done()));
  await site.close();
});

describe('a rendered capture with a country', () => {
  it('loads the page and its subresources through the country proxy, with its credentials', async () => {
    proxyFor(withCredentials(upstream.url));
    const before = upstream.tunnels.length;
    const page = await renderPage(
      {
        url: `http://page.test:${site.port}/render/record?key=via-upstream`,
        country: 'DE',
        timeoutMs: 20_000,
      },
      guarded,
    );
    expect(page.status).toBe(200);
    expect(page.proxyCountry).toBe('DE');
    expect(page.bytes).toBeGreaterThan(0);
    const [seen] = recordedRequests('via-upstream');
    expect(seen).toBeDefined();
    // Plain HTTP goes through CONNECT as well (as undici's ProxyAgent sends it), with the credentials.
    const tunnels = upstream.tunnels.slice(before);
    expect(tunnels.length).toBeGreaterThanOrEqual(1);
    expect(tunnels).toContainEqual({ target: `page.test:${site.port}`, authorization: credentials });
    expect(tunnels.every((tunnel) => tunnel.authorization === credentials)).toBe(true);
    expect(upstream.plainRequests).toBe(0);
  });

  it('tunnels https through the country proxy: the origin’s own certificate comes back through it', async () => {
    proxyFor(withCredentials(upstream.url));
    const before = upstream.tunnels.length;
    const httpsPort = new URL(site.httpsUrl).port;
    // The fixture's certificate is self-signed: Chromium refuses it, which proves the TLS
    // handshake with the origin went through the tunnel (the guard and the upstream never see inside).
    const error = await expectApiError(
      renderPage({ url: `https://page.test:${httpsPort}/html`, country: 'DE', timeoutMs: 20_000 }, guarded),
      'internal_error',
    );
    expect(String(error.details?.error)).toMatch(/^ERR_CERT_/);
    expect(upstream.tunnels.slice(before)).toContainEqual({
      target: `page.test:${httpsPort}`,
      authorization: credentials,
    });
  });

  it('takes a screenshot through the country proxy too', async () => {
    proxyFor(withCredentials(upstream.url));
    const before = upstream.tunnels.length;
    const shot = await captureScreenshot(
      {
        url: `http://page.test:${site.port}/render/script-built`,
        country: 'DE',
        viewport: { width: 320, height: 200 },
        timeoutMs: 20_000,
      },
      {},
      guarded,
    );
    expect([shot.width, shot.height]).toEqual([320, 200]);
    expect(shot.proxyCountry).toBe('DE');
    expect(upstream.tunnels.slice(before)).toContainEqual({
      target: `page.test:${site.port}`,
      authorization: credentials,
    });
  });

  it('still refuses reserved targets, by name and by literal, before asking the upstream', async () => {
    proxyFor(withCredentials(upstream.url));
    const before = upstream.tunnels.length;
    const targets = [
      `http://127.0.0.2:${victimPort}/direct`,
      `http://[::ffff:127.0.0.2]:${victimPort}/mapped`,
      `http://rebind.test:${victimPort}/by-name`,
      `https://rebind.test:${victimPort}/tls`,
      'http://169.254.169.254/latest/meta-data/',
    ];
    const query = targets.map((target) => `url=${encodeURIComponent(target)}`).join('&');
    const page = await renderPage(
      {
        url: `http://page.test:${site.port}/render/probe?${query}`,
        country: 'DE',
        delayMs: 1000,
        timeoutMs: 20_000,
      },
      guarded,
    );
    expect(page.html).toContain('Probe page');
    expect(page.blocked).toBeGreaterThanOrEqual(targets.length);
    expect(victimConnections).toBe(0);
    // The upstream was asked for the page alone: no reserved target ever reached it.
    const asked = new Set(upstream.tunnels.slice(before).map((tunnel) => tunnel.target));
    expect([...asked]).toEqual([`page.test:${site.port}`]);
  });

  it('refuses a document on a reserved address, as the fast path does through its proxy', async () => {
    proxyFor(withCredentials(upstream.url));
    const before = upstream.tunnels.length;
    const url = `http://rebind.test:${victimPort}/`;
    const rendered = await expectApiError(
      renderPage({ url, country: 'DE', timeoutMs: 20_000 }, guarded),
      'invalid_url',
    );
    expect(rendered.details).toMatchObject({ reason: 'private_address', field: 'url' });
    const fetched = await expectApiError(
      createFetcher({ resolve, isAllowedAddress })({
        url,
        country: 'DE',
        timeoutMs: 20_000,
        allowPrivateTargets: false,
      }),
      'invalid_url',
    );
    expect(fetched.details).toMatchObject({ reason: 'private_address' });
    expect(upstream.tunnels.slice(before)).toEqual([]);
    expect(victimConnections).toBe(0);
  });

  it('goes out directly for a country without a proxy, and without a country, as the fast path', async () => {
    proxyFor(withCredentials(upstream.url));
    const before = upstream.tunnels.length;
    for (const country of ['FR', undefined]) {
      const page = await renderPage(
        { url: `${site.url}/render/script-built`, country, timeoutMs: 20_000 },
        open,
      );
      expect(page.html).toContain(RENDER_SCRIPT_TEXT);
      expect(page.proxyCountry).toBeNull();
    }
    expect(upstream.tunnels).toHaveLength(before);
  });
});

describe('a country proxy that fails', () => {
  const fetcher = createFetcher();

  /** The same capture on the fast path and rendered: both must fail the same way. */
  async function bothFail(code: string) {
    const url = `${site.url}/html`;
    const fetched = await expectApiError(
      fetcher({ url, country: 'DE', timeoutMs: 20_000, allowPrivateTargets: true }),
      code,
    );
    const rendered = await expectApiError(renderPage({ url, country: 'DE', timeoutMs: 20_000 }, open), code);
    expect(rendered.status).toBe(fetched.status);
    expect(rendered.message).toBe(fetched.message);
    expect(rendered.details).toEqual(fetched.details);
    return rendered;
  }

  it('is down: the fast path’s connection_refused', async () => {
    proxyFor(`http://127.0.0.1:${await closedPort()}`);
    const error = await bothFail('internal_error');
    expect(error.details).toMatchObject({ reason: 'connection_refused' });
  });

  it('refuses the credentials (407): the fast path’s network_error, and the credentials were sent', async () => {
    proxyFor(upstream.url.replace('http://', 'http://user:wrong@'));
    const before = upstream.tunnels.length;
    const error = await bothFail('internal_error');
    expect(error.details).toMatchObject({ reason: 'network_error' });
    expect(upstream.tunnels.slice(before).map((tunnel) => tunnel.authorization)).toContain(
      `Basic ${Buffer.from('user:wrong').toString('base64')}`,
    );
  });

  it('is misconfigured: proxy_misconfigured, never echoing the value', async () => {
    process.env.PROXY_URLS = '{"de":"http://user:s3cret@p.example"}';
    const error = await bothFail('internal_error');
    expect(error.details).toEqual({ reason: 'proxy_misconfigured' });
    proxyFor('not a url with s3cret');
    const named = await bothFail('internal_error');
    expect(named.details).toEqual({ reason: 'proxy_misconfigured', country: 'DE' });
    expect(named.message).not.toContain('s3cret');
  });

  it('is a SOCKS proxy, which rendered captures cannot chain to yet', async () => {
    proxyFor('socks5://user:s3cret@127.0.0.1:1080');
    const error = await expectApiError(
      renderPage({ url: `${site.url}/html`, country: 'DE', timeoutMs: 20_000 }, open),
      'internal_error',
    );
    expect(error.details).toEqual({ reason: 'proxy_unsupported', country: 'DE' });
    expect(error.message).not.toContain('s3cret');
  });
});
