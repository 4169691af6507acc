/**
 * Which IP addresses a server-side fetch must not reach unless allowed: private, loopback,
 * link-local, carrier-grade NAT, multicast, reserved and documentation ranges, IPv4 and IPv6,
 * including IPv4 addresses embedded in IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96,
 * the deprecated compatible ::a.b.c.d and 6to4 2002::/16).
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const V4_RANGES: [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const V6_RANGES: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of V4_RANGES) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of V6_RANGES) blocked.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (with or without an embedded dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    if (bytes.some((b) => b > 255)) return null;
    text = `${text.slice(0, -dotted[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const groups = [...head, ...new Array<number>(fill).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const v4From = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address embedded in an IPv6 one, if it embeds one. */
function embeddedIPv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4From(groups[6]!, groups[7]!); // ::ffff:a.b.c.d
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7]! > 1)) return v4From(groups[6]!, groups[7]!); // ::a.b.c.d
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4From(groups[6]!, groups[7]!); // NAT64
  if (groups[0] === 0x2002) return v4From(groups[1]!, groups[2]!); // 6to4
  return null;
}

/** Whether the address is not on the public internet (true for anything that is not an IP). */
export function isPrivateAddress(address: string): boolean {
  if (isIPv4(address)) return blocked.check(address, 'ipv4');
  if (!isIPv6(address)) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const v4 = embeddedIPv4(groups);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}
