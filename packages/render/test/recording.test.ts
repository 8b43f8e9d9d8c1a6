import { isReservedAddress, type ResolvedAddress } from '@webcapture/capture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../test/fixtures/site';
import { BrowserHost, type RenderGuardOptions, renderPage, TrafficRecorder } from '../src/index';

describe('TrafficRecorder', () => {
  it('shares one body budget per recording: what does not fit is cut and flagged', () => {
    const recorder = new TrafficRecorder(10);
    const first = recorder.body();
    first.push(new Uint8Array(6));
    first.push(new Uint8Array(6));
    expect(first.bytes().byteLength).toBe(10);
    expect(first.truncated).toBe(true);
    const second = recorder.body();
    second.push(new Uint8Array(1));
    expect(second.bytes().byteLength).toBe(0);
    expect(second.truncated).toBe(true);
    const empty = recorder.body();
    expect(empty.truncated).toBe(false);
  });

  it('never keeps an Authorization value', () => {
    expect(
      TrafficRecorder.requestHeaders([
        'Host',
        'a.test',
        'Authorization',
        'Bearer sk_live_x',
        'Accept',
        '*/*',
      ]),
    ).toEqual([
      ['Host', 'a.test'],
      ['Authorization', '[redacted]'],
      ['Accept', '*/*'],
    ]);
  });
});

describe('a recorded render behind the SSRF guard', () => {
  // Tests only: the fixture site's https listener has a self-signed certificate.
  const host = new BrowserHost({ acceptInsecureCerts: true });
  let site: FixtureSite;
  // The page is served from 127.0.0.1, which this policy lets through; every other reserved
  // address is refused as in production.
  const guarded: RenderGuardOptions = {
    allowPrivateTargets: false,
    host,
    isAllowedAddress: (address) => address === '127.0.0.1' || !isReservedAddress(address),
    resolve: async (name): Promise<ResolvedAddress[]> => {
      const address = { 'page.test': '127.0.0.1', 'private.test': '10.1.2.3' }[name];
      if (!address) throw Object.assign(new Error(`no address for ${name}`), { code: 'ENOTFOUND' });
      return [{ address, family: 4 }];
    },
  };

  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await host.close();
    await site.close();
  });

  it('keeps the exchanges it allowed and the private subresource it refused, without a body', async () => {
    const secret = 'http://private.test/secret';
    const page = await renderPage(
      {
        url: `http://page.test:${site.port}/render/probe?url=${encodeURIComponent(secret)}`,
        timeoutMs: 20_000,
        record: true,
      },
      guarded,
    );
    const recorded = page.recorded;
    expect(recorded?.exchanges[0]).toMatchObject({
      url: `http://page.test:${site.port}/render/probe?url=${encodeURIComponent(secret)}`,
      method: 'GET',
      status: 200,
      ip: '127.0.0.1',
      truncated: false,
    });
    expect(recorded?.exchanges.some((exchange) => exchange.url.startsWith('http://private.test'))).toBe(
      false,
    );
    expect(recorded?.refusals).toContainEqual(
      expect.objectContaining({ target: secret, reason: 'private_address', address: '10.1.2.3' }),
    );
  });

  it('keeps https exchanges from Chromium, each once, decoded, with the tunnel address and no credentials', async () => {
    const origin = `https://page.test:${new URL(site.httpsUrl).port}`;
    const page = await renderPage(
      {
        url: `${origin}/render/recorded`,
        timeoutMs: 20_000,
        waitUntil: 'networkidle',
        headers: { Authorization: 'Bearer sk_live_never_recorded' },
        record: true,
      },
      guarded,
    );
    const exchanges = page.recorded?.exchanges ?? [];
    for (const path of ['/render/recorded', '/render/recorded.css', '/image.png', '/json']) {
      const matching = exchanges.filter((exchange) => exchange.url === `${origin}${path}`);
      expect(matching, path).toHaveLength(1);
      expect(matching[0]).toMatchObject({ method: 'GET', status: 200, ip: '127.0.0.1', truncated: false });
    }
    const stylesheet = exchanges.find((exchange) => exchange.url === `${origin}/render/recorded.css`);
    expect(Buffer.from(stylesheet?.responseBody ?? []).toString()).toBe('article { font-family: serif; }');
    expect(stylesheet?.responseHeaders).toContainEqual(['content-length', '31']);
    expect(JSON.stringify(exchanges.map((exchange) => exchange.requestHeaders))).not.toContain('sk_live');
    expect(page.recorded?.tunnels.some((tunnel) => tunnel.authority === new URL(origin).host)).toBe(true);
    // Chromium upgrades the https page's http image (mixed content): the guard refuses its tunnel.
    expect(page.recorded?.refusals).toContainEqual(
      expect.objectContaining({ target: 'no-such-host.invalid:443', reason: 'unreachable' }),
    );
  });

  it('keeps nothing when not asked to', async () => {
    const page = await renderPage({ url: `http://page.test:${site.port}/html`, timeoutMs: 20_000 }, guarded);
    expect(page.recorded).toBeUndefined();
  });
});
