import { recipientAt } from "@foreman/contract";
import { rawHeaderBlock } from "./raw-headers.ts";

// Whom a mail posted to /webhooks/email is for. Forwarders name the envelope's recipients in
// X-Foreman-Recipient; without it the mail's own headers say where it was delivered. Only addresses at
// the inbound domain are kept (the rest cannot reach a channel), and at most as many as one SMTP
// transaction takes, so a mail Cc'd to thousands costs no more than one with a single recipient.

export const RECIPIENT_HEADER = "x-foreman-recipient";

/** Recipients looked up for one mail, like the SMTP listener's RCPT limit. */
export const MAX_WEBHOOK_RECIPIENTS = 50;

/** The header lines that name where a mail was delivered (all of them: a forward keeps the original To). */
const DELIVERY_HEADERS = /^(?:delivered-to|x-original-to|to|cc):(.*)$/gim;
/**
 * What separates addresses and names in a header value (`a@b`, `Name <a@b>`, `"Name, Inc." <a@b>`).
 * Splitting on it, rather than searching for addresses, keeps the work linear in a hostile header.
 */
const SEPARATORS = /[\s<>,;:"()[\]]+/;
const ADDRESS = /^[^@]+@[^@]+$/;

/** The recipients to look up: from the header when the forwarder sent one, else from the mail. */
export function webhookRecipients(header: string | string[] | undefined, raw: Uint8Array, domain: string): string[] {
  const given = [header ?? []].flat().join(",");
  const text = given.trim() ? given : [...rawHeaderBlock(raw).matchAll(DELIVERY_HEADERS)].map((m) => m[1]).join(",");
  const ours = new Set<string>();
  for (const word of text.split(SEPARATORS)) {
    if (!ADDRESS.test(word)) continue;
    const address = word.toLowerCase();
    if (recipientAt(address, domain)) ours.add(address);
    if (ours.size >= MAX_WEBHOOK_RECIPIENTS) break;
  }
  return [...ours];
}
