import { normalizeIP } from "@fastify/rate-limit";

// One client, as both the request rate limit and the sign-in throttle count it: an IPv4 address (an
// IPv4-mapped IPv6 address is the IPv4 one), or an IPv6 address's /64 — one customer's line gets a whole
// /64, so counting single IPv6 addresses would let one client rotate through billions of them.
export const IPV6_CLIENT_PREFIX = 64;

/** The client network `ip` belongs to, e.g. "203.0.113.7" or "2001:db8:1:2::" for 2001:db8:1:2::abcd. */
export function clientNetworkOf(ip: string): string {
  return normalizeIP(ip, IPV6_CLIENT_PREFIX);
}

/** TRUST_PROXY as config.ts reads it. */
export type TrustProxySetting = boolean | number | string[];
type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's trustProxy for the setting. Fastify now ignores a bare hop count (it cannot tell the proxy
 * from a client that reached the server directly); as a trust function it believes the nearest `hops`
 * addresses — right only when nothing but those proxies can reach this port, which the README says.
 */
export function fastifyTrustProxy(setting: TrustProxySetting): boolean | string[] | TrustProxyFunction {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}
