import {
  dollars,
  type FinalState,
  lastReplySays,
  noActionItems,
  noDiscountAbove,
  noReplySays,
  oneActionItem,
} from "../scenario.ts";
import { category, clp, namesQuote, of, quoted, quotedAlone } from "./goals.ts";

// Discounts: up to 10% the AI employee applies at once; above, staff decide and the quote keeps its
// price until they do; "any discount?" without a percent offers at most the limit.

const { en, es } = category("discount");

/** "Any discount?": the limit applied or only offered, never more without staff, nothing for staff to do. */
function offersTheLimit(final: FinalState): string[] {
  const percent = final.quotes[0]?.discountPercent ?? 0;
  return [
    ...(percent === 0 || percent === 10 ? [] : [`the quote has ${percent}% off, expected none yet or the 10% limit`]),
    ...noDiscountAbove(final, 10),
    ...noActionItems(final),
    ...lastReplySays(final, "10%"),
  ];
}

export const DISCOUNT = [
  en({
    id: "c-en-disc-5-percent",
    title: "“any chance of 5% off?” on the wrap draft gives 5% at once",
    turns: ["i need 10 rolls of stretch wrap", "any chance of 5% off?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "NW-WRAP-18")], discountPercent: 5, totalCents: 25_650 }),
      ...lastReplySays(final, "$256.50"),
    ],
  }),
  en({
    id: "c-en-disc-15-waits",
    title: "15% off the sent pallet quote goes to staff; the quote keeps its price meanwhile",
    turns: ["quote me 20 wooden pallets", "can you do 15% off"],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(20, "NW-PAL-01")], discountPercent: 0, totalCents: 36_000 }),
      ...oneActionItem(final, { kind: "discount", discountPercent: 15, state: "to_do", decision: null }),
      ...lastReplySays(final, "15%"),
      ...noReplySays(final, dollars(30_600)),
    ],
  }),
  en({
    id: "c-en-disc-in-same-message",
    title: "“20 rolls of stretch wrap with 5% off” is quoted with the 5%",
    turns: ["i need 20 rolls of stretch wrap with 5% off"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(20, "NW-WRAP-18")], discountPercent: 5, totalCents: 51_300 }),
      ...lastReplySays(final, dollars(51_300)),
    ],
  }),
  en({
    id: "c-en-disc-20-authorized",
    title: "20% off three pallet jacks, authorized by staff, lands on the quote and the customer hears the total",
    turns: ["quote 3 pallet jacks please", "thats a lot.. can you do 20% off", { staff: "authorize" }],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(3, "NW-JACK-25")], discountPercent: 20, totalCents: 107_760 }),
      ...oneActionItem(final, { kind: "discount", discountPercent: 20, state: "done", decision: "authorized" }),
      ...lastReplySays(final, dollars(107_760)),
    ],
  }),
  en({
    id: "c-en-disc-any-discount",
    title: "“do you give discounts?” on a tape draft offers at most 10%",
    turns: ["need 10 cases of tape", "do you give discounts?"],
    goal: (final) => [...quoted(final, { state: "draft", lines: [of(10, "NW-TAPE-48")] }), ...offersTheLimit(final)],
  }),
  en({
    id: "c-en-disc-10-then-send",
    title: "10% off the wrap, then “send it”: the sent quote carries the 10%",
    turns: ["i need 10 rolls of stretch wrap", "can i get 10% off?", "send it"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(10, "NW-WRAP-18")], discountPercent: 10, totalCents: 24_300 }),
      ...namesQuote(final),
    ],
  }),
  es({
    id: "c-es-disc-5",
    title: "«me haces un 5% de descuento?» sobre el café da el 5% de inmediato",
    turns: ["necesito 10 kilos de café", "me haces un 5% de descuento?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "AC-CAF-1K")], discountPercent: 5 }),
      ...lastReplySays(final, "5%", clp(141_550)),
    ],
  }),
  es({
    id: "c-es-disc-20-espera",
    title: "Un 20% sobre la cotización de vino va al equipo; la cotización no cambia mientras",
    turns: ["cotízame 5 cajas de vino", "y un 20% de descuento?"],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(5, "AC-VIN-CS")], discountPercent: 0 }),
      ...oneActionItem(final, { kind: "discount", discountPercent: 20, state: "to_do", decision: null }),
      ...lastReplySays(final, "20%"),
      ...noReplySays(final, clp(180_000)),
    ],
  }),
  es({
    id: "c-es-disc-mismo-mensaje",
    title: "«4 sacos de harina con 10% de descuento» se cotiza con el 10%",
    turns: ["necesito 4 sacos de harina con 10% de descuento"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(4, "AC-HAR-25")], discountPercent: 10 }),
      ...lastReplySays(final, clp(68_040)),
    ],
  }),
  es({
    id: "c-es-disc-15-autorizado",
    title: "Un 15% sobre el aceite, autorizado por el equipo, queda en la cotización",
    turns: ["cotízame 6 bidones de aceite", "me puedes hacer un 15%?", { staff: "authorize" }],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(6, "AC-ACE-5L")], discountPercent: 15 }),
      ...oneActionItem(final, { kind: "discount", discountPercent: 15, state: "done", decision: "authorized" }),
      ...lastReplySays(final, clp(165_750)),
    ],
  }),
  es({
    id: "c-es-disc-sin-porcentaje",
    title: "«hay algún descuento?» sobre el chocolate ofrece como mucho un 10%",
    turns: ["necesito 3 cajas de chocolate", "hay algún descuento?"],
    goal: (final) => [...quoted(final, { state: "draft", lines: [of(3, "AC-CHO-70")] }), ...offersTheLimit(final)],
  }),
  es({
    id: "c-es-disc-12-rechazado",
    title: "Un 12% que el equipo deja pendiente: la cotización de vino sigue sin descuento",
    turns: ["cotízame 5 cajas de vino", "un 12% de descuento?", { staff: "refuse" }],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(5, "AC-VIN-CS")], discountPercent: 0 }),
      ...oneActionItem(final, { kind: "discount", discountPercent: 12, state: "done", decision: "left_pending" }),
      ...lastReplySays(final, clp(225_000)),
    ],
  }),
];
