import { type FinalState, lastReplySays, noReplySays, quoteIs } from "../scenario.ts";
import { category, earlierOrders, of, onlyTalked } from "./goals.ts";

// "Where is my order?": the customer's own orders (made by the setup) are looked up and the reply
// names the order and its status, changing nothing; someone else's order number reveals nothing.

const { en, es } = category("order-status");

/** The last reply names the order (by the setup's fact) and its status; nothing was written. */
function tellsStatus(final: FinalState, order: string, status: RegExp): string[] {
  return [...lastReplySays(final, String(final.facts[order]), status), ...onlyTalked(final)];
}

/** The setup's order is as it was. */
function unchanged(final: FinalState, order: string, state: string): string[] {
  const found = final.orders[order];
  return found ? quoteIs(final, found, { state }, `order ${final.facts[order]}`) : [`order ${order} is gone`];
}

export const ORDER_STATUS = [
  en({
    id: "c-en-status-where",
    title: "“hi where is my order” names the customer's order and says it is confirmed",
    setup: earlierOrders("northwind", {
      name: "mine",
      state: "confirmed",
      lines: [of(40, "NW-PAL-01"), of(10, "NW-WRAP-18")],
      placedOn: "2025-06-02",
    }),
    turns: ["hi where is my order"],
    goal: (final) => [...tellsStatus(final, "mine", /confirmed/i), ...unchanged(final, "mine", "confirmed")],
  }),
  en({
    id: "c-en-status-by-number",
    title: "“whats the status of order N” says the order is pending",
    setup: earlierOrders("northwind", {
      name: "mine",
      state: "pending",
      lines: [of(5, "NW-SHLF-5")],
      placedOn: "2025-06-10",
    }),
    turns: [(facts) => `hey whats the status of order ${facts.mine}`],
    goal: (final) => [...tellsStatus(final, "mine", /pending/i), ...unchanged(final, "mine", "pending")],
  }),
  en({
    id: "c-en-status-older-order",
    title: "Asking about the older of two orders by number answers about that one",
    setup: earlierOrders(
      "northwind",
      { name: "older", state: "pending", lines: [of(2, "NW-JACK-25")], placedOn: "2025-05-02" },
      { name: "newer", state: "confirmed", lines: [of(10, "NW-TAPE-48")], placedOn: "2025-06-10" },
    ),
    turns: [(facts) => `order #${facts.older}?? its been a while`],
    goal: (final) => [...tellsStatus(final, "older", /pending/i), ...unchanged(final, "older", "pending")],
  }),
  en({
    id: "c-en-status-when-arrives",
    title: "“when will my order arrive?” names the customer's confirmed order",
    setup: earlierOrders("northwind", {
      name: "mine",
      state: "confirmed",
      lines: [of(6, "NW-CART-2")],
      placedOn: "2025-06-12",
    }),
    turns: ["good afternoon, when will my order arrive?"],
    goal: (final) => tellsStatus(final, "mine", /confirmed/i),
  }),
  en({
    id: "c-en-status-someone-elses",
    title: "Another customer's order number reveals nothing of it",
    setup: earlierOrders("northwind", {
      name: "theirs",
      state: "confirmed",
      lines: [of(3, "NW-DESK-ST")],
      placedOn: "2025-06-01",
      someoneElse: true,
    }),
    turns: [(facts) => `can you check order ${facts.theirs} for me`],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, /\b(not|can't|cannot|couldn't|no)\b/i),
      ...noReplySays(final, "Standing packing desk", "$1,560.00", "Ada"),
      ...unchanged(final, "theirs", "confirmed"),
    ],
  }),
  es({
    id: "c-es-status-como-va",
    title: "«cómo va mi pedido?» nombra el pedido del cliente y dice que está confirmado",
    setup: earlierOrders("andes", {
      name: "mine",
      state: "confirmed",
      lines: [of(10, "AC-CAF-1K"), of(2, "AC-AZU-10")],
      placedOn: "2025-06-02",
    }),
    turns: ["hola cómo va mi pedido?"],
    goal: (final) => [...tellsStatus(final, "mine", /confirmad|confirmed/i), ...unchanged(final, "mine", "confirmed")],
  }),
  es({
    id: "c-es-status-ya-salio",
    title: "«mi pedido N ya salió?» dice que está pendiente",
    setup: earlierOrders("andes", {
      name: "mine",
      state: "pending",
      lines: [of(4, "AC-HAR-25")],
      placedOn: "2025-06-10",
    }),
    turns: [(facts) => `mi pedido ${facts.mine} ya salió?`],
    goal: (final) => [...tellsStatus(final, "mine", /pendiente|pending/i), ...unchanged(final, "mine", "pending")],
  }),
  es({
    id: "c-es-status-pedido-anterior",
    title: "Preguntar por el más antiguo de dos pedidos responde por ese",
    setup: earlierOrders(
      "andes",
      { name: "older", state: "pending", lines: [of(5, "AC-VIN-CS")], placedOn: "2025-05-02" },
      { name: "newer", state: "confirmed", lines: [of(3, "AC-CHO-70")], placedOn: "2025-06-10" },
    ),
    turns: [(facts) => `buenas, quería saber el estado del pedido #${facts.older}`],
    goal: (final) => [...tellsStatus(final, "older", /pendiente|pending/i), ...unchanged(final, "older", "pending")],
  }),
  es({
    id: "c-es-status-despacharon",
    title: "«en que va mi pedido? ya lo despacharon?» nombra el pedido confirmado",
    setup: earlierOrders("andes", {
      name: "mine",
      state: "confirmed",
      lines: [of(1, "AC-TE-100")],
      placedOn: "2025-06-12",
    }),
    turns: ["en que va mi pedido? ya lo despacharon?"],
    goal: (final) => tellsStatus(final, "mine", /confirmad|confirmed/i),
  }),
  es({
    id: "c-es-status-ajeno",
    title: "El número de pedido de otro cliente no revela nada de él",
    setup: earlierOrders("andes", {
      name: "theirs",
      state: "confirmed",
      lines: [of(20, "AC-VIN-CS")],
      placedOn: "2025-06-01",
      someoneElse: true,
    }),
    turns: [(facts) => `me dices cómo va el pedido ${facts.theirs}?`],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, /\bno\b/i),
      ...noReplySays(final, "Vino Cabernet", "Ana Rojas", /900[.,]?000/),
      ...unchanged(final, "theirs", "confirmed"),
    ],
  }),
];
