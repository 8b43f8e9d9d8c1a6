import { describe, expect, it } from 'vitest';
import { isReservedAddress } from '../src/index';

/**
 * Every block of the IANA IPv4 and IPv6 special-purpose address registries (plus multicast and
 * the deprecated site-local block), written out here independently of the guard's own tables:
 * the first, a middle and the last address of each must be refused, in every spelling.
 */

const V4_REGISTRY: Array<[name: string, cidr: string]> = [
  ['"this network"', '0.0.0.0/8'],
  ['private 10/8', '10.0.0.0/8'],
  ['shared address space (CGNAT)', '100.64.0.0/10'],
  ['loopback', '127.0.0.0/8'],
  ['link-local (cloud metadata)', '169.254.0.0/16'],
  ['private 172.16/12', '172.16.0.0/12'],
  ['IETF protocol assignments', '192.0.0.0/24'],
  ['IPv4 service continuity prefix (DS-Lite)', '192.0.0.0/29'],
  ['IPv4 dummy address', '192.0.0.8/32'],
  ['port control protocol anycast', '192.0.0.9/32'],
  ['TURN anycast', '192.0.0.10/32'],
  ['NAT64/DNS64 discovery', '192.0.0.170/31'],
  ['documentation TEST-NET-1', '192.0.2.0/24'],
  ['AS112-v4', '192.31.196.0/24'],
  ['AMT', '192.52.193.0/24'],
  ['deprecated 6to4 relay anycast', '192.88.99.0/24'],
  ['private 192.168/16', '192.168.0.0/16'],
  ['direct delegation AS112', '192.175.48.0/24'],
  ['benchmarking', '198.18.0.0/15'],
  ['documentation TEST-NET-2', '198.51.100.0/24'],
  ['documentation TEST-NET-3', '203.0.113.0/24'],
  ['multicast', '224.0.0.0/4'],
  ['reserved', '240.0.0.0/4'],
  ['limited broadcast', '255.255.255.255/32'],
];

const V6_REGISTRY: Array<[name: string, cidr: string]> = [
  ['unspecified', '::/128'],
  ['loopback', '::1/128'],
  // IPv4-compatible ::/96, IPv4-mapped ::ffff:0:0/96, IPv4-translated ::ffff:0:0:0/96, NAT64
  // 64:ff9b::/96 and 6to4 2002::/16 carry an IPv4 address and are judged by it: see the IPv4
  // table's second test, and the public ones below.
  ['local-use IPv4/IPv6 translation', '64:ff9b:1::/48'],
  ['discard-only', '100::/64'],
  ['dummy IPv6 prefix', '100:0:0:1::/64'],
  ['IETF protocol assignments', '2001::/23'],
  ['Teredo', '2001::/32'],
  ['port control protocol anycast', '2001:1::1/128'],
  ['TURN anycast', '2001:1::2/128'],
  ['DNS-SD service registration anycast', '2001:1::3/128'],
  ['benchmarking', '2001:2::/48'],
  ['AMT', '2001:3::/32'],
  ['AS112-v6', '2001:4:112::/48'],
  ['deprecated ORCHID', '2001:10::/28'],
  ['ORCHIDv2', '2001:20::/28'],
  ['drone remote ID', '2001:30::/28'],
  ['documentation', '2001:db8::/32'],
  ['direct delegation AS112', '2620:4f:8000::/48'],
  ['documentation (RFC 9637)', '3fff::/20'],
  ['SRv6 SIDs', '5f00::/16'],
  ['unique-local', 'fc00::/7'],
  ['deprecated site-local', 'fec0::/10'],
  ['link-local', 'fe80::/10'],
  ['multicast', 'ff00::/8'],
];

function v4ToInt(address: string): bigint {
  return address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(part), 0n);
}

function intToV4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
}

