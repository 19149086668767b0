import { formatIp, type IpBytes, inPrefix, parseIpLiteral, parseIpv6Literal } from "./ip-address.ts";

// Which addresses a call to a tenant's URL may reach. Only public unicast: everything IANA sets apart
// (loopback, private, shared, link-local, documentation, multicast, reserved) is refused, whatever
// spelling the address arrived in. ALLOW_PRIVATE_WEBHOOKS lifts the private-network classes for
// self-hosters whose receivers live on their own network; the rest (cloud metadata, multicast,
// unspecified, documentation, reserved) is never a webhook.

export type AddressClass = {
  /** What the address is, for the error the owner sees ("loopback", "private", …). */
  label: string;
  /** A private-network class that ALLOW_PRIVATE_WEBHOOKS lifts. */
  privateNetwork: boolean;
};

type Range = { prefix: Uint8Array; bits: number } & AddressClass;

const v4 = (text: string, bits: number, label: string, privateNetwork: boolean): Range => {
  const ip = parseIpLiteral(text);
  if (ip?.family !== 4) throw new Error(`not an IPv4 prefix: ${text}`);
  return { prefix: ip.bytes, bits, label, privateNetwork };
};
const v6 = (text: string, bits: number, label: string, privateNetwork: boolean): Range => {
  const bytes = parseIpv6Literal(text);
  if (!bytes) throw new Error(`not an IPv6 prefix: ${text}`);
  return { prefix: bytes, bits, label, privateNetwork };
};

const METADATA = "cloud metadata";

// First match wins: the metadata addresses sit inside ranges that ALLOW_PRIVATE_WEBHOOKS lifts.
const IPV4_RANGES: Range[] = [
  v4("169.254.169.254", 32, METADATA, false),
  v4("100.100.100.200", 32, METADATA, false),
  v4("0.0.0.0", 8, "unspecified", false),
  v4("10.0.0.0", 8, "private", true),
  v4("100.64.0.0", 10, "carrier-grade NAT", true),
  v4("127.0.0.0", 8, "loopback", true),
  v4("169.254.0.0", 16, "link-local", true),
  v4("172.16.0.0", 12, "private", true),
  v4("192.0.0.0", 24, "reserved", false),
  v4("192.0.2.0", 24, "documentation", false),
  v4("192.88.99.0", 24, "reserved", false),
  v4("192.168.0.0", 16, "private", true),
  v4("198.18.0.0", 15, "reserved", false),
  v4("198.51.100.0", 24, "documentation", false),
  v4("203.0.113.0", 24, "documentation", false),
  v4("224.0.0.0", 4, "multicast", false),
  v4("255.255.255.255", 32, "broadcast", false),
  v4("240.0.0.0", 4, "reserved", false),
];

const IPV6_RANGES: Range[] = [
  v6("fd00:ec2::254", 128, METADATA, false),
  v6("::", 128, "unspecified", false),
  v6("::1", 128, "loopback", true),
  v6("64:ff9b:1::", 48, "private", true),
  v6("100::", 64, "reserved", false),
  v6("2001:db8::", 32, "documentation", false),
  // IETF protocol assignments, Teredo (2001::/32, which hides an IPv4 address) among them.
  v6("2001::", 23, "reserved", false),
  v6("3fff::", 20, "documentation", false),
  v6("fc00::", 7, "unique local", true),
  v6("fe80::", 10, "link-local", true),
  v6("fec0::", 10, "site-local", true),
  v6("ff00::", 8, "multicast", false),
];

// IPv6 forms that carry an IPv4 address the packets end up at: [prefix, bits, offset of the IPv4 bytes].
const EMBEDDED_IPV4: [Range, number][] = [
  [v6("::ffff:0:0", 96, "IPv4-mapped", false), 12],
  [v6("::ffff:0:0:0", 96, "IPv4-translated", false), 12],
  [v6("64:ff9b::", 96, "NAT64", false), 12],
  [v6("2002::", 16, "6to4", false), 2],
];
const IPV4_COMPATIBLE = v6("::", 96, "reserved", false);
const GLOBAL_UNICAST = v6("2000::", 3, "global unicast", false);

const firstMatch = (ranges: Range[], bytes: Uint8Array) =>
  ranges.find((range) => inPrefix(bytes, range.prefix, range.bits)) ?? null;

/** The class of an address that is not public unicast, or null when it is public. */
export function classifyAddress(ip: IpBytes): AddressClass | null {
  if (ip.family === 4) return firstMatch(IPV4_RANGES, ip.bytes);
  for (const [range, offset] of EMBEDDED_IPV4) {
    if (inPrefix(ip.bytes, range.prefix, range.bits)) {
      const inner = classifyAddress({ family: 4, bytes: ip.bytes.slice(offset, offset + 4) });
      return inner ? { ...inner, label: `${inner.label}, as ${range.label} IPv6` } : null;
    }
  }
  const special = firstMatch(IPV6_RANGES, ip.bytes);
  if (special) return special;
  // The deprecated IPv4-compatible form (::a.b.c.d), and everything outside 2000::/3, is not routable.
  if (inPrefix(ip.bytes, IPV4_COMPATIBLE.prefix, IPV4_COMPATIBLE.bits)) return IPV4_COMPATIBLE;
  if (!inPrefix(ip.bytes, GLOBAL_UNICAST.prefix, GLOBAL_UNICAST.bits))
    return { label: "reserved", privateNetwork: false };
  return null;
}

/** An address a call may not reach: the address as written back, and its class. */
export type RefusedAddress = { address: string; label: string };

/**
 * The address and its class when a call may not go there, or null when it may. `allowPrivate` is
 * ALLOW_PRIVATE_WEBHOOKS. Takes IP literals only: callers check the addresses a name resolved to.
 */
export function refusedAddress(address: string, allowPrivate: boolean): RefusedAddress | null {
  const ip = parseIpLiteral(address);
  if (!ip) throw new Error(`not an IP address: ${address}`);
  const found = classifyAddress(ip);
  if (!found || (allowPrivate && found.privateNetwork)) return null;
  return { address: formatIp(ip), label: found.label };
}
