// The addresses of the email channel at EMAIL_INBOUND_DOMAIN: a channel's inbound address
// (`<local>@domain`, where the company forwards its own) and a conversation's reply address
// (`reply+<token>@domain`, which every reply carries so the customer's answer finds its thread).

const REPLY_PREFIX = "reply+";

/** A reply token: random lower-case base36 (mail systems may fold case), so it cannot be guessed. */
const TOKEN_PATTERN = /^[a-z0-9]{16,64}$/;

export function inboundAddress(local: string, domain: string): string {
  return `${local}@${domain}`;
}

export function replyAddress(token: string, domain: string): string {
  return `${REPLY_PREFIX}${token}@${domain}`;
}

/** The bare address of `Name <a@b>` or `a@b`, lower-cased; null when there is none. */
export function bareAddress(text: string | null | undefined): string | null {
  if (!text) return null;
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(text);
  const address = (angle?.[1] ?? text).trim().toLowerCase();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : null;
}

/**
 * Where a recipient address points at this domain: a channel's inbound address (its local part) or a
 * conversation's reply address (its token); null for any other address.
 */
export function recipientAt(
  address: string,
  domain: string,
): { kind: "inbound"; local: string } | { kind: "reply"; token: string } | null {
  const bare = bareAddress(address);
  if (!bare) return null;
  const at = bare.lastIndexOf("@");
  if (bare.slice(at + 1) !== domain.toLowerCase()) return null;
  const local = bare.slice(0, at);
  if (local.startsWith(REPLY_PREFIX)) {
    const token = local.slice(REPLY_PREFIX.length);
    return TOKEN_PATTERN.test(token) ? { kind: "reply", token } : null;
  }
  return /^[a-z0-9][a-z0-9.-]{2,63}$/.test(local) ? { kind: "inbound", local } : null;
}

/** `"Name" <address>` with the name made safe for a header (no quotes, brackets or line breaks). */
export function namedAddress(name: string, address: string): string {
  const safe = name
    .replace(/[\r\n"<>\\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return safe ? `"${safe}" <${address}>` : address;
}