function v6ToInt(address: string): bigint {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** Fully expanded, so the test does not lean on the spelling the guard normalises. */
function intToV6(value: bigint): string {
  return Array.from({ length: 8 }, (_, i) => ((value >> BigInt((7 - i) * 16)) & 0xffffn).toString(16)).join(
    ':',
  );
}

/** First, middle and last address of a block. */
function samples(cidr: string, bits: number, toInt: (a: string) => bigint, fromInt: (v: bigint) => string) {
  const [network, length] = cidr.split('/') as [string, string];
  const size = 1n << BigInt(bits - Number(length));
  const first = toInt(network);
  return [first, first + size / 2n, first + size - 1n].map(fromInt);
}

describe('the IPv4 special-purpose registry, multicast and 240/4', () => {
  it.each(V4_REGISTRY)('refuses %s (%s): first, middle and last address', (_name, cidr) => {
    for (const address of samples(cidr, 32, v4ToInt, intToV4))
      expect(isReservedAddress(address), address).toBe(true);
  });

  it.each(V4_REGISTRY)('refuses %s (%s) inside every IPv6 form that embeds IPv4', (_name, cidr) => {
    for (const v4 of samples(cidr, 32, v4ToInt, intToV4)) {
      const n = v4ToInt(v4);
      const hex = `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
      const spellings = [
        `::ffff:${v4}`, // mapped
        `::ffff:${hex}`,
        `0:0:0:0:0:ffff:${v4}`,
        `::ffff:0:${v4}`, // translated (RFC 6145)
        `::ffff:0:${hex}`,
        `::${v4}`, // compatible
        `64:ff9b::${v4}`, // NAT64 well-known prefix
        `64:ff9b::${hex}`,
        `2002:${hex}::1`, // 6to4
        `[::FFFF:${v4}]`,
      ];
      for (const spelling of spellings) expect(isReservedAddress(spelling), spelling).toBe(true);
    }
  });
});

describe('the IPv6 special-purpose registry, multicast and site-local', () => {
  it.each(V6_REGISTRY)('refuses %s (%s): first, middle and last address', (_name, cidr) => {
    for (const address of samples(cidr, 128, v6ToInt, intToV6)) {
      expect(isReservedAddress(address), address).toBe(true);
      expect(isReservedAddress(`[${address.toUpperCase()}]`), address).toBe(true);
    }
  });

  it('refuses everything outside 2000::/3, the only global unicast block', () => {
    for (const address of [
      '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      '4000::1',
      'e000::1',
      '200::1',
      '::2',
    ]) {
      expect(isReservedAddress(address), address).toBe(true);
    }
  });

  it('ignores zone ids and never lets a non-address through', () => {
    expect(isReservedAddress('fe80::1%eth0')).toBe(true);
    for (const junk of ['', 'localhost', 'example.com', '1.2.3', '::g', '1.2.3.4.5']) {
      expect(isReservedAddress(junk), junk).toBe(true);
    }
  });
});

describe('public unicast stays reachable', () => {
  it.each([
    ['just below 10/8', '9.255.255.255'],
    ['just above 10/8', '11.0.0.0'],
    ['just below CGNAT', '100.63.255.255'],
    ['just above CGNAT', '100.128.0.0'],
    ['just above 172.16/12', '172.32.0.0'],
    ['just below 192.168/16', '192.167.255.255'],
    ['just below benchmarking', '198.17.255.255'],
    ['just above benchmarking', '198.20.0.0'],
    ['just below multicast', '223.255.255.255'],
    ['a public resolver', '8.8.8.8'],
    ['a mapped public address', '::ffff:8.8.8.8'],
    ['a translated public address', '::ffff:0:1.1.1.1'],
    ['NAT64 of a public address', '64:ff9b::808:808'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['global unicast IPv6', '2606:4700:4700::1111'],
    ['just above 2001::/23', '2001:200::1'],
    ['just above the documentation block', '2001:db9::1'],
  ])('allows %s (%s)', (_name, address) => {
    expect(isReservedAddress(address)).toBe(false);
  });
});
