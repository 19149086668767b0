import { dollars, lastReplySays, oneActionItem, someReplySays } from "../scenario.ts";
import { category, clp, namesNoOtherProduct, namesQuote, of, quoted, quotedAlone } from "./goals.ts";

// One product with a quantity: a draft when the customer only needs it, sent when they ask for a
// quote, confirmed when they buy within the employee's limit (above it, staff authorize). The first
// five are the conversations issue 30 was opened with.

const { en, es } = category("quote");
const TEN_WRAP = [of(10, "NW-WRAP-18")];

export const QUOTE = [
  en({
    id: "c-en-issue-1",
    title: "“Hi, I need 10 rolls of stretch wrap” makes a draft quote of $270.00",
    turns: ["Hi, I need 10 rolls of stretch wrap"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: TEN_WRAP, discountPercent: 0, totalCents: 27_000 }),
      ...lastReplySays(final, "$270.00"),
    ],
  }),
  en({
    id: "c-en-issue-2",
    title: "“I need 10 rolls of stretch wrap” quotes the wrap without listing the catalog",
    turns: ["I need 10 rolls of stretch wrap"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: TEN_WRAP, totalCents: 27_000 }),
      ...namesNoOtherProduct(final, "NW-WRAP-18"),
    ],
  }),
  en({
    id: "c-en-issue-3",
    title: "“Please send me the quote” after the wrap sends that quote",
    turns: ["I need 10 rolls of stretch wrap", "Please send me the quote"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: TEN_WRAP, totalCents: 27_000 }),
      ...namesQuote(final),
    ],
  }),
  en({
    id: "c-en-issue-4",
    title: "“Can I get 10% off?” after the wrap gives 10% off: $243.00",
    turns: ["I need 10 rolls of stretch wrap", "Can I get 10% off?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: TEN_WRAP, discountPercent: 10, totalCents: 24_300 }),
      ...lastReplySays(final, "$243.00"),
    ],
  }),
  en({
    id: "c-en-issue-5",
    title: "The whole opening journey: the wrap, “Please send me the quote”, “Can I get 10% off?”",
    turns: ["Hi, I need 10 rolls of stretch wrap", "Please send me the quote", "Can I get 10% off?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: TEN_WRAP, discountPercent: 10, totalCents: 24_300 }),
      ...someReplySays(final, "$270.00"),
      ...lastReplySays(final, "10%", "$243.00"),
    ],
  }),
  en({
    id: "c-en-quote-send-shelving",
    title: "“can u send me a quote for 4 steel shelving units” sends the quote",
    turns: ["hey can u send me a quote for 4 steel shelving units"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(4, "NW-SHLF-5")], discountPercent: 0 }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(75_600)),
    ],
  }),
  en({
    id: "c-en-quote-need-pallets",
    title: "A need for 30 pallets, with small talk around it, is a draft with its total and a question",
    turns: ["good morning! we need 30 wooden pallets for a shipment next week"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(30, "NW-PAL-01")] }),
      ...lastReplySays(final, dollars(54_000), "?"),
    ],
  }),
  en({
    id: "c-en-quote-buy-jacks",
    title: "“i'd like to buy 2 pallet jacks” ($898) is confirmed at once",
    turns: ["hi there i'd like to buy 2 pallet jacks"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(2, "NW-JACK-25")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(89_800)),
    ],
  }),
  en({
    id: "c-en-quote-buy-desks-authorized",
    title: "Buying 3 standing desks ($1,560) waits for staff; authorized, it is confirmed",
    turns: ["ok i'll buy 3 standing desks", { staff: "authorize" }],
    goal: (final) => [
      ...quoted(final, { state: "confirmed", lines: [of(3, "NW-DESK-ST")] }),
      ...oneActionItem(final, { kind: "order_total", state: "done", decision: "authorized" }),
      ...someReplySays(final, dollars(156_000)),
      ...namesQuote(final),
    ],
  }),
  es({
    id: "c-es-quote-need-harina",
    title: "«necesito 2 sacos de harina» deja un borrador con su total y una pregunta",
    turns: ["hola buenas, necesito 2 sacos de harina"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(2, "AC-HAR-25")], discountPercent: 0 }),
      ...lastReplySays(final, "Harina", clp(37_800), "?"),
    ],
  }),
  es({
    id: "c-es-quote-send-cafe",
    title: "«me puedes mandar una cotización de 10 kilos de café» envía la cotización",
    turns: ["me puedes mandar una cotización de 10 kilos de café?"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(10, "AC-CAF-1K")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-quote-buy-aceite",
    title: "«quiero comprar 3 bidones de aceite de oliva» confirma el pedido",
    turns: ["hola quiero comprar 3 bidones de aceite de oliva"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(3, "AC-ACE-5L")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(97_500)),
    ],
  }),
  es({
    id: "c-es-quote-cotizame-vino",
    title: "«cotízame 5 cajas de vino porfa» envía la cotización",
    turns: ["cotízame 5 cajas de vino porfa"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(5, "AC-VIN-CS")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-quote-presupuesto-quinoa",
    title: "Un «presupuesto» de 20 kilos de quínoa envía la cotización",
    turns: ["hola, me das un presupuesto de 20 kilos de quínoa"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(20, "AC-QUI-1K")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-quote-cotizas-te",
    title: "«me cotizas 12 cajas de té verde?» envía la cotización",
    turns: ["hola! me cotizas 12 cajas de té verde?"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(12, "AC-TE-100")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-quote-buy-vino-above-limit",
    title: "Comprar 40 cajas de vino (CLP 1.800.000) pide autorización y no confirma",
    turns: ["buenas tardes, quiero comprar 40 cajas de vino cabernet para un evento"],
    goal: (final) => [
      ...quoted(final, { state: ["draft", "sent"], lines: [of(40, "AC-VIN-CS")] }),
      ...oneActionItem(final, { kind: "order_total", state: "to_do", decision: null }),
    ],
  }),
];
