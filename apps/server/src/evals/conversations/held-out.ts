import {
  dollars,
  type FinalState,
  handledBy,
  lastReplySays,
  noQuote,
  noReplySays,
  noTicket,
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
  namesQuote,
  of,
  onlyTalked,
  quoted,
  quotedAlone,
  theQuote,
} from "./goals.ts";

// The held-out set (issue 30): 50 conversations the built-in engine was never tuned on, written by an
// examiner who did not read its parsing. Same promises (engine-behaviour.md), other phrasing: other
// greetings and sign-offs, run-on voice-to-text messages, several products in one message, quantities in
// words, SKU codes in lower case, polite indirect requests, changes of mind two turns later.

const c = (name: Category) => category(name);

const NOT_CARRIED_EN = /\b(not|don't|do not|doesn't|couldn't|can't|cannot|no)\b/i;
const NOT_CARRIED_ES = /\bno\b/i;

/** The last reply names the order (by the setup's fact) and its status; nothing was written. */
function tellsStatus(final: FinalState, order: string, status: RegExp): string[] {
  return [...lastReplySays(final, String(final.facts[order]), status), ...onlyTalked(final)];
}

/** The setup's order is as it was. */
function unchanged(final: FinalState, order: string, state: string): string[] {
  const found = final.orders[order];
  return found ? quoteIs(final, found, { state }, `order ${final.facts[order]}`) : [`order ${order} is gone`];
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
 * "The first one": the SKU whose name the first reply (the question "which one?") wrote first, among
 * the candidates; null when the reply named not all of them.
 */
function firstNamed(final: FinalState, candidates: Record<string, string>): string | null {
  const reply = (final.replies[0] ?? "").toLowerCase();
  const at = Object.entries(candidates).map(([sku, name]) => ({ sku, at: reply.indexOf(name.toLowerCase()) }));
  if (at.some((candidate) => candidate.at === -1)) return null;
  return at.sort((x, y) => x.at - y.at)[0]!.sku;
}

const EN: Scenario[] = [
  // ——— quote ———
  c("quote").en({
    id: "h-en-quote-put-together",
    title: "“Could you put together a quote for 25 stackable storage bins?” sends it: $400.00",
    turns: ["Good afternoon! Could you put together a quote for 25 stackable storage bins? Cheers"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(25, "NW-BIN-30")], discountPercent: 0 }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(40_000)),
    ],
  }),
  c("quote").en({
    id: "h-en-quote-place-order-carts",
    title: "“4 two-tier utility carts, please place the order” ($516) is confirmed at once",
    turns: ["hi! we're looking to get 4 two-tier utility carts, please place the order"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(4, "NW-CART-2")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(51_600)),
    ],
  }),
  // ——— multi-product ———
  c("multi-product").en({
    id: "h-en-multi-voice-no-commas",
    title: "Voice-to-text with no punctuation: wrap, tape and gloves make a three-line draft of $454.00",
    turns: ["hey so i need 10 rolls of stretch wrap 4 cases of packing tape and 2 boxes of nitrile gloves thanks"],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "draft",
        lines: [of(10, "NW-WRAP-18"), of(4, "NW-TAPE-48"), of(2, "NW-GLV-L")],
      }),
      ...lastReplySays(final, dollars(45_400)),
    ],
  }),
  c("multi-product").en({
    id: "h-en-multi-lowercase-skus",
    title: "“quote 40 nw-pal-01 and 1 nw-jack-25”: SKU codes in lower case are quoted and sent ($1,169.00)",
    turns: ["can you quote 40 nw-pal-01 and 1 nw-jack-25"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(40, "NW-PAL-01"), of(1, "NW-JACK-25")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(116_900)),
    ],
  }),
  // ——— follow-up ———
  c("follow-up").en({
    id: "h-en-follow-price-then-couple",
    title: "“what do your pallet jacks go for?” then “alright i'll take a couple” confirms 2 jacks ($898)",
    turns: ["what do your pallet jacks go for?", "alright i'll take a couple"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(2, "NW-JACK-25")] }),
      ...someReplySays(final, "$449.00"),
      ...lastReplySays(final, dollars(89_800)),
      ...namesQuote(final),
    ],
  }),
  c("follow-up").en({
    id: "h-en-follow-throw-in-wrap",
    title: "“throw in 5 rolls of stretch wrap too” adds wrap to the pallets: $675.00",
    turns: ["need 30 wooden pallets", "throw in 5 rolls of stretch wrap too"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(30, "NW-PAL-01"), of(5, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(67_500)),
    ],
  }),
  // ——— quantity-words ———
  c("quantity-words").en({
    id: "h-en-words-half-dozen",
    title: "“half a dozen steel shelving units please” is 6 units: $1,134.00",
    turns: ["morning! half a dozen steel shelving units please"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(6, "NW-SHLF-5")] }),
      ...lastReplySays(final, dollars(113_400)),
    ],
  }),
  c("quantity-words").en({
    id: "h-en-words-forty-and-dozen",
    title: "“forty wooden pallets and a dozen boxes of gloves” are 40 and 12: $888.00",
    turns: ["hiya we need forty wooden pallets and a dozen boxes of gloves"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(40, "NW-PAL-01"), of(12, "NW-GLV-L")] }),
      ...lastReplySays(final, dollars(88_800)),
    ],
  }),
  // ——— typos ———
  c("typos").en({
    id: "h-en-typo-packng",
    title: "“8 cases of packng tape asap” is 8 cases of packing tape",
    turns: ["need 8 cases of packng tape asap"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(8, "NW-TAPE-48")] }),
      ...lastReplySays(final, dollars(31_200)),
    ],
  }),
  c("typos").en({
    id: "h-en-typo-standng-desk",
    title: "“id like to buy 1 standng packing desk” confirms one standing desk ($520)",
    turns: ["id like to buy 1 standng packing desk"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(1, "NW-DESK-ST")] }),
      ...lastReplySays(final, dollars(52_000)),
    ],
  }),
  // ——— change-of-mind ———
  c("change-of-mind").en({
    id: "h-en-change-wrap-two-turns-later",
    title: "Wrap, then tape, then “wait no, 20 rolls of wrap not 12”: 20 wrap and 3 tape ($657)",
    turns: ["need 12 rolls of stretch wrap", "and 3 cases of tape", "wait no, 20 rolls of wrap not 12"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(20, "NW-WRAP-18"), of(3, "NW-TAPE-48")] }),
      ...lastReplySays(final, dollars(65_700)),
    ],
  }),
  c("change-of-mind").en({
    id: "h-en-change-drop-carts-for-shelving",
    title: "“on second thought drop the carts, i need 3 steel shelving units instead” leaves the shelving",
    turns: ["need 6 utility carts", "on second thought drop the carts, i need 3 steel shelving units instead"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(3, "NW-SHLF-5")] }),
      ...lastReplySays(final, dollars(56_700)),
    ],
  }),
  // ——— send-confirm ———
  c("send-confirm").en({
    id: "h-en-send-over-then-go-ahead",
    title: "Gloves, “sounds good, send it over”, “perfect lets go ahead”: confirmed ($210)",
    turns: ["need 15 boxes of nitrile gloves", "sounds good, send it over", "perfect lets go ahead"],
    goal: (final) => [...quotedAlone(final, { state: "confirmed", lines: [of(15, "NW-GLV-L")] }), ...namesQuote(final)],
  }),
  c("send-confirm").en({
    id: "h-en-send-yep-confirm-above-limit",
    title: "“yep” sends jacks and pallets ($1,078); “great, confirm it” waits for staff, the quote stays sent",
    turns: ["need 2 pallet jacks and 10 wooden pallets", "yep", "great, confirm it"],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(2, "NW-JACK-25"), of(10, "NW-PAL-01")] }),
      ...oneActionItem(final, { kind: "order_total", state: "to_do", decision: null }),
    ],
  }),
  // ——— discount ———
  c("discount").en({
    id: "h-en-disc-7-on-sent-shelving",
    title: "“is 7% off doable?” on the sent shelving quote gives 7% at once: $1,757.70",
    turns: ["quote me 10 steel shelving units", "is 7% off doable?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(10, "NW-SHLF-5")], discountPercent: 7, totalCents: 175_770 }),
      ...lastReplySays(final, "$1,757.70"),
    ],
  }),
  c("discount").en({
    id: "h-en-disc-15-refused",
    title: "“could you do 15%?” on 100 pallets goes to staff, who leave it pending: still $1,800.00",
    turns: ["need 100 wooden pallets", "thats over our budget tbh, could you do 15%?", { staff: "refuse" }],
    goal: (final) => [
      ...quoted(final, { state: "draft", lines: [of(100, "NW-PAL-01")], discountPercent: 0, totalCents: 180_000 }),
      ...oneActionItem(final, { kind: "discount", discountPercent: 15, state: "done", decision: "left_pending" }),
      ...lastReplySays(final, dollars(180_000)),
    ],
  }),
  // ——— ambiguous ———
  c("ambiguous").en({
    id: "h-en-amb-8-rolls-the-first-one",
    title: "“could i get 8 rolls pls” asks which; “the first one” quotes 8 of the product named first",
    turns: ["could i get 8 rolls pls", "the first one"],
    goal: (final) => {
      const first = firstNamed(final, { "NW-WRAP-18": "Stretch wrap", "NW-LBL-4X6": "Thermal labels" });
      if (!first) return [`the first reply does not name both Stretch wrap and Thermal labels: "${final.replies[0]}"`];
      return quotedAlone(final, { state: "draft", lines: [of(8, first)] });
    },
  }),
  c("ambiguous").en({
    id: "h-en-amb-quote-8-rolls-labels",
    title: "“send me a quote for 8 rolls” asks which; “the 4x6 labels” quotes 8 rolls of labels ($168)",
    turns: ["send me a quote for 8 rolls", "the 4x6 labels"],
    goal: (final) => [
      // The quote wish came with the ambiguous message: sending once resolved, or asking first, are both fair.
      ...quotedAlone(final, { state: ["draft", "sent"], lines: [of(8, "NW-LBL-4X6")] }),
      ...lastReplySays(final, dollars(16_800)),
    ],
  }),
  // ——— not-in-catalog ———
  c("not-in-catalog").en({
    id: "h-en-nic-safety-vests",
    title: "“do you guys sell safety vests? need like 20” says no, with no vest price",
    turns: ["do you guys sell safety vests? need like 20"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_EN),
      ...noReplySays(final, /vest[^\n]*\$\d/i),
    ],
  }),
  c("not-in-catalog").en({
    id: "h-en-nic-duct-tape-with-wrap",
    title: "Wrap and duct tape: the wrap is quoted, duct tape is not packing tape and is said not to be sold",
    turns: ["need 10 rolls of stretch wrap and 20 rolls of duct tape"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "NW-WRAP-18")] }),
      ...someReplySays(final, /duct/i),
    ],
  }),
  // ——— order-status ———
  c("order-status").en({
    id: "h-en-status-any-update",
    title: "“any update on my order?” names the customer's pending order",
    setup: earlierOrders("northwind", {
      name: "mine",
      state: "pending",
      lines: [of(12, "NW-BIN-30"), of(2, "NW-SHLF-5")],
      placedOn: "2025-06-16",
    }),
    turns: ["hey any update on my order? been waiting a few days now"],
    goal: (final) => [...tellsStatus(final, "mine", /pending/i), ...unchanged(final, "mine", "pending")],
  }),
  c("order-status").en({
    id: "h-en-status-cancelled-by-number",
    title: "Asking about the older, cancelled one of two orders by number says it was cancelled",
    setup: earlierOrders(
      "northwind",
      { name: "older", state: "cancelled", lines: [of(1, "NW-DESK-ST")], placedOn: "2025-04-11" },
      { name: "newer", state: "confirmed", lines: [of(20, "NW-LBL-4X6")], placedOn: "2025-06-03" },
    ),
    turns: [(facts) => `quick q whats going on with order ${facts.older}`],
    goal: (final) => [...tellsStatus(final, "older", /cancel/i), ...unchanged(final, "older", "cancelled")],
  }),
  // ——— policy ———
  c("policy").en({
    id: "h-en-policy-jack-warranty",
    title: "The pallet jack's warranty: 2 years on the pump (the FAQ)",
    turns: ["hey quick question whats the warranty on your pallet jacks"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /\b2[- ]year|\btwo[- ]year/i)],
  }),
  // ——— human ———
  c("human").en({
    id: "h-en-human-actual-person",
    title: "“is there an actual person i can chat with?” hands off",
    turns: ["is there an actual person i can chat with?"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
  c("human").en({
    id: "h-en-human-sales-rep-after-tape",
    title: "A real sales rep wanted after a tape draft: hands off and keeps the draft",
    turns: ["need 10 cases of tape", "can i chat with a real sales rep instead"],
    goal: (final) => [...handedOff(final, 2), ...theQuote(final, { state: "draft", lines: [of(10, "NW-TAPE-48")] })],
  }),
];

const ES: Scenario[] = [
  // ——— quote ———
  c("quote").es({
    id: "h-es-quote-podrias-cotizar",
    title: "«me podrías cotizar 8 sacos de azúcar?» envía la cotización (CLP 89.600)",
    turns: ["Hola buenas tardes, me podrías cotizar 8 sacos de azúcar? saludos"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(8, "AC-AZU-10")], discountPercent: 0 }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(89_600)),
    ],
  }),
  c("quote").es({
    id: "h-es-quote-lo-compro-altiro",
    title: "«15 kilos de quínoa orgánica, lo compro altiro» confirma el pedido (CLP 84.000)",
    turns: ["buen día! quiero 15 kilos de quínoa orgánica, lo compro altiro"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(15, "AC-QUI-1K")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(84_000)),
    ],
  }),
  // ——— multi-product ———
  c("multi-product").es({
    id: "h-es-multi-dictado-sin-comas",
    title: "Dictado sin puntuación: aceite, sal y chocolate arman un borrador de tres líneas (CLP 204.600)",
    turns: ["hola q tal necesito 4 bidones de aceite 10 kilos de sal de mar y 2 cajas de chocolate gracias"],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "draft",
        lines: [of(4, "AC-ACE-5L"), of(10, "AC-SAL-1K"), of(2, "AC-CHO-70")],
      }),
      ...lastReplySays(final, clp(204_600)),
    ],
  }),
  c("multi-product").es({
    id: "h-es-multi-skus-minuscula",
    title: "«me cotizas 12 ac-caf-1k y 8 ac-te-100» con códigos en minúscula envía la cotización",
    turns: ["me cotizas 12 ac-caf-1k y 8 ac-te-100 porfa"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(12, "AC-CAF-1K"), of(8, "AC-TE-100")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(213_200)),
    ],
  }),
  // ——— follow-up ———
  c("follow-up").es({
    id: "h-es-follow-precio-me-llevo",
    title: "«a cuánto tienen la palta hass?» y luego «ya, me llevo 5 cajas» confirma 5 cajas de palta",
    turns: ["a cuánto tienen la palta hass?", "ya, me llevo 5 cajas"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(5, "AC-PAL-01")] }),
      ...someReplySays(final, clp(24_000)),
      ...lastReplySays(final, clp(120_000)),
      ...namesQuote(final),
    ],
  }),
  c("follow-up").es({
    id: "h-es-follow-agregale-azucar",
    title: "«agrégale 2 sacos de azúcar porfa» suma el azúcar a la harina (CLP 79.100)",
    turns: ["necesito 3 sacos de harina", "agrégale 2 sacos de azúcar porfa"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(3, "AC-HAR-25"), of(2, "AC-AZU-10")] }),
      ...lastReplySays(final, clp(79_100)),
    ],
  }),
  // ——— quantity-words ———
  c("quantity-words").es({
    id: "h-es-words-treinta",
    title: "«treinta kilos de café de grano» son 30 kilos (CLP 447.000)",
    turns: ["necesito treinta kilos de café de grano para la cafetería"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(30, "AC-CAF-1K")] }),
      ...lastReplySays(final, clp(447_000)),
    ],
  }),
  c("quantity-words").es({
    id: "h-es-words-un-par-y-docena",
    title: "«un par de bidones de aceite y una docena de cajas de té verde» son 2 y 12",
    turns: ["quiero un par de bidones de aceite y una docena de cajas de té verde"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(2, "AC-ACE-5L"), of(12, "AC-TE-100")] }),
      ...lastReplySays(final, clp(116_600)),
    ],
  }),
  // ——— typos ———
  c("typos").es({
    id: "h-es-typo-quinua",
    title: "«nesesito 10 kilos de quinua» es la quínoa orgánica",
    turns: ["nesesito 10 kilos de quinua"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "AC-QUI-1K")] }),
      ...lastReplySays(final, clp(56_000)),
    ],
  }),
  c("typos").es({
    id: "h-es-typo-cotisame-cavernet",
    title: "«porfavor cotisame 3 cajas de vino cavernet» envía la cotización del Cabernet",
    turns: ["porfavor cotisame 3 cajas de vino cavernet"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(3, "AC-VIN-CS")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(135_000)),
    ],
  }),
  // ——— change-of-mind ———
  c("change-of-mind").es({
    id: "h-es-change-palta-dos-turnos-despues",
    title: "Palta, luego chocolate, luego «sabes qué, mejor 10 cajas de palta»: 10 de palta y 2 de chocolate",
    turns: ["necesito 6 cajas de palta", "y 2 cajas de chocolate", "sabes qué, mejor 10 cajas de palta"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "AC-PAL-01"), of(2, "AC-CHO-70")] }),
      ...lastReplySays(final, clp(295_600)),
    ],
  }),
  c("change-of-mind").es({
    id: "h-es-change-sin-cafe-ponme-te",
    title: "«no mejor sin café, ponme 4 cajas de té verde» deja solo el té",
    turns: ["necesito 5 kilos de café", "no mejor sin café, ponme 4 cajas de té verde"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(4, "AC-TE-100")] }),
      ...lastReplySays(final, clp(17_200)),
    ],
  }),
  // ——— send-confirm ———
  c("send-confirm").es({
    id: "h-es-send-mandala-dale-nomas",
    title: "Harina, «ya, mándala», «listo, dale nomás»: el pedido queda confirmado",
    turns: ["necesito 10 sacos de harina", "ya, mándala", "listo, dale nomás"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(10, "AC-HAR-25")] }),
      ...namesQuote(final),
    ],
  }),
  c("send-confirm").es({
    id: "h-es-send-si-confirmo-sobre-limite",
    title: "«sí por favor» envía 25 cajas de vino (CLP 1.125.000); «confirmo» espera al equipo",
    turns: ["necesito 25 cajas de vino", "sí por favor", "confirmo"],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(25, "AC-VIN-CS")] }),
      ...oneActionItem(final, { kind: "order_total", state: "to_do", decision: null }),
    ],
  }),
  // ——— discount ———
  c("discount").es({
    id: "h-es-disc-8-cotizacion-enviada",
    title: "«y si te pido un 8% de descuento?» sobre la cotización de chocolate da el 8% (CLP 255.760)",
    turns: ["me cotizas 10 cajas de chocolate", "y si te pido un 8% de descuento?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(10, "AC-CHO-70")], discountPercent: 8 }),
      ...lastReplySays(final, clp(255_760)),
    ],
  }),
  c("discount").es({
    id: "h-es-disc-5-mismo-mensaje",
    title: "20 cajas de palta con «me podrías hacer un 5% de descuento?» en el mismo mensaje llevan el 5%",
    turns: ["hola! necesito 20 cajas de palta para el local, me podrías hacer un 5% de descuento?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(20, "AC-PAL-01")], discountPercent: 5 }),
      ...lastReplySays(final, clp(456_000)),
    ],
  }),
  // ——— ambiguous ———
  c("ambiguous").es({
    id: "h-es-amb-3-cajas-chocolate",
    title: "«quiero 3 cajas» pregunta cuál; «las de chocolate» cotiza 3 cajas de chocolate",
    turns: ["quiero 3 cajas", "las de chocolate"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(3, "AC-CHO-70")] }),
      ...lastReplySays(final, clp(83_400)),
    ],
  }),
  c("ambiguous").es({
    id: "h-es-amb-5-kilos-el-mas-caro",
    title: "«necesito 5 kilos» pregunta cuál; «el más caro» cotiza 5 kilos de café",
    turns: ["necesito 5 kilos", "el más caro"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "AC-CAF-1K")] }),
      ...lastReplySays(final, clp(74_500)),
    ],
  }),
  // ——— not-in-catalog ———
  c("not-in-catalog").es({
    id: "h-es-nic-huevos",
    title: "«tienen huevos? necesito 10 bandejas» dice que no, sin precio de huevos",
    turns: ["hola tienen huevos? necesito 10 bandejas"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_ES),
      ...noReplySays(final, /huevo[^\n]*\$\d/i),
    ],
  }),
  c("not-in-catalog").es({
    id: "h-es-nic-cafe-y-leche-almendras",
    title: "Café y leche de almendras: el café se cotiza y de la leche se dice que no la hay",
    turns: ["necesito 5 kilos de café y 2 litros de leche de almendras"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "AC-CAF-1K")] }),
      ...someReplySays(final, /leche/i),
    ],
  }),
  // ——— order-status ———
  c("order-status").es({
    id: "h-es-status-cuando-llega",
    title: "«cuándo me llega el pedido que hice la semana pasada?» nombra el pedido confirmado",
    setup: earlierOrders("andes", {
      name: "mine",
      state: "confirmed",
      lines: [of(6, "AC-SAL-1K"), of(2, "AC-PAL-01")],
      placedOn: "2025-06-09",
    }),
    turns: ["oye, cuándo me llega el pedido que hice la semana pasada?"],
    goal: (final) => [...tellsStatus(final, "mine", /confirmad|confirmed/i), ...unchanged(final, "mine", "confirmed")],
  }),
  c("order-status").es({
    id: "h-es-status-anulado",
    title: "«en qué quedó el pedido N?» dice que el pedido fue anulado",
    setup: earlierOrders("andes", {
      name: "mine",
      state: "cancelled",
      lines: [of(3, "AC-ACE-5L")],
      placedOn: "2025-05-21",
    }),
    turns: [(facts) => `hola, en qué quedó el pedido ${facts.mine}?`],
    goal: (final) => [
      ...tellsStatus(final, "mine", /cancelad|anulad|cancelled/i),
      ...unchanged(final, "mine", "cancelled"),
    ],
  }),
  // ——— policy ———
  c("policy").es({
    id: "h-es-policy-valparaiso",
    title: "Despacho a Valparaíso: 2 a 3 días hábiles",
    turns: ["hola, despachan a valparaíso? cuánto se demora en llegar"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /2 a 3 días/i)],
  }),
  c("policy").es({
    id: "h-es-policy-retiro-bodega",
    title: "Retiro en bodega: Av. Lo Boza 8450, Quilicura",
    turns: ["se puede retirar en bodega? dónde están ubicados"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /Lo Boza/i)],
  }),
  // ——— human ———
  c("human").es({
    id: "h-es-human-carne-y-hueso",
    title: "«me puede atender alguien de carne y hueso porfa» pasa la conversación al equipo",
    turns: ["me puede atender alguien de carne y hueso porfa"],
    goal: (final) => [...handedOff(final, 1), ...noQuote(final)],
  }),
];

export const HELD_OUT: Scenario[] = [...EN, ...ES];
