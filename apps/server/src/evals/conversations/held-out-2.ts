import {
  dollars,
  type ExpectedQuote,
  type FinalState,
  handledBy,
  lastReplySays,
  noActionItems,
  noDiscountAbove,
  noQuote,
  noReplySays,
  noTicket,
  type OrderLine,
  oneActionItem,
  quoteIs,
  type Scenario,
  someReplySays,
} from "../scenario.ts";
import {
  type Category,
  category,
  clp,
  earlierOrders,
  namesNoOtherProduct,
  namesQuote,
  of,
  onlyTalked,
  quoted,
  quotedAlone,
  theQuote,
} from "./goals.ts";

// The second held-out set (issue 30): 50 conversations the built-in engine was never tuned on, written
// by an examiner who did not read its parsing, in situations the first two sets cover thinly: the price
// of two products asked and one of them bought, a quantity corrected mid-message, "scrap all that" and
// starting over, SKU codes typed in lower case without hyphens, confirmations in slang, a discount asked
// as a fixed amount, and customers mixing English and Spanish.

const c = (name: Category) => category(name);

const NOT_CARRIED_EN = /\b(not|don't|do not|doesn't|couldn't|can't|cannot|no)\b/i;
const NOT_CARRIED_ES = /\bno\b/i;

/** The last reply names the order (by the setup's fact) and its status; nothing was written. */
function tellsStatus(final: FinalState, order: string, status: RegExp): string[] {
  return [...lastReplySays(final, String(final.facts[order]), status), ...onlyTalked(final)];
}

/** The setup's order is as it was. */
function unchanged(final: FinalState, order: string, expected: ExpectedQuote): string[] {
  const found = final.orders[order];
  return found ? quoteIs(final, found, expected, `order ${final.facts[order]}`) : [`order ${order} is gone`];
}

/** Staff handle the conversation and the AI answered only up to the hand-off. */
function handedOff(final: FinalState, aiReplies: number): string[] {
  return [
    ...handledBy(final, "staff"),
    ...(final.replies.length === aiReplies ? [] : [`expected ${aiReplies} AI replies, found ${final.replies.length}`]),
    ...noTicket(final),
  ];
}

/**
 * "Scrap all that, start over": the newest quote is as expected, and no earlier quote still holds the
 * discarded lines (emptying the quote or cancelling it and opening another are both fair).
 */
function startedOver(final: FinalState, expected: ExpectedQuote): string[] {
  const latest = final.quotes.at(-1);
  if (!latest) return ["there is no quote"];
  const leftovers = final.quotes
    .slice(0, -1)
    .filter((quote) => quote.items.length > 0 && quote.state !== "cancelled")
    .map((quote) => `Q-${quote.number} still holds ${quote.items.map((i) => `${i.quantity} × ${i.sku}`).join(", ")}`);
  return [
    ...leftovers,
    ...quoteIs(final, latest, expected, `Q-${latest.number}`),
    ...handledBy(final, "ai"),
    ...noActionItems(final),
  ];
}

/**
 * A discount asked as an amount: the engine may apply it, refuse or ask, but the lines stay, nothing
 * above 10% is applied, and the reply answers about the discount (not a dump of catalog rows, B13).
 */
function fixedAmountAnswered(final: FinalState, state: string, line: OrderLine, aboutDiscount: RegExp): string[] {
  return [
    ...theQuote(final, { state, lines: [line] }),
    ...noDiscountAbove(final, 10),
    ...handledBy(final, "ai"),
    ...namesNoOtherProduct(final, line.sku),
    ...lastReplySays(final, aboutDiscount),
  ];
}

