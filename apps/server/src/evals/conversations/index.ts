import type { Scenario } from "../scenario.ts";
import { AMBIGUOUS } from "./ambiguous.ts";
import { CHANGE_OF_MIND } from "./change-of-mind.ts";
import { DISCOUNT } from "./discount.ts";
import { FOLLOW_UP } from "./follow-up.ts";
import { HELD_OUT } from "./held-out.ts";
import { HELD_OUT_2 } from "./held-out-2.ts";
import { HELD_OUT_3 } from "./held-out-3.ts";
import { HUMAN } from "./human.ts";
import { MULTI_PRODUCT } from "./multi-product.ts";
import { NOT_IN_CATALOG } from "./not-in-catalog.ts";
import { ORDER_STATUS } from "./order-status.ts";
import { POLICY } from "./policy.ts";
import { QUANTITY_WORDS } from "./quantity-words.ts";
import { QUOTE } from "./quote.ts";
import { SEND_CONFIRM } from "./send-confirm.ts";
import { TYPOS } from "./typos.ts";

// The conversation set (issue 30): customers writing as they do on WhatsApp or a web chat, in English
// to Northwind Supply and in Spanish to Andes Comercial, judged on the stored state and on what the
// replies say. `npm run eval` reports a pass rate per category. HELD_OUT was written after the engine
// was tuned on the rest, by someone who had not read the engine: its first run passed 41 of 50;
// HELD_OUT_2, a second such round written after the engine learned from the first, passed 36 of 50;
// HELD_OUT_3, longer mixed conversations written after that, passed 37 of 50.

export const CONVERSATIONS: Scenario[] = [
  ...QUOTE,
  ...MULTI_PRODUCT,
  ...FOLLOW_UP,
  ...QUANTITY_WORDS,
  ...TYPOS,
  ...CHANGE_OF_MIND,
  ...SEND_CONFIRM,
  ...DISCOUNT,
  ...AMBIGUOUS,
  ...NOT_IN_CATALOG,
  ...ORDER_STATUS,
  ...POLICY,
  ...HUMAN,
  ...HELD_OUT,
  ...HELD_OUT_2,
  ...HELD_OUT_3,
];
