import type { TurnHints } from "../model-provider.ts";
import type { ConversationSoFar } from "./conversation.ts";
import type { UnderstoodMessage } from "./intents.ts";
import type { FoundProduct } from "./sales-replies.ts";
import type { ToolResult } from "./step.ts";

// What the sale's steps share: the turn's input, what the look-ups found, and the decision they lead to.

export type Found = FoundProduct & { unitPriceCents: number };
export type Line = { sku: string; quantity: number };
export type Then = "send" | "confirm" | "none";

export type SalesInput = {
  text: string;
  understood: UnderstoodMessage;
  conversation: ConversationSoFar;
  hints: TurnHints;
  results: ToolResult[];
};

/** What the message asks of the sale, once the look-ups have answered. */
export type Decision =
  | { kind: "say"; text: string }
  | {
      kind: "quote";
      items: Line[];
      discount: number | undefined;
      askDiscount: number | null;
      then: Then;
      /** Products named without a count: asked about after the quote. */
      askCount: Found[];
      /** Things asked for that we do not sell: said so after the quote. */
      missing: string[];
    }
  | { kind: "send" }
  | { kind: "confirm" }
  | { kind: "authorize_discount"; percent: number }
  | { kind: "ask_human" }
  | { kind: "greet" }
  | { kind: "find_orders"; orderNumber: number | null };

/** What the look-ups answered. */
export type Looked = {
  /** The products sold in the unit a count names ("5 rolls"). */
  byUnit: Found[];
  named: Found[];
  suggestions: Found[];
  lookedUpNames: boolean;
  context: Found[];
  lastOrder: Line[] | null;
};
