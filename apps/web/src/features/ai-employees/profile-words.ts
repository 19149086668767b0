import {
  type ContactChannel,
  formatMoney,
  type Guardrails,
  type HumanApprovalAction,
  orderAmount,
} from "@foreman/contract";

// The profile's settings in a seller's words: channels, languages and what the employee may do alone.

export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = {
  whatsapp: "WhatsApp",
  email: "Email",
  phone: "Phone",
  sms: "SMS",
  web_chat: "Web chat",
};

/** Completes "Always asks a human to: …". */
const ACTION_PHRASES: Record<HumanApprovalAction, string> = {
  send_quote: "send a quote",
  apply_discount: "apply a discount",
  confirm_order: "confirm an order",
  cancel_order: "cancel an order",
  update_lead_stage: "move a lead to another stage",
  hand_off: "hand a conversation off",
};

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" });
  } catch {
    return null;
  }
})();

/** "es" → "Spanish"; an unknown code is shown as it is, upper-cased. */
export function languageName(code: string): string {
  try {
    const name = languageNames?.of(code);
    if (name && name.toLowerCase() !== code.toLowerCase()) return name;
  } catch {
    // A code Intl refuses still deserves a label.
  }
  return code.toUpperCase();
}

const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/**
 * One sentence per guardrail. The order limit is rounded down: a card saying "up to $1,501" for a
 * $1,500.50 limit would promise more than the employee may do.
 */
export function guardrailSentences(guardrails: Guardrails, currency?: string): string[] {
  const sentences = [
    guardrails.maxDiscountPercent > 0
      ? `Discounts up to ${percent.format(guardrails.maxDiscountPercent)}% alone`
      : "Never discounts without a human",
    guardrails.maxOrderTotalCents > 0
      ? `Confirms orders up to ${formatMoney(Math.floor(orderAmount(guardrails.maxOrderTotalCents)), currency)} alone`
      : "Never confirms an order without a human",
  ];
  const actions = guardrails.actionsRequiringHuman.map((action) => ACTION_PHRASES[action]);
  if (actions.length > 0) sentences.push(`Always asks a human to: ${actions.join(", ")}`);
  return sentences;
}
