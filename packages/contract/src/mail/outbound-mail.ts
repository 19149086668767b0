// Outbound mail's states (apps/server/src/modules/mail): every mail the product sends is a row of the
// outbox first, then a `mail_send` job.

/**
 * `queued`: waiting for its job (or for the SMTP server to come back); `sent`: the SMTP server took it;
 * `kept`: no SMTP server is configured, so it stays in the outbox unsent; `failed`: refused for good
 * (the last error says why).
 */
export const OUTBOUND_MAIL_STATES = ["queued", "sent", "kept", "failed"] as const;
export type OutboundMailState = (typeof OUTBOUND_MAIL_STATES)[number];

/** Adds one "Re: " to a subject, however many the customer's client already put there. */
export function replySubject(subject: string | null | undefined): string {
  const bare = (subject ?? "").replace(/^(\s*(re|aw|sv|fw|fwd|rv)\s*(\[\d+\])?\s*:\s*)+/i, "").trim();
  return bare ? `Re: ${bare}` : "Re: your message";
}
