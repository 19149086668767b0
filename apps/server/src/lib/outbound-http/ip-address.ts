import { isIPv6 } from "node:net";

// IP literals as bytes, so address ranges are compared as numbers and never as text: the same address
// has many spellings (0x7f000001, 2130706433, 0177.0.0.1, ::ffff:7f00:1, ::ffff:127.0.0.1).

export type IpBytes = { family: 4; bytes: Uint8Array } | { family: 6; bytes: Uint8Array };

// One part of an inet_aton-style IPv4 literal: 0x… is hex, a leading 0 is octal, else decimal.
function parseIpv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]*$/.test(part)) return Number.parseInt(part, 8);
  if (/^[1-9][0-9]*$/.test(part)) return Number(part);
  return null;
}

/**
 * An IPv4 literal read the way the operating system's inet_aton (and the WHATWG URL parser) reads it:
 * one to four parts in decimal, hex or octal, the last part filling the remaining bytes. So
 * `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` are all 127.0.0.1. Null when it is not one.
 */
export function parseIpv4Literal(text: string): Uint8Array | null {
  const parts = text.endsWith(".") ? text.slice(0, -1).split(".") : text.split(".");
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers = parts.map(parseIpv4Part);
  if (numbers.some((n) => n === null || !Number.isSafeInteger(n))) return null;
  const values = numbers as number[];
  const last = values.pop()!;
  if (values.some((n) => n > 255) || last >= 256 ** (4 - values.length)) return null;
  const bytes = new Uint8Array(4);
  values.forEach((n, i) => {
    bytes[i] = n;
  });
  for (let i = 3, rest = last; i >= values.length; i--, rest = Math.floor(rest / 256)) bytes[i] = rest % 256;
  return bytes;
}

/** Sixteen bytes of an IPv6 literal (brackets and a zone id allowed); null when it is not one. */
export function parseIpv6Literal(text: string): Uint8Array | null {
  const address = text.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (!isIPv6(address)) return null;
  let tail: number[] = [];
  let body = address;
  // A dotted IPv4 ending (::ffff:127.0.0.1) is the last two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = dotted[2]!.split(".").map(Number);
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    body = dotted[1]!.endsWith("::") ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const groupsOf = (side: string) => (side === "" ? [] : side.split(":").map((group) => Number.parseInt(group, 16)));
  const [head, rest] = body.includes("::") ? body.split("::") : [body, undefined];
  const before = groupsOf(head!);
  const after = [...(rest === undefined ? [] : groupsOf(rest)), ...tail];
  const zeros = 8 - before.length - after.length;
  const groups = rest === undefined ? [...before, ...after] : [...before, ...new Array(zeros).fill(0), ...after];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/** The bytes of an IP literal in any spelling the OS accepts, or null for a host name. */
export function parseIpLiteral(text: string): IpBytes | null {
  const v6 = parseIpv6Literal(text);
  if (v6) return { family: 6, bytes: v6 };
  // A name made of digits and dots only is never a host name to the resolver: it is an address.
  const v4 = parseIpv4Literal(text);
  return v4 ? { family: 4, bytes: v4 } : null;
}

export function formatIp(ip: IpBytes): string {
  if (ip.family === 4) return Array.from(ip.bytes).join(".");
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i]! << 8) | ip.bytes[i + 1]!).toString(16));
  return groups.join(":");
}

/** True when the first `bits` bits of `bytes` equal those of `prefix`. */
export function inPrefix(bytes: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
}
