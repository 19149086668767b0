// The conversation channel (medium), derived from a lead's free-text source.

export const CHANNELS = ["whatsapp", "email", "phone", "sms", "web_chat"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  whatsapp: "WhatsApp",
  email: "Email",
  phone: "Phone",
  sms: "SMS",
  web_chat: "Web chat",
};

export function isChannel(value: unknown): value is Channel {
  return typeof value === "string" && (CHANNELS as readonly string[]).includes(value);
}

/**
 * Case-insensitive substring match, checked in the product's order so the first rule wins
 * ("WhatsApp text" is WhatsApp); then the website chat widget's sources ("Website chat", "Web chat",
 * "Webchat"; a "Website form" stays email), which the spec's four rules predate; anything else, missing included, is email.
 */
export function channelFromSource(source: string | null | undefined): Channel {
  const text = (source ?? "").toLowerCase();
  if (text.includes("whatsapp")) return "whatsapp";
  if (text.includes("email")) return "email";
  if (text.includes("phone")) return "phone";
  if (text.includes("sms") || text.includes("text")) return "sms";
  if (/\bweb ?(site )?chat\b/.test(text)) return "web_chat";
  return "email";
}

/** The chat tool's inbox of each channel (conversations carry it with their display id). */
export const INBOX_IDS: Record<Channel, number> = { whatsapp: 1, email: 2, phone: 3, sms: 4, web_chat: 5 };
