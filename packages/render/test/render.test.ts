import { createServer, type Server } from 'node:net';
import { isReservedAddress, type ResolvedAddress } from '@webcapture/capture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_LATE_TEXT, RENDER_SCRIPT_TEXT, recordedRequests } from '../../../test/fixtures/render-pages';
import { type FixtureSite, startFixtureSite } from '../../../test/fixtures/site';
import { until } from '../../../test/support/until';
import { expectApiError } from '../../capture/test/expect-api-error';
import { BrowserHost, captureScreenshot, imageSize, type RenderGuardOptions, renderPage } from '../src/index';

// One browser for the file; private targets allowed, since the fixture site is on loopback.
const host = new BrowserHost();
const open: RenderGuardOptions = { allowPrivateTargets: true, host };
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});

afterAll(async () => {
  await host.close();
  await site.close();
});

describe('renderPage', () => {
  it('captures the DOM a script built, with the document status and the bytes downloaded', async () => {
    const page = await renderPage({ url: `${site.url}/render/script-built`, timeoutMs: 20_000 }, open);
    expect(page.html).toContain(`<h1>Built by script</h1><p>${RENDER_SCRIPT_TEXT}</p>`);
    expect(page.status).toBe(200);
    expect(page.contentType).toBe('text/html');
    expect(page.finalUrl).toBe(`${site.url}/render/script-built`);
    expect(page.bytes).toBeGreaterThan(300);
    expect(page.requests).toBeGreaterThanOrEqual(1);
  });

  it('sends cookies and headers to the target origin and neither to a third party', async () => {
    const thirdParty = `http://localhost:${site.port}/render/record?key=third-party`;
    await renderPage(
      {
        url: `${site.url}/render/record?key=first-party&third_party=${encodeURIComponent(thirdParty)}`,
        cookies: [{ name: 'session', value: 'abc123' }],
        headers: { 'x-customer': 'yes', authorization: 'Bearer secret' },
        timeoutMs: 20_000,
      },
      open,
    );
    const [first] = recordedRequests('first-party');
    expect(first?.headers.cookie).toBe('session=abc123');
    expect(first?.headers['x-customer']).toBe('yes');
    expect(first?.headers.authorization).toBe('Bearer secret');
    expect(first?.headers['user-agent']).not.toContain('Headless');
    const [third] = recordedRequests('third-party');
    expect(third).toBeDefined();
    expect(third?.headers.cookie).toBeUndefined();
    expect(third?.headers['x-customer']).toBeUndefined();
    expect(third?.headers.authorization).toBeUndefined();
  });

  it('waits for a selector, or a delay, before reading the page', async () => {
    const url = `${site.url}/render/late?ms=2000`;
    const plain = await renderPage({ url, timeoutMs: 20_000 }, open);
    expect(plain.html).not.toContain(`<div id="late">${RENDER_LATE_TEXT}</div>`);
    const selected = await renderPage({ url, waitForSelector: '#late', timeoutMs: 20_000 }, open);
    expect(selected.html).toContain(`<div id="late">${RENDER_LATE_TEXT}</div>`);
    const delayed = await renderPage({ url, delayMs: 2600, timeoutMs: 20_000 }, open);
    expect(delayed.html).toContain(`<div id="late">${RENDER_LATE_TEXT}</div>`);
  });

  it('fails naming the selector that never appeared', async () => {
    const error = await expectApiError(
      renderPage({ url: `${site.url}/html`, waitForSelector: '#never-there', timeoutMs: 1500 }, open),
      'selector_timeout',
    );
    expect(error.message).toContain('#never-there');
    expect(error.details).toMatchObject({ selector: '#never-there' });
  });

  it('ends a page that never stops loading at the deadline', async () => {
    const error = await expectApiError(
      renderPage({ url: `${site.url}/render/hang`, timeoutMs: 1500 }, open),
      'internal_error',
    );
    expect(error.details).toMatchObject({ reason: 'timeout', timeout_ms: 1500 });
  });

  it('survives a hostile page (dialog, popup, endless loop) and the next capture is clean', async () => {
    const error = await expectApiError(
      renderPage({ url: `${site.url}/render/hostile`, delayMs: 500, timeoutMs: 2500 }, open),
      'internal_error',
    );
    expect(error.details).toMatchObject({ reason: 'timeout' });
    const next = await renderPage({ url: `${site.url}/render/script-built`, timeoutMs: 20_000 }, open);
    expect(next.html).toContain(RENDER_SCRIPT_TEXT);
  });

  it('never carries one capture’s cookies into the next', async () => {
    await renderPage({ url: `${site.url}/render/set-cookie?value=first`, timeoutMs: 20_000 }, open);
    await renderPage({ url: `${site.url}/render/record?key=after-cookie`, timeoutMs: 20_000 }, open);
    const [after] = recordedRequests('after-cookie');
    expect(after).toBeDefined();
    expect(after?.headers.cookie).toBeUndefined();
  });

  it('fails with the network error when the origin cannot be reached', async () => {
    const error = await expectApiError(
      renderPage({ url: 'http://127.0.0.1:1/', timeoutMs: 20_000 }, open),
      'internal_error',
    );
    expect(error.details).toMatchObject({ reason: 'unreachable', url: 'http://127.0.0.1:1/' });
    expect(String(error.details?.error)).toMatch(/^ERR_/);
  });

  it('stops loading at the request and byte caps, and still captures what it has', async () => {
    const fewRequests = await renderPage(
      { url: `${site.url}/html`, timeoutMs: 20_000 },
      { ...open, maxRequests: 1 },
    );
    expect(fewRequests.html).toContain('The Fixture Article');
    expect(fewRequests.limits).toEqual(['requests']);
    expect(fewRequests.blocked).toBeGreaterThanOrEqual(1);
    const probe = `${site.url}/render/probe?url=${encodeURIComponent(`${site.url}/huge?mb=4`)}`;
    const fewBytes = await renderPage(
      { url: probe, delayMs: 500, timeoutMs: 20_000 },
      { ...open, maxBytes: 256 * 1024 },
    );
    expect(fewBytes.html).toContain('Probe page');
    expect(fewBytes.limits).toContain('bytes');
    expect(fewBytes.bytes).toBeLessThan(4 * 1024 * 1024);
  });

  it('fails with browser_crashed when the browser dies mid-render', async () => {
    const own = new BrowserHost();
    try {
      const before = site.hits('/render/hang');
      const rendering = renderPage(
        { url: `${site.url}/render/hang`, timeoutMs: 30_000 },
        { ...open, host: own },
      );
      await until(
        () => Promise.resolve(site.hits('/render/hang')),
        (hits) => hits > before,
        'the page request',
      );
      (await own.browser()).process()?.kill('SIGKILL');
      const error = await expectApiError(rendering, 'internal_error');
      expect(error.details).toEqual({ reason: 'browser_crashed' });
    } finally {
      await own.close();
    }
  });

  it('relaunches a browser that crashed', async () => {
    const own = new BrowserHost();
    try {
      await renderPage({ url: `${site.url}/html`, timeoutMs: 20_000 }, { ...open, host: own });
      (await own.browser()).process()?.kill('SIGKILL');
      const page = await renderPage(
        { url: `${site.url}/render/script-built`, timeoutMs: 20_000 },
        { ...open, host: own },
      );
      expect(page.html).toContain(RENDER_SCRIPT_TEXT);
      expect(own.launches).toBe(2);
    } finally {
      await own.close();
    }
  });
});