const EN: Scenario[] = [
  // ——— quote ———
  c("quote").en({
    id: "h2-en-quote-formal-boxes",
    title: "“would you mind sending over a formal quote for 12 packs of corrugated boxes?” sends it: $288.00",
    turns: [
      "Hello there, would you mind sending over a formal quote for 12 packs of corrugated boxes? Many thanks, Dana",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(12, "NW-BOX-12")], discountPercent: 0 }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(28_800)),
    ],
  }),
  c("quote").en({
    id: "h2-en-quote-spanglish-carts",
    title: "Spanglish “hola! can i get a quote for 6 two-tier utility carts por favor” sends $774.00",
    turns: ["hola! can i get a quote for 6 two-tier utility carts por favor, gracias"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(6, "NW-CART-2")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(77_400)),
    ],
  }),
  // ——— multi-product ———
  c("multi-product").en({
    id: "h2-en-multi-skus-no-hyphen",
    title: "“can you quote 6 nwtape48 and 10 nwlbl4x6”: SKUs in lower case without hyphens, sent at $444.00",
    turns: ["can you quote 6 nwtape48 and 10 nwlbl4x6"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(6, "NW-TAPE-48"), of(10, "NW-LBL-4X6")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(44_400)),
    ],
  }),
  c("multi-product").en({
    id: "h2-en-multi-plus-signs",
    title: "Gloves + labels + 50 m2 of foam, joined with plus signs, make a three-line draft of $259.00",
    turns: ["Hi Ava, 3 boxes of gloves + 2 rolls of thermal labels + 50 m2 of foam sheets, that's it for now"],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "draft",
        lines: [of(3, "NW-GLV-L"), of(2, "NW-LBL-4X6"), of(50, "NW-FOAM-6")],
      }),
      ...lastReplySays(final, dollars(25_900)),
    ],
  }),
  // ——— follow-up ———
  c("follow-up").en({
    id: "h2-en-follow-two-prices-buy-carts",
    title: "Prices of shelving and carts asked together, then “i'll take 3 of the carts” confirms 3 carts ($387)",
    turns: ["how much are your steel shelving units and the utility carts?", "ok i'll take 3 of the carts then"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(3, "NW-CART-2")] }),
      ...someReplySays(final, "$189.00", "$129.00"),
      ...lastReplySays(final, dollars(38_700)),
      ...namesQuote(final),
    ],
  }),
  c("follow-up").en({
    id: "h2-en-follow-foam-eighty",
    title: "“what do the foam sheets run?” then “we'd need around eighty” drafts 80 m2 of foam ($280.00)",
    turns: ["what do the foam sheets run?", "cool we'd need around eighty"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(80, "NW-FOAM-6")] }),
      ...lastReplySays(final, dollars(28_000)),
    ],
  }),
  c("follow-up").en({
    id: "h2-en-follow-same-as-last-time-place-it",
    title: "“same as last time? go ahead and place it” confirms the latest order's lines again ($314.00)",
    setup: earlierOrders(
      "northwind",
      { name: "older", state: "completed", lines: [of(1, "NW-DESK-ST")], placedOn: "2025-01-20" },
      { name: "latest", state: "confirmed", lines: [of(4, "NW-GLV-L"), of(2, "NW-CART-2")], placedOn: "2025-05-28" },
    ),
    turns: ["hey, grace here. can we do the same as last time? go ahead and place it"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(4, "NW-GLV-L"), of(2, "NW-CART-2")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(31_400)),
      ...unchanged(final, "latest", { state: "confirmed", totalCents: 31_400 }),
    ],
  }),
  // ——— quantity-words ———
  c("quantity-words").en({
    id: "h2-en-words-couple-dozen-bins",
    title: "“a couple dozen stackable storage bins” is 24 bins: $384.00",
    turns: ["we need a couple dozen stackable storage bins"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(24, "NW-BIN-30")] }),
      ...lastReplySays(final, dollars(38_400)),
    ],
  }),
  c("quantity-words").en({
    id: "h2-en-words-thirty-five-fifteen",
    title: "“thirty five wooden pallets and fifteen rolls of stretch wrap” are 35 and 15: $1,035.00",
    turns: ["thirty five wooden pallets and fifteen rolls of stretch wrap for next week"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(35, "NW-PAL-01"), of(15, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(103_500)),
    ],
  }),
  // ——— typos ———
  c("typos").en({
    id: "h2-en-typo-stackble-sheving",
    title: "Voice-to-text “5 stackble storage bins and 2 steel sheving units” drafts bins and shelving ($458)",
    turns: ["hi yeah so i need 5 stackble storage bins and 2 steel sheving units thank you"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "NW-BIN-30"), of(2, "NW-SHLF-5")] }),
      ...lastReplySays(final, dollars(45_800)),
    ],
  }),
  c("typos").en({
    id: "h2-en-typo-corugated",
    title: "“quote me 10 packs of corugated boxes” sends the corrugated boxes: $240.00",
    turns: ["quote me 10 packs of corugated boxes please"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(10, "NW-BOX-12")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(24_000)),
    ],
  }),
  // ——— change-of-mind ———
  c("change-of-mind").en({
    id: "h2-en-change-no-wait-12",
    title: "“need 10, no wait, 12 cases of packing tape” drafts 12 cases: $468.00",
    turns: ["need 10, no wait, 12 cases of packing tape"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(12, "NW-TAPE-48")] }),
      ...lastReplySays(final, dollars(46_800)),
    ],
  }),
  c("change-of-mind").en({
    id: "h2-en-change-scrap-all-start-over",
    title: "Jacks and wrap, “scrap all that, lets start over”, “just 3 boxes of gloves”: only the gloves ($42)",
    turns: [
      "need 5 pallet jacks and 10 rolls of stretch wrap",
      "actually scrap all that, lets start over",
      "just 3 boxes of gloves",
    ],
    goal: (final) => [
      ...startedOver(final, { state: "draft", lines: [of(3, "NW-GLV-L")] }),
      ...lastReplySays(final, dollars(4_200)),
    ],
  }),
  // ——— send-confirm ———
  c("send-confirm").en({
    id: "h2-en-send-sounds-good-go-for-it",
    title: "A sent wrap quote, then “sounds good go for it” confirms it ($675.00)",
    turns: ["quote me 25 rolls of stretch wrap", "sounds good go for it"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(25, "NW-WRAP-18")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(67_500)),
    ],
  }),
  c("send-confirm").en({
    id: "h2-en-send-shoot-it-over-lets-do-it",
    title: "3 desks, “yeah shoot it over” sends $1,560; “ok lets do it” waits for staff, the quote stays sent",
    turns: ["need 3 standing packing desks", "yeah shoot it over", "ok lets do it"],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(3, "NW-DESK-ST")] }),
      ...oneActionItem(final, { kind: "order_total", state: "to_do", decision: null }),
    ],
  }),
  // ——— discount ———
  c("discount").en({
    id: "h2-en-disc-knock-20-dollars",
    title: "“could you knock $20 off?” on 10 rolls of wrap: the line stays 10 rolls, nothing above 10% applied",
    turns: ["need 10 rolls of stretch wrap", "could you knock $20 off?"],
    goal: (final) => fixedAmountAnswered(final, "draft", of(10, "NW-WRAP-18"), /discount|\boff\b|%|manager/i),
  }),
  c("discount").en({
    id: "h2-en-disc-10-then-place-order",
    title: "10% off the sent jack quote, then “great, place the order” confirms it at $808.20",
    turns: ["quote 2 pallet jacks", "can you do 10% on that?", "great, place the order"],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "confirmed",
        lines: [of(2, "NW-JACK-25")],
        discountPercent: 10,
        totalCents: 80_820,
      }),
      ...namesQuote(final),
    ],
  }),
  // ——— ambiguous ———
  c("ambiguous").en({
    id: "h2-en-amb-rolls-labels-and-send",
    title: "“need 12 rolls” asks which; “the labels, and send me the quote” sends 12 rolls of labels ($252)",
    turns: ["need 12 rolls for the shipping station", "the labels, and send me the quote"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(12, "NW-LBL-4X6")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(25_200)),
    ],
  }),
  c("ambiguous").en({
    id: "h2-en-amb-rolls-more-expensive",
    title: "“i want 6 rolls” asks which; “whichever is more expensive” drafts 6 rolls of stretch wrap ($162)",
    turns: ["i want 6 rolls", "whichever is more expensive"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(6, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(16_200)),
    ],
  }),
  // ——— not-in-catalog ———
  c("not-in-catalog").en({
    id: "h2-en-nic-hand-trucks",
    title: "“do you carry hand trucks? need 3” says no, with no hand-truck price",
    turns: ["do you carry hand trucks? need 3 for the dock"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_EN),
      ...noReplySays(final, /hand trucks?\s*(?:at|for|:|-|–|—)?\s*\$\d/i),
    ],
  }),
  c("not-in-catalog").en({
    id: "h2-en-nic-boxes-and-packing-peanuts",
    title: "Boxes and packing peanuts: the boxes are drafted ($192), the peanuts are said not to be sold",
    turns: ["need 8 packs of corrugated boxes and 5 bags of packing peanuts"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(8, "NW-BOX-12")] }),
      ...lastReplySays(final, dollars(19_200)),
      ...someReplySays(final, /peanut/i),
    ],
  }),
  // ——— order-status ———
  c("order-status").en({
    id: "h2-en-status-latest-of-two",
    title: "“what's the status on my latest order?” names the newer, pending one of two orders",
    setup: earlierOrders(
      "northwind",
      { name: "older", state: "completed", lines: [of(3, "NW-TAPE-48")], placedOn: "2025-03-04" },
      { name: "newer", state: "pending", lines: [of(1, "NW-JACK-25")], placedOn: "2025-06-11" },
    ),
    turns: ["hi, what's the status on my latest order?"],
    goal: (final) => [...tellsStatus(final, "newer", /pending/i), ...unchanged(final, "newer", { state: "pending" })],
  }),
  // ——— policy ———
  c("policy").en({
    id: "h2-en-policy-will-call",
    title: "Picking up at the warehouse: 1200 Logistics Drive, Joliet, 7:00 am to 4:00 pm",
    turns: ["can we swing by and pick it up ourselves? where are you guys and what hours"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /Logistics Drive|7(:00)?\s*am/i)],
  }),
  c("policy").en({
    id: "h2-en-policy-opened-gloves",
    title: "An opened box of nitrile gloves cannot be returned (hygiene)",
    turns: ["if we open a box of the nitrile gloves and end up not needing them can we send it back"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /opened/i, NOT_CARRIED_EN)],
  }),
  // ——— human ———
  c("human").en({
    id: "h2-en-human-manager-about-pricing",
    title: "A pallet draft, then “can i speak to your manager about pricing” hands off and keeps the draft",
    turns: ["need 40 wooden pallets", "hmm can i speak to your manager about pricing"],
    goal: (final) => [...handedOff(final, 2), ...theQuote(final, { state: "draft", lines: [of(40, "NW-PAL-01")] })],
  }),
];

