// Support tickets: the states, priorities, types and sources the spec names, their labels, and the
// rules both apps apply (the ID people see, the source a conversation's channel gives, the list
// filters). The API's schemas are in schemas.ts.
import type { Channel } from "../sales/channel.ts";

export const TICKET_PRIORITIES = ["low", "medium", "high"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_TYPES = ["incident", "problem", "question", "suggestion"] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** The spec's two states: a ticket is worked while open and done once closed (it can be reopened). */
export const TICKET_STATUSES = ["open", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The list's status filter: the spec's all, open and closed. */
export const TICKET_STATUS_FILTERS = ["all", "open", "closed"] as const;
export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];

/**
 * Where the request came from: the spec's email, web and phone, plus WhatsApp and SMS so a ticket
 * opened from one of the product's own channels says so rather than "web".
 */
export const TICKET_SOURCES = ["email", "web", "phone", "whatsapp", "sms"] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

/** Who a ticket is with: a staff member or an AI employee of the company. */
export const TICKET_RESPONSIBLE_KINDS = ["user", "ai_employee"] as const;
export type TicketResponsibleKind = (typeof TICKET_RESPONSIBLE_KINDS)[number];

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = { low: "Low", medium: "Medium", high: "High" };
export const TICKET_TYPE_LABELS: Record<TicketType, string> = {
  incident: "Incident",
  problem: "Problem",
  question: "Question",
  suggestion: "Suggestion",
};
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = { open: "Open", closed: "Closed" };
export const TICKET_STATUS_FILTER_LABELS: Record<TicketStatusFilter, string> = {
  all: "All",
  open: "Open",
  closed: "Closed",
};
export const TICKET_SOURCE_LABELS: Record<TicketSource, string> = {
  email: "Email",
  web: "Web",
  phone: "Phone",
  whatsapp: "WhatsApp",
  sms: "SMS",
};

/** Limits on what a ticket holds; the API and the form refuse more with the product's messages. */
export const TICKET_LIMITS = {
  subject: 200,
  description: 5000,
  comment: 5000,
  tags: 10,
  tag: 40,
  followers: 50,
  search: 100,
} as const;

/** A new ticket's defaults when nobody says otherwise. */
export const TICKET_DEFAULTS = { priority: "medium", type: "question", source: "web" } as const satisfies {
  priority: TicketPriority;
  type: TicketType;
  source: TicketSource;
};

/** The ticket ID people see and say: "T-1042". The uuid stays the API id. */
export function ticketDisplayId(number: number): string {
  return `T-${number}`;
}

/**
 * A ticket number as someone typed it ("T-1042", "t1042", "#1042", "1042"), or null when the text is
 * not one.
 */
export function parseTicketNumber(text: string): number | null {
  const match = /^\s*(?:t\s*-?\s*|#\s*)?(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The source a ticket gets from the conversation it was opened from: web chat is "web". */
export function ticketSourceOfChannel(channel: Channel): TicketSource {
  return channel === "web_chat" ? "web" : channel;
}

/** Whether a ticket in this status is in the list's status filter. */
export function inTicketStatusFilter(status: TicketStatus, filter: TicketStatusFilter): boolean {
  return filter === "all" || filter === status;
}

/**
 * Tags as stored: trimmed, lower-cased, inner spaces to single dashes, empty ones and repeats dropped,
 * in the order first given ("Damaged Goods", "damaged-goods " → ["damaged-goods"]).
 */
export function normalizeTicketTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const clean = tag.trim().toLowerCase().replace(/\s+/g, "-");
    if (clean !== "" && !out.includes(clean)) out.push(clean);
  }
  return out;
}