describe('captureScreenshot', () => {
  it('takes an image of the requested size and format', async () => {
    const shot = await captureScreenshot(
      {
        url: `${site.url}/html`,
        viewport: { width: 400, height: 300, deviceScaleFactor: 2 },
        timeoutMs: 20_000,
      },
      { format: 'jpeg', quality: 60 },
      open,
    );
    expect(shot.format).toBe('jpeg');
    expect([shot.width, shot.height]).toEqual([800, 600]);
    expect(imageSize(shot.image)).toEqual({ width: 800, height: 600 });
  });
});

describe('the SSRF guard inside the browser', () => {
  let victim: Server;
  let victimPort = 0;
  let connections = 0;
  // The page itself is served from 127.0.0.1, which this policy lets through; everything else
  // reserved is refused exactly as in production.
  const names: Record<string, string> = { 'page.test': '127.0.0.1', 'rebind.test': '127.0.0.2' };
  const guarded: RenderGuardOptions = {
    allowPrivateTargets: false,
    host,
    isAllowedAddress: (address) => address === '127.0.0.1' || !isReservedAddress(address),
    resolve: async (name): Promise<ResolvedAddress[]> => {
      const address = names[name];
      if (!address) throw Object.assign(new Error(`no address for ${name}`), { code: 'ENOTFOUND' });
      return [{ address, family: 4 }];
    },
  };

  beforeAll(async () => {
    victim = createServer((socket) => {
      connections += 1;
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
    });
    await new Promise<void>((resolve) => victim.listen(0, '127.0.0.2', resolve));
    victimPort = (victim.address() as { port: number }).port;
  });

  afterAll(() => new Promise<void>((resolve) => victim.close(() => resolve())));

  it('reaches no reserved address through img, iframe, fetch, WebSocket or a redirect', async () => {
    const targets = [
      `http://127.0.0.2:${victimPort}/direct`,
      `http://[::ffff:127.0.0.2]:${victimPort}/mapped`,
      `http://rebind.test:${victimPort}/by-name`,
      `https://127.0.0.2:${victimPort}/tls`,
      'http://169.254.169.254/latest/meta-data/',
      `http://page.test:${site.port}/redirect/to?url=${encodeURIComponent(`http://127.0.0.2:${victimPort}/redirected`)}`,
    ];
    const query = targets.map((target) => `url=${encodeURIComponent(target)}`).join('&');
    const page = await renderPage(
      { url: `http://page.test:${site.port}/render/probe?${query}`, delayMs: 1000, timeoutMs: 20_000 },
      guarded,
    );
    expect(page.html).toContain('Probe page');
    expect(page.blocked).toBeGreaterThanOrEqual(targets.length);
    expect(connections).toBe(0);
  });

  const navigateTo = (to: string, how: 'meta' | 'script') =>
    `http://page.test:${site.port}/render/navigate?to=${encodeURIComponent(to)}&how=${how}`;

  const sentOn: Array<[name: string, how: 'meta' | 'script', to: () => string]> = [
    ['a meta refresh', 'meta', () => `http://127.0.0.2:${victimPort}/meta`],
    ['a script', 'script', () => `http://rebind.test:${victimPort}/script`],
    ['a script (to the cloud metadata address)', 'script', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a meta refresh (over https)', 'meta', () => `https://127.0.0.2:${victimPort}/tls`],
  ];

  it.each(sentOn)(
    'fails a page that %s sends on to a reserved address: 400 private_address, not an empty capture',
    async (_how, how, to) => {
      const target = to();
      for (const capture of [
        () => renderPage({ url: navigateTo(target, how), timeoutMs: 20_000 }, guarded),
        () => captureScreenshot({ url: navigateTo(target, how), timeoutMs: 20_000 }, {}, guarded),
      ]) {
        const error = await expectApiError(capture(), 'invalid_url');
        expect(error.details).toMatchObject({
          field: 'url',
          reason: 'private_address',
          url: new URL(target).href,
          redirected: true,
        });
      }
      expect(connections).toBe(0);
    },
  );

  it('answers a name that does not resolve with dns_unresolvable, as the fast path does', async () => {
    const first = await expectApiError(
      renderPage({ url: 'http://no-such-host.test/', timeoutMs: 20_000 }, guarded),
      'invalid_url',
    );
    expect(first.details).toMatchObject({ url: 'http://no-such-host.test/', reason: 'dns_unresolvable' });
    const navigated = await expectApiError(
      renderPage({ url: navigateTo('http://no-such-host.test/next', 'script'), timeoutMs: 20_000 }, guarded),
      'invalid_url',
    );
    expect(navigated.details).toMatchObject({
      url: 'http://no-such-host.test/next',
      reason: 'dns_unresolvable',
      redirected: true,
    });
  });

  it('still captures a page that navigates on to an allowed page', async () => {
    const page = await renderPage(
      { url: navigateTo(`http://page.test:${site.port}/render/script-built`, 'script'), timeoutMs: 20_000 },
      guarded,
    );
    expect(page.finalUrl).toBe(`http://page.test:${site.port}/render/script-built`);
    expect(page.html).toContain(RENDER_SCRIPT_TEXT);
  });

  it('refuses a document that redirects to a reserved address', async () => {
    const error = await expectApiError(
      renderPage(
        {
          url: `http://page.test:${site.port}/redirect/to?url=${encodeURIComponent(`http://rebind.test:${victimPort}/`)}`,
          timeoutMs: 20_000,
        },
        guarded,
      ),
      'invalid_url',
    );
    expect(error.details).toMatchObject({ reason: 'private_address' });
    expect(connections).toBe(0);
  });
});