const ES: Scenario[] = [
  // ——— quote ———
  c("quote").es({
    id: "h2-es-quote-podria-enviar-presupuesto",
    title: "«¿me podría enviar un presupuesto por 6 bidones de aceite de oliva?» lo envía (CLP 195.000)",
    turns: ["Buenas tardes, ¿me podría enviar un presupuesto por 6 bidones de aceite de oliva? Quedo atenta, saludos"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(6, "AC-ACE-5L")], discountPercent: 0 }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(195_000)),
    ],
  }),
  // ——— multi-product ———
  c("multi-product").es({
    id: "h2-es-multi-skus-sin-guion",
    title: "«me cotizas 5 accaf1k y 10 acsal1k»: códigos en minúscula y sin guion, se envía (CLP 93.500)",
    turns: ["hola me cotizas 5 accaf1k y 10 acsal1k"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(5, "AC-CAF-1K"), of(10, "AC-SAL-1K")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(93_500)),
    ],
  }),
  c("multi-product").es({
    id: "h2-es-multi-restoran-de-corrido",
    title: "Cuatro productos de corrido y sin comas para el restorán: borrador de CLP 310.700",
    turns: [
      "Hola Sofía! para el restorán necesito 2 bidones de aceite de oliva 3 sacos de harina también 6 cajas de palta y 1 caja de vino eso sería",
    ],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "draft",
        lines: [of(2, "AC-ACE-5L"), of(3, "AC-HAR-25"), of(6, "AC-PAL-01"), of(1, "AC-VIN-CS")],
      }),
      ...lastReplySays(final, clp(310_700)),
    ],
  }),
  // ——— follow-up ———
  c("follow-up").es({
    id: "h2-es-follow-dos-precios-compra-quinoa",
    title: "Precio del café y de la quínoa, luego «compro 8 kilos de quínoa entonces» confirma (CLP 44.800)",
    turns: ["cuánto valen el café de grano y la quínoa?", "ok, compro 8 kilos de quínoa entonces"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(8, "AC-QUI-1K")] }),
      ...someReplySays(final, clp(14_900), clp(5_600)),
      ...lastReplySays(final, clp(44_800)),
      ...namesQuote(final),
    ],
  }),
  c("follow-up").es({
    id: "h2-es-follow-sal-veinticinco",
    title: "«a cómo está la sal de mar?» y luego «serían unos veinticinco kilos»: 25 kilos (CLP 47.500)",
    turns: ["a cómo está la sal de mar?", "ok, serían unos veinticinco kilos"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(25, "AC-SAL-1K")] }),
      ...lastReplySays(final, clp(47_500)),
    ],
  }),
  c("follow-up").es({
    id: "h2-es-follow-cotiza-lo-que-pedi",
    title: "«me cotizas lo mismo que pedí la última vez?» envía las líneas del último pedido (CLP 104.900)",
    setup: earlierOrders(
      "andes",
      { name: "older", state: "completed", lines: [of(2, "AC-ACE-5L")], placedOn: "2025-02-10" },
      { name: "latest", state: "confirmed", lines: [of(3, "AC-CHO-70"), of(5, "AC-TE-100")], placedOn: "2025-05-14" },
    ),
    turns: ["hola! me cotizas lo mismo que pedí la última vez?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(3, "AC-CHO-70"), of(5, "AC-TE-100")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(104_900)),
      ...unchanged(final, "latest", { state: "confirmed", totalCents: 10_490_000 }),
    ],
  }),
  // ——— quantity-words ———
  c("quantity-words").es({
    id: "h2-es-words-docena-y-media",
    title: "«una docena y media de cajas de chocolate» son 18 cajas (CLP 500.400)",
    turns: ["necesito una docena y media de cajas de chocolate"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(18, "AC-CHO-70")] }),
      ...lastReplySays(final, clp(500_400)),
    ],
  }),
  c("quantity-words").es({
    id: "h2-es-words-cincuenta-y-tres",
    title: "«cincuenta kilos de sal de mar y tres bidones de aceite» son 50 y 3 (CLP 192.500)",
    turns: ["cincuenta kilos de sal de mar y tres bidones de aceite porfa"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(50, "AC-SAL-1K"), of(3, "AC-ACE-5L")] }),
      ...lastReplySays(final, clp(192_500)),
    ],
  }),
  // ——— typos ———
  c("typos").es({
    id: "h2-es-typo-asucar-cafe-en-grano",
    title: "«ola nesesito 4 sacos de asucar y 2 kilos de cafe en grano»: azúcar y café (CLP 74.600)",
    turns: ["ola nesesito 4 sacos de asucar y 2 kilos de cafe en grano"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(4, "AC-AZU-10"), of(2, "AC-CAF-1K")] }),
      ...lastReplySays(final, clp(74_600)),
    ],
  }),
  c("typos").es({
    id: "h2-es-typo-presupesto-palta",
    title: "«me mandai un presupesto de 7 cajas de palta» envía la cotización (CLP 168.000)",
    turns: ["me mandai un presupesto de 7 cajas de palta"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(7, "AC-PAL-01")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(168_000)),
    ],
  }),
  // ——— change-of-mind ———
  c("change-of-mind").es({
    id: "h2-es-change-no-perdon-12",
    title: "«quiero 10 kilos de quínoa... no perdón, 12» deja 12 kilos (CLP 67.200)",
    turns: ["quiero 10 kilos de quínoa... no perdón, 12"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(12, "AC-QUI-1K")] }),
      ...lastReplySays(final, clp(67_200)),
    ],
  }),
  c("change-of-mind").es({
    id: "h2-es-change-borra-todo",
    title: "Vino y chocolate, «borra todo y empecemos de nuevo», «solo 5 kilos de café»: solo el café",
    turns: [
      "necesito 3 cajas de vino y 2 cajas de chocolate",
      "sabes qué, borra todo y empecemos de nuevo",
      "solo 5 kilos de café",
    ],
    goal: (final) => [
      ...startedOver(final, { state: "draft", lines: [of(5, "AC-CAF-1K")] }),
      ...lastReplySays(final, clp(74_500)),
    ],
  }),
  // ——— send-confirm ———
  c("send-confirm").es({
    id: "h2-es-send-mezcla-ingles",
    title: "Azúcar en español, luego «ok perfect, send it please» en inglés: la cotización se envía",
    turns: ["necesito 4 sacos de azúcar", "ok perfect, send it please"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(4, "AC-AZU-10")] }), ...namesQuote(final)],
  }),
  c("send-confirm").es({
    id: "h2-es-send-ya-po-demosle",
    title: "Cotización de vino enviada, luego «ya po, démosle nomás» la confirma (CLP 270.000)",
    turns: ["cotízame 6 cajas de vino", "ya po, démosle nomás"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(6, "AC-VIN-CS")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(270_000)),
    ],
  }),
  // ——— discount ———
  c("discount").es({
    id: "h2-es-disc-rebajar-30000",
    title: "«me puedes rebajar $30.000?» sobre 5 cajas de vino: las líneas no cambian y nada sobre el 10%",
    turns: ["cotízame 5 cajas de vino", "me puedes rebajar $30.000?"],
    goal: (final) => fixedAmountAnswered(final, "sent", of(5, "AC-VIN-CS"), /descuento|rebaj|%|equipo/i),
  }),
  c("discount").es({
    id: "h2-es-disc-diez-por-ciento-palabras",
    title: "«y si me haces el diez por ciento?» sobre la palta da el 10% (CLP 259.200)",
    turns: ["necesito 12 cajas de palta", "y si me haces el diez por ciento?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(12, "AC-PAL-01")], discountPercent: 10 }),
      ...lastReplySays(final, clp(259_200)),
    ],
  }),
  // ——— ambiguous ———
  c("ambiguous").es({
    id: "h2-es-amb-cajas-vino-lo-compro",
    title: "«quiero 4 cajas» pregunta cuál; «las de vino, y lo compro altiro» confirma 4 cajas de vino",
    turns: ["quiero 4 cajas", "las de vino, y lo compro altiro"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(4, "AC-VIN-CS")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(180_000)),
    ],
  }),
  c("ambiguous").es({
    id: "h2-es-amb-kilos-quinoa",
    title: "«necesito 6 kilos pa la semana» pregunta cuál; «quínoa» cotiza 6 kilos de quínoa",
    turns: ["necesito 6 kilos pa la semana", "quínoa"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(6, "AC-QUI-1K")] }),
      ...lastReplySays(final, clp(33_600)),
    ],
  }),
  // ——— not-in-catalog ———
  c("not-in-catalog").es({
    id: "h2-es-nic-aceite-maravilla",
    title: "«tienen aceite de maravilla? necesito 3 bidones» dice que no y no cotiza el de oliva",
    turns: ["tienen aceite de maravilla? necesito 3 bidones"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_ES),
      ...noReplySays(final, /maravilla\s*(?:a|en|:|-|–|—)?\s*\$\d/i),
    ],
  }),
  c("not-in-catalog").es({
    id: "h2-es-nic-azucar-y-lentejas",
    title: "Azúcar y lentejas: el azúcar se cotiza (CLP 22.400) y de las lentejas se dice que no hay",
    turns: ["necesito 2 sacos de azúcar y 5 kilos de lentejas"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(2, "AC-AZU-10")] }),
      ...lastReplySays(final, clp(22_400)),
      ...someReplySays(final, /lenteja/i),
    ],
  }),
  // ——— order-status ———
  c("order-status").es({
    id: "h2-es-status-lo-pague-el-lunes",
    title: "«oye y mi pedido? lo pagué el lunes y nada» nombra el pedido pendiente",
    setup: earlierOrders("andes", {
      name: "mine",
      state: "pending",
      lines: [of(5, "AC-HAR-25")],
      placedOn: "2025-06-16",
    }),
    turns: ["oye y mi pedido? lo pagué el lunes y nada"],
    goal: (final) => [
      ...tellsStatus(final, "mine", /pendiente|pending/i),
      ...unchanged(final, "mine", { state: "pending" }),
    ],
  }),
  c("order-status").es({
    id: "h2-es-status-ultimo-pedido",
    title: "«en qué estado está mi último pedido?» nombra el más reciente de dos, confirmado",
    setup: earlierOrders(
      "andes",
      { name: "older", state: "cancelled", lines: [of(2, "AC-VIN-CS")], placedOn: "2025-03-03" },
      { name: "newer", state: "confirmed", lines: [of(10, "AC-SAL-1K")], placedOn: "2025-06-05" },
    ),
    turns: ["hola, me puedes decir en qué estado está mi último pedido?"],
    goal: (final) => [
      ...tellsStatus(final, "newer", /confirmad|confirmed/i),
      ...unchanged(final, "newer", { state: "confirmed" }),
    ],
  }),
  // ——— policy ———
  c("policy").es({
    id: "h2-es-policy-palta-magallanes",
    title: "«despachan palta a magallanes?»: la palta no se despacha a zonas extremas",
    turns: ["despachan palta a magallanes?"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, NOT_CARRIED_ES, /zonas? extremas?|buen estado/i)],
  }),
  // ——— human ———
  c("human").es({
    id: "h2-es-human-que-me-llamen",
    title: "«puede llamarme alguien del equipo de ventas?» pasa la conversación al equipo",
    turns: ["puede llamarme alguien del equipo de ventas? es por un pedido grande"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  c("human").es({
    id: "h2-es-human-real-person-in-english",
    title: "Borrador de harina, luego en inglés «can i talk to a real person please?»: pasa al equipo",
    turns: ["necesito 2 sacos de harina", "sorry my spanish is not great, can i talk to a real person please?"],
    goal: (final) => [...handedOff(final, 2), ...theQuote(final, { state: "draft", lines: [of(2, "AC-HAR-25")] })],
  }),
];

export const HELD_OUT_2: Scenario[] = [...EN, ...ES];
