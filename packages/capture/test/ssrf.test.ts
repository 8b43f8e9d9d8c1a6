import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../test/fixtures/site';
import { checkTarget, createFetcher, fetchPage, isReservedAddress, type ResolvedAddress } from '../src/index';
import { expectApiError } from './expect-api-error';

/**
 * `privateSite` on 127.0.0.1 plays an internal service that must never be reached.
 * `publicSite` on 127.0.0.2 plays an ordinary public web server: tests that need one inject an
 * address policy treating 127.0.0.2 as public, since no real public address is reachable here.
 * Both listen on the same port so that a name flipping between the two addresses (DNS
 * rebinding) would land on the private one if the guard checked one address and connected to another.
 */
let privateSite: FixtureSite;
let publicSite: FixtureSite;

beforeAll(async () => {
  privateSite = await startFixtureSite();
  publicSite = await startFixtureSite({ host: '127.0.0.2', port: privateSite.port });
});

afterAll(async () => {
  await Promise.all([privateSite.close(), publicSite.close()]);
});

afterEach(() => {
  delete process.env.ALLOW_PRIVATE_TARGETS;
});

const PUBLIC_STAND_IN = '127.0.0.2';
const treatStandInAsPublic = (address: string) => address === PUBLIC_STAND_IN || !isReservedAddress(address);

