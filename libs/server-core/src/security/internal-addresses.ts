import { BlockList, isIP } from 'node:net';

/**
 * Addresses that a URL supplied by a user of the product (a webhook endpoint, a Teams channel) must never make the
 * server reach: this machine, the operator's own networks and ranges that are not on the public internet. Otherwise a
 * webhook is an internal port scanner whose delivery log reports what answered.
 */
const INTERNAL_IPV4_RANGES: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 connects to the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation ranges: never a real receiver
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, up to and including 255.255.255.255
];

const INTERNAL_IPV6_RANGES: ReadonlyArray<readonly [string, number]> = [
  ['::', 96], // unspecified (::), loopback (::1) and the deprecated IPv4-compatible form
  ['64:ff9b:1::', 48], // NAT64 for local use only
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo tunnels
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

/**
 * IPv6 forms that carry an IPv4 address the traffic ends up at: the embedded address decides.
 * `prefix` lists the leading 16-bit groups that identify the form, `at` the group where the IPv4 address starts.
 */
const IPV4_CARRYING_PREFIXES: ReadonlyArray<{ prefix: number[]; at: number }> = [
  { prefix: [0, 0, 0, 0, 0, 0xffff], at: 6 }, // IPv4-mapped ::ffff:0:0/96
  { prefix: [0x64, 0xff9b, 0, 0, 0, 0], at: 6 }, // NAT64 64:ff9b::/96
  { prefix: [0x2002], at: 1 }, // 6to4 2002::/16
];

const internalRanges = buildBlockList();

function buildBlockList(): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of INTERNAL_IPV4_RANGES) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of INTERNAL_IPV6_RANGES) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

/** True for an address the server must not connect to on behalf of a user; anything unparsable counts as internal. */
export function isInternalAddress(address: string): boolean {
  // A resolver may answer link-local IPv6 with its zone (fe80::1%eth0); the zone does not change the range.
  const bare = address.split('%', 1)[0];
  const version = isIP(bare);
  if (version === 4) return internalRanges.check(bare, 'ipv4');
  if (version !== 6) return true;
  const embedded = embeddedIpv4(ipv6Groups(bare));
  if (embedded !== null) return internalRanges.check(embedded, 'ipv4');
  return internalRanges.check(bare, 'ipv6');
}

/** `localhost` and its subdomains (RFC 6761) name this machine whatever DNS says; they need no lookup. */
export function isInternalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === '' || name === 'localhost' || name.endsWith('.localhost');
}

function embeddedIpv4(groups: number[]): string | null {
  for (const { prefix, at } of IPV4_CARRYING_PREFIXES) {
    if (prefix.every((group, index) => groups[index] === group)) {
      const [high, low] = [groups[at], groups[at + 1]];
      return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
    }
  }
  return null;
}

/** The eight 16-bit groups of a valid IPv6 address (checked with isIP first), dotted IPv4 tail included. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dottedTail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dottedTail) {
    const [a, b, c, d] = dottedTail.slice(1).map(Number);
    text = `${text.slice(0, dottedTail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const headGroups = parse(head);
  if (tail === undefined) return headGroups;
  const tailGroups = parse(tail);
  return [...headGroups, ...Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}
