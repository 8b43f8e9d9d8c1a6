import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses a capture may never connect to by default: everything that is not ordinary
 * public unicast. The tables are the IANA IPv4 and IPv6 special-purpose address registries, whole
 * (also the few entries the registry marks globally reachable — anycast for PCP, TURN, AS112,
 * AMT — since no web page lives there), plus multicast and IPv4's reserved 240/4. IPv6 outside
 * 2000::/3, the only block IANA allocates as global unicast, is refused whatever the tables say.
 * IPv6 forms that embed an IPv4 address (mapped, translated, compatible, NAT64, 6to4) are judged
 * by the IPv4 address they carry.
 */

const RESERVED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, PCP and TURN anycast, NAT64 discovery)
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // direct delegation AS112 service
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes limited broadcast 255.255.255.255
];

/** Special-purpose blocks inside 2000::/3 (everything outside it is refused anyway). */
const RESERVED_V6: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32 (its client address is obfuscated,
  // so the range is refused outright), PCP/TURN/DNS-SD anycast, benchmarking 2001:2::/48, AMT,
  // AS112-v6, ORCHID, drone remote ID
  ['2001:db8::', 32], // documentation
  ['2620:4f:8000::', 48], // direct delegation AS112 service
  ['3fff::', 20], // documentation (RFC 9637)
];

/**
 * Outside 2000::/3, listed for the record and so the registry reads whole here: each is refused
 * by the global-unicast rule already. 64:ff9b::/96 is the exception: it embeds an IPv4 address
 * and is judged by it (see embeddedIPv4).
 */
const RESERVED_V6_OUTSIDE_GLOBAL_UNICAST: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  // IPv4-mapped ::ffff:0:0/96 is judged by its IPv4 address instead (and a BlockList would match
  // every IPv4 address against it).
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix (RFC 9780)
  ['5f00::', 16], // SRv6 SIDs
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local, still routed internally on some networks
  ['ff00::', 8], // multicast
];

const reserved = new BlockList();
for (const [network, prefix] of RESERVED_V4) reserved.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [...RESERVED_V6, ...RESERVED_V6_OUTSIDE_GLOBAL_UNICAST]) {
  reserved.addSubnet(network, prefix, 'ipv6');
}

const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** True when `address` (an IP literal) is loopback, private, link-local, multicast or otherwise not public. */
export function isReservedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(ip)) return reserved.check(ip, 'ipv4');
  if (!isIPv6(ip)) return true; // not an address at all: never connect to it
  const embedded = embeddedIPv4(ipv6Bytes(ip));
  if (embedded) return isReservedAddress(embedded);
  return !globalUnicast.check(ip, 'ipv6') || reserved.check(ip, 'ipv6');
}

/**
 * The IPv4 address carried by an IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d, RFC 6145), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) or 6to4
 * (2002::/16) address.
 */
function embeddedIPv4(bytes: Uint8Array): string | undefined {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  const v4 = (at: number) => Array.from(bytes.subarray(at, at + 4)).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return v4(12); // ::ffff:0:a.b.c.d
  // ::a.b.c.d (deprecated compatible form); :: and ::1 themselves stay with the IPv6 table.
  if (zeros(0, 12) && !zeros(12, 15)) return v4(12);
  const nat64 = [0x00, 0x64, 0xff, 0x9b];
  if (nat64.every((b, i) => bytes[i] === b) && zeros(4, 12)) return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 2002:AABB:CCDD::/48
  return undefined;
}

/** Sixteen bytes of a valid IPv6 literal (checked by the caller), including a trailing dotted quad. */
function ipv6Bytes(ip: string): Uint8Array {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...fill, ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}
