import type { ChatMessage } from "../model-provider.ts";
import { CONVERSATION_DATA_LABEL } from "../system-prompt.ts";
import { detectLanguageSigns, type MessageLanguage } from "./intents.ts";
import { ASKED } from "./sales-replies.ts";

// The conversation as the built-in engine reads it before answering: what the customer said so far,
// what it said last (and so what it asked), and the language to answer in. Nothing is kept between
// runs: like a real model, it reads the conversation it is given.

export type ConversationSoFar = {
  /** The customer's messages, oldest first; the last is the one being answered. */
  customer: string[];
  /** The reply before the message being answered (the AI's or staff's), or null. */
  lastReply: string | null;
  /** SKUs the last reply named ("Stretch wrap 18in (NW-WRAP-18)"), in order. */
  offered: string[];
  /** The last reply asked which of the offered products the customer meant. */
  askedWhich: boolean;
  /** The last reply asked how many. */
  askedHowMany: boolean;
  /** The last reply agreed to start over: the next products replace the quote's lines. */
  askedStartOver: boolean;
  language: MessageLanguage;
};

/** SKUs as replies write them: "(NW-WRAP-18)" or "(NW-WRAP-18, $27.00 per roll)". */
const SKU_IN_REPLY = /\(([A-Za-z0-9][A-Za-z0-9._-]{0,40})(?:\)|, )/g;

export function readConversation(messages: ChatMessage[], fallback: MessageLanguage): ConversationSoFar {
  const customer = messages.flatMap((message) =>
    message.role === "user" && !message.content.startsWith(CONVERSATION_DATA_LABEL) ? [message.content] : [],
  );
  // The reply just before the message being answered (assistant messages after it are this turn's tool calls).
  const lastUser = messages.findLastIndex((m) => m.role === "user");
  const before = messages.slice(0, lastUser).findLast((m) => m.role === "assistant" && m.content);
  const lastReply = before?.content ? before.content.replace(/^\[Staff\] /, "") : null;
  const offered = lastReply ? [...new Set([...lastReply.matchAll(SKU_IN_REPLY)].map((m) => m[1]!))] : [];
  return {
    customer,
    lastReply,
    offered,
    askedWhich: lastReply !== null && ASKED.which.some((cue) => lastReply!.includes(cue)),
    askedHowMany: lastReply !== null && ASKED.howMany.some((cue) => lastReply!.includes(cue)),
    askedStartOver: lastReply !== null && ASKED.startOver.some((cue) => lastReply!.includes(cue)),
    language: conversationLanguage(customer, fallback),
  };
}

/**
 * The language to answer in: the message's own signs, else the latest earlier message with signs
 * ("ok", "10" keep the conversation's language), else the employee's first language.
 */
export function conversationLanguage(customer: string[], fallback: MessageLanguage): MessageLanguage {
  for (let i = customer.length - 1; i >= 0; i--) {
    const { spanish, english } = detectLanguageSigns(customer[i]!);
    if (spanish !== english) return spanish > english ? "es" : "en";
  }
  return fallback;
}
