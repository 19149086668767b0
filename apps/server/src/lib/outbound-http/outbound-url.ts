// The URL part of the outbound rules: http(s) only, no credentials, a host. The WHATWG parser already
// writes IPv4 literals in their dotted form (0x7f000001 → 127.0.0.1), which the address policy then
// reads again as bytes.

export class OutboundHttpError extends Error {
  readonly reason: OutboundFailure;
  constructor(reason: OutboundFailure, message: string) {
    super(message);
    this.name = "OutboundHttpError";
    this.reason = reason;
  }
}

/**
 * Why an outbound call failed: a URL or address it may not call (`invalid_url`, `blocked_address`: the
 * same answer every time), or something about the receiver that may pass (the rest).
 */
export type OutboundFailure =
  | "invalid_url"
  | "blocked_address"
  | "unresolved"
  | "unreachable"
  | "timeout"
  | "redirect"
  | "too_large"
  | "aborted";

/** The parsed URL, or OutboundHttpError("invalid_url") saying what is wrong with it. */
export function parseOutboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundHttpError("invalid_url", "The URL is not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new OutboundHttpError("invalid_url", "The URL must start with http:// or https://");
  // Credentials in a URL end up in logs and activity records: the signature authenticates us instead.
  if (url.username || url.password)
    throw new OutboundHttpError("invalid_url", "The URL must not carry a user name or password");
  if (!url.hostname) throw new OutboundHttpError("invalid_url", "The URL has no host");
  return url;
}

/** The host as the resolver and the socket take it: an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** RFC 6761: `localhost` and every name under it are loopback, whatever a resolver says. */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}
