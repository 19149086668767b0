// How a customer is recognised across channels. Only an identifier a channel VERIFIED may join a
// message to an existing customer: a WhatsApp number (Meta verified it when the person registered
// it), a caller's number (the phone company connected the call from it; a withheld number is nobody's).
// What someone types (a phone or an email in a website chat) is contact data, never an identity:
// anyone can type anyone's number.

/** Kinds of verified identifier; a new channel that verifies something adds its kind here. */
export const CUSTOMER_IDENTITY_KINDS = ["whatsapp", "phone"] as const;
export type CustomerIdentityKind = (typeof CUSTOMER_IDENTITY_KINDS)[number];

/**
 * A WhatsApp id (`wa_id`, the number's digits as Meta sends it) as the identity's value and the number
 * people read: `+` and the digits. Answers null for anything that is not a plausible number (E.164: at
 * most 15 digits), so a malformed id can never match or create a customer.
 */
export function whatsappIdentity(waId: string): string | null {
  const digits = waId.trim().replace(/^\+/, "");
  return /^[1-9]\d{5,14}$/.test(digits) ? `+${digits}` : null;
}