/** A resolver from a fixed table, recording every name it is asked for. */
function resolverFor(table: Record<string, Array<string | string[]>>) {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    // One entry per call when several are listed: later lookups get later answers.
    const answer =
      answers[Math.min(asked.filter((name) => name === hostname).length - 1, answers.length - 1)];
    return [answer ?? []].flat().map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

function expectPrivateAddressRefusal(details: unknown, url: string) {
  expect(details).toMatchObject({ url, field: 'url', reason: 'private_address' });
}

describe('literal addresses', () => {
  const port = () => privateSite.port;
  it.each([
    ['loopback', () => `http://127.0.0.1:${port()}/html`],
    ['loopback, another 127/8 address', () => 'http://127.0.0.2/'],
    ['private 10/8', () => 'http://10.0.0.1/'],
    ['private 172.16/12', () => 'http://172.16.5.4/'],
    ['private 192.168/16', () => 'http://192.168.1.1/'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['unspecified', () => `http://0.0.0.0:${port()}/html`],
    ['broadcast', () => 'http://255.255.255.255/'],
    ['multicast', () => 'http://224.0.0.1/'],
    ['IPv6 loopback', () => `http://[::1]:${port()}/html`],
    ['IPv6 unspecified', () => 'http://[::]/'],
    ['IPv4-mapped loopback, dotted', () => `http://[::ffff:127.0.0.1]:${port()}/html`],
    ['IPv4-mapped loopback, hex', () => `http://[::ffff:7f00:1]:${port()}/html`],
    ['IPv4-compatible loopback', () => `http://[::127.0.0.1]:${port()}/html`],
    ['NAT64 of loopback', () => `http://[64:ff9b::7f00:1]:${port()}/html`],
    ['IPv4-translated loopback', () => `http://[::ffff:0:127.0.0.1]:${port()}/html`],
    ['IPv4-translated cloud metadata', () => 'http://[::ffff:0:169.254.169.254]/'],
    ['local-use NAT64 of private 10/8', () => 'http://[64:ff9b:1::a00:1]/'],
    ['6to4 of loopback', () => `http://[2002:7f00:1::1]:${port()}/html`],
    ['Teredo', () => 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/'],
    ['IPv6 discard-only', () => 'http://[100::1]/'],
    ['IPv6 documentation', () => 'http://[3fff::1]/'],
    ['IPv4 benchmarking', () => 'http://198.18.0.1/'],
    ['localhost', () => `http://localhost:${port()}/html`],
    ['localhost with a trailing dot', () => `http://localhost.:${port()}/html`],
    ['a name under localhost', () => `http://api.localhost:${port()}/html`],
    ['a name under localhost, trailing dot and capitals', () => `http://A.B.LocalHost.:${port()}/html`],
    ['NAT64 of cloud metadata', () => 'http://[64:ff9b::169.254.169.254]/'],
    ['6to4 of private 10/8', () => 'http://[2002:a00:1::]/'],
    ['unique-local', () => 'http://[fc00::1]/'],
    ['unique-local fd00::/8', () => 'http://[fd12:3456::1]/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['IPv6 multicast', () => 'http://[ff02::1]/'],
    ['decimal IPv4', () => `http://2130706433:${port()}/html`],
    ['hex and short IPv4', () => `http://0x7f.1:${port()}/html`],
    ['short IPv4', () => `http://127.1:${port()}/html`],
    ['octal IPv4', () => `http://0177.0.0.1:${port()}/html`],
    ['trailing-dot IPv4', () => `http://127.0.0.1.:${port()}/html`],
  ])('refuses %s', async (_name, target) => {
    const url = target();
    const error = await expectApiError(
      fetchPage({ url, timeoutMs: 5000, allowPrivateTargets: false }),
      'invalid_url',
    );
    expect(error.message).toMatch(/^The URL resolves to a private or reserved address/);
    expectPrivateAddressRefusal(error.details, new URL(url).href);
    expect(privateSite.hits('/html')).toBe(0);
  });

  it('refuses by default and when ALLOW_PRIVATE_TARGETS is anything but "true"', async () => {
    const url = `${privateSite.url}/html`;
    await expectApiError(fetchPage({ url, timeoutMs: 5000 }), 'invalid_url');
    process.env.ALLOW_PRIVATE_TARGETS = '1';
    await expectApiError(fetchPage({ url, timeoutMs: 5000 }), 'invalid_url');
    expect(privateSite.hits('/html')).toBe(0);
  });

  it('lets ALLOW_PRIVATE_TARGETS=true or allowPrivateTargets lift the guard, and false override the variable', async () => {
    const url = `${privateSite.url}/text`;
    process.env.ALLOW_PRIVATE_TARGETS = 'true';
    expect((await fetchPage({ url, timeoutMs: 5000 })).status).toBe(200);
    await expectApiError(fetchPage({ url, timeoutMs: 5000, allowPrivateTargets: false }), 'invalid_url');
    delete process.env.ALLOW_PRIVATE_TARGETS;
    expect((await fetchPage({ url, timeoutMs: 5000, allowPrivateTargets: true })).status).toBe(200);
    expect(privateSite.hits('/text')).toBe(2);
  });

  it('answers localhost names as loopback itself (RFC 6761), so lifting the guard reaches 127.0.0.1', async () => {
    const url = `http://api.localhost:${privateSite.port}/text`;
    const before = privateSite.hits('/text');
    expect((await fetchPage({ url, timeoutMs: 5000, allowPrivateTargets: true })).remoteAddress).toBe(
      '127.0.0.1',
    );
    expect(privateSite.hits('/text')).toBe(before + 1);
  });

  it.each([
    ['ftp', 'ftp://example.com/file'],
    ['file', 'file:///etc/passwd'],
    ['gopher', 'gopher://127.0.0.1:6379/_INFO'],
    ['data', 'data:text/html,hi'],
  ])('refuses the %s scheme', async (_name, url) => {
    const error = await expectApiError(fetchPage({ url, timeoutMs: 5000 }), 'invalid_url');
    expect(error.details).toEqual({ url, field: 'url', reason: 'scheme_unsupported' });
  });
});

describe('host names are judged by what they resolve to, at connect time', () => {
  it('refuses a name that resolves to a private address', async () => {
    const { resolve, asked } = resolverFor({ 'evil.test': ['127.0.0.1'] });
    const fetcher = createFetcher({ resolve });
    const url = `http://evil.test:${privateSite.port}/html`;
    const error = await expectApiError(fetcher({ url, timeoutMs: 5000 }), 'invalid_url');
    expectPrivateAddressRefusal(error.details, url);
    expect(asked).toEqual(['evil.test']);
    expect(privateSite.hits('/html')).toBe(0);
  });

  it('refuses a name with one private address among public ones', async () => {
    const { resolve } = resolverFor({ 'mixed.test': [['93.184.216.34', '10.0.0.7']] });
    const error = await expectApiError(
      createFetcher({ resolve })({ url: 'http://mixed.test/', timeoutMs: 5000 }),
      'invalid_url',
    );
    expectPrivateAddressRefusal(error.details, 'http://mixed.test/');
  });

  it('refuses a name whose AAAA record is an IPv4-mapped loopback', async () => {
    const { resolve } = resolverFor({ 'v6.test': ['::ffff:127.0.0.1'] });
    const url = `http://v6.test:${privateSite.port}/html`;
    const error = await expectApiError(createFetcher({ resolve })({ url, timeoutMs: 5000 }), 'invalid_url');
    expectPrivateAddressRefusal(error.details, url);
    expect(privateSite.hits('/html')).toBe(0);
  });

  it('connects to an allowed name through the injected resolver', async () => {
    const { resolve, asked } = resolverFor({ 'public.test': [PUBLIC_STAND_IN] });
    const fetcher = createFetcher({ resolve, isAllowedAddress: treatStandInAsPublic });
    const result = await fetcher({ url: `http://public.test:${publicSite.port}/html`, timeoutMs: 5000 });
    expect(result.status).toBe(200);
    expect(result.remoteAddress).toBe(PUBLIC_STAND_IN);
    expect(asked).toEqual(['public.test']);
    expect(publicSite.hits('/html')).toBeGreaterThan(0);
  });

  it('connects to the address it checked even when the name changes its answer (DNS rebinding)', async () => {
    // First answer public, every later one private: a check-then-connect guard would resolve twice.
    const { resolve, asked } = resolverFor({ 'rebind.test': [PUBLIC_STAND_IN, '127.0.0.1'] });
    const fetcher = createFetcher({ resolve, isAllowedAddress: treatStandInAsPublic });
    const before = privateSite.hits('/echo-headers');
    const result = await fetcher({
      url: `http://rebind.test:${privateSite.port}/echo-headers`,
      timeoutMs: 5000,
    });
    expect(result.remoteAddress).toBe(PUBLIC_STAND_IN);
    expect(asked).toEqual(['rebind.test']);
    expect(privateSite.hits('/echo-headers')).toBe(before);
  });
});

describe('checkTarget: a URL judged before it is called (webhook_url)', () => {
  const resolve = resolverFor({ 'hooks.test': ['127.0.0.1'] }).resolve;
  const hook = new URL('https://hooks.invalid/x');

  it('refuses a name that does not resolve, even with private targets allowed, when asked to', async () => {
    for (const allowPrivateTargets of [false, true]) {
      const error = await expectApiError(
        checkTarget(hook, { field: 'webhook_url', allowPrivateTargets, requireResolvable: true, resolve }),
        'invalid_url',
      );
      expect(error.details).toMatchObject({ field: 'webhook_url', reason: 'dns_unresolvable' });
    }
  });

  it('lets a private name through only where private targets are allowed', async () => {
    const url = new URL('https://hooks.test/x');
    await checkTarget(url, { allowPrivateTargets: true, requireResolvable: true, resolve });
    const error = await expectApiError(
      checkTarget(url, {
        field: 'webhook_url',
        allowPrivateTargets: false,
        requireResolvable: true,
        resolve,
      }),
      'invalid_url',
    );
    expect(error.details).toMatchObject({ reason: 'private_address' });
  });

  it('asks DNS nothing where the guard is lifted and resolvability is not required (cached captures)', async () => {
    const { resolve: counted, asked } = resolverFor({});
    await checkTarget(hook, { allowPrivateTargets: true, resolve: counted });
    expect(asked).toEqual([]);
  });
});

describe('every redirect hop is checked', () => {
  const fetcher = createFetcher({ isAllowedAddress: treatStandInAsPublic });
  const viaPublic = (target: string) =>
    fetcher({ url: `${publicSite.url}/redirect/to?url=${encodeURIComponent(target)}`, timeoutMs: 5000 });

  it('refuses a redirect to 127.0.0.1', async () => {
    const target = `${privateSite.url}/html`;
    const error = await expectApiError(viaPublic(target), 'invalid_url');
    expect(error.details).toEqual({
      url: target,
      field: 'url',
      reason: 'private_address',
      redirected: true,
      setting: 'ALLOW_PRIVATE_TARGETS',
    });
    expect(publicSite.hits('/redirect/to')).toBeGreaterThan(0);
    expect(privateSite.hits('/html')).toBe(0);
  });

  it('refuses a redirect to the cloud metadata address', async () => {
    const target = 'http://169.254.169.254/latest/meta-data/';
    const error = await expectApiError(viaPublic(target), 'invalid_url');
    expect(error.details).toEqual({
      url: target,
      field: 'url',
      reason: 'private_address',
      redirected: true,
      setting: 'ALLOW_PRIVATE_TARGETS',
    });
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const { resolve } = resolverFor({ 'public.test': [PUBLIC_STAND_IN], 'internal.test': ['127.0.0.1'] });
    const guarded = createFetcher({ resolve, isAllowedAddress: treatStandInAsPublic });
    const target = `http://internal.test:${privateSite.port}/html`;
    const url = `http://public.test:${publicSite.port}/redirect/to?url=${encodeURIComponent(target)}`;
    const error = await expectApiError(guarded({ url, timeoutMs: 5000 }), 'invalid_url');
    expect(error.details).toEqual({
      url: target,
      field: 'url',
      reason: 'private_address',
      redirected: true,
      setting: 'ALLOW_PRIVATE_TARGETS',
    });
    expect(privateSite.hits('/html')).toBe(0);
  });

  it('follows a redirect between allowed hosts', async () => {
    const result = await viaPublic('/html');
    expect(result.finalUrl).toBe(`${publicSite.url}/html`);
    expect(result.redirects).toHaveLength(1);
  });
});

describe('isReservedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.255.255.255',
    '172.31.0.1',
    '192.168.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '0.0.0.0',
    '255.255.255.255',
    '239.255.255.250',
    '::1',
    '::',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    'fc00::1',
    'fdff::1',
    'fe80::1%eth0',
    'febf::1',
    'ff05::2',
    '[::1]',
    'not-an-ip',
  ])('%s is reserved', (address) => {
    expect(isReservedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(isReservedAddress(address)).toBe(false);
  });
});
