import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses a capture may never connect to by default: everything that is not ordinary
 * public unicast. Ranges follow the IANA special-purpose registries; IPv6 forms that embed an IPv4
 * address (mapped, compatible, NAT64, 6to4) are judged by the IPv4 address they carry.
 */

const RESERVED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast 255.255.255.255
];

const RESERVED_V6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: the embedded client address is obfuscated, so refuse the range outright
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local, still routed internally on some networks
  ['ff00::', 8], // multicast
];

const reserved = new BlockList();
for (const [network, prefix] of RESERVED_V4) reserved.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of RESERVED_V6) reserved.addSubnet(network, prefix, 'ipv6');

/** True when `address` (an IP literal) is loopback, private, link-local, multicast or otherwise not public. */
export function isReservedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(ip)) return reserved.check(ip, 'ipv4');
  if (!isIPv6(ip)) return true; // not an address at all: never connect to it
  const embedded = embeddedIPv4(ipv6Bytes(ip));
  if (embedded) return isReservedAddress(embedded);
  return reserved.check(ip, 'ipv6');
}

/** The IPv4 address carried by an IPv4-mapped, IPv4-compatible, NAT64 (64:ff9b::/96) or 6to4 address. */
function embeddedIPv4(bytes: Uint8Array): string | undefined {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  const v4 = (at: number) => Array.from(bytes.subarray(at, at + 4)).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
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
