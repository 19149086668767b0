import type { AutomatedMailReason } from "@foreman/contract";

// Loop protection: a mail that a machine wrote (an autoresponder, a bounce, a mailing list, our own
// mail coming back) is stored for staff and never answered, or two autoresponders would write to
// each other for ever (RFC 3834). Pure: the headers say it, or the sender's address does.

/** The headers the guard reads (lower-case): parse-mail.ts keeps these from every mail. */
export const LOOP_HEADER_NAMES = [
  "x-foreman-mail",
  "content-type",
  "x-failed-recipients",
  "auto-submitted",
  "x-autoreply",
  "x-autorespond",
  "x-auto-response-suppress",
  "precedence",
  "list-id",
  "list-unsubscribe",
] as const;

/** Each loop header the mail has, by its lower-case name: its first value, unfolded. */
export type LoopHeaders = Partial<Record<(typeof LOOP_HEADER_NAMES)[number], string>>;

/** Local parts that mail systems send from: nobody reads an answer to them. */
const SYSTEM_SENDERS = new Set(["mailer-daemon", "postmaster", "no-reply", "noreply", "do-not-reply", "donotreply"]);
/** Bounce handlers, with or without a VERP tag (`bounces+tag@`, `bounce-tag@`). */
const BOUNCE_SENDER = /^bounces?([+-].*)?$/;

const BULK_PRECEDENCE = new Set(["bulk", "list", "junk", "auto_reply"]);

/** The value's first word, lower-case: `auto-replied; foo=bar` → `auto-replied`. */
const firstWord = (value: string) => value.split(";")[0]!.trim().toLowerCase();

/**
 * Why this mail must not be answered, or null for a mail a person wrote. `from` is the From header's
 * bare address; `envelopeFrom` the SMTP MAIL FROM ("" or "<>" for the null sender bounces use; null
 * when the road it came by does not say).
 */
export function automatedReason(
  headers: LoopHeaders,
  from: string | null,
  envelopeFrom: string | null,
): AutomatedMailReason | null {
  if (headers["x-foreman-mail"] !== undefined) return "own_address";
  if (
    firstWord(headers["content-type"] ?? "") === "multipart/report" ||
    headers["x-failed-recipients"] !== undefined ||
    (envelopeFrom !== null && ["", "<>"].includes(envelopeFrom.trim()))
  )
    return "bounce";
  const local = from?.includes("@") ? from.slice(0, from.lastIndexOf("@")).toLowerCase() : "";
  if (SYSTEM_SENDERS.has(local) || BOUNCE_SENDER.test(local)) return "system_sender";
  const autoSubmitted = headers["auto-submitted"];
  if (autoSubmitted !== undefined && firstWord(autoSubmitted) !== "no") return "auto_submitted";
  if (
    headers["x-autoreply"] !== undefined ||
    headers["x-autorespond"] !== undefined ||
    headers["x-auto-response-suppress"] !== undefined
  )
    return "auto_reply";
  if (
    BULK_PRECEDENCE.has(firstWord(headers.precedence ?? "")) ||
    headers["list-id"] !== undefined ||
    headers["list-unsubscribe"] !== undefined
  )
    return "bulk";
  return null;
}
