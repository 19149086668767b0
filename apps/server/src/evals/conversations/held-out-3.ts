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

// The third held-out set (issue 30): 50 conversations the built-in engine was never tuned on, written by
// an examiner who did not read its parsing. Longer sales (3–5 customer turns) that mix categories as a
// real one goes: a greeting, a price question, a quantity, a change, a discount, a confirmation; and
// customers answering the AI's own questions ("which one?", "how many?") in their own words. Each goal
// judges the final state only.

const c = (name: Category) => category(name);

const NOT_CARRIED_EN = /\b(not|don't|do not|doesn't|couldn't|can't|cannot|no)\b/i;
const NOT_CARRIED_ES = /\bno\b/i;

/** The reply at `index` (0 = the AI's first) matches every pattern. */
function replyAt(final: FinalState, index: number, ...patterns: RegExp[]): string[] {
  const reply = final.replies[index];
  if (reply === undefined) return [`there is no reply ${index + 1}`];
  return patterns
    .filter((pattern) => !pattern.test(reply))
    .map((pattern) => `reply ${index + 1} does not say ${String(pattern)}: "${reply}"`);
}

/** The reply at `index` names the setup's order (by its fact) and its status. */
function toldStatus(final: FinalState, index: number, order: string, status: RegExp): string[] {
  const number = String(final.facts[order]);
  return replyAt(final, index, new RegExp(`(?<!\\d)${number}(?!\\d)`), status);
}

/** The setup's order is as it was. */
function unchanged(final: FinalState, order: string, expected: ExpectedQuote): string[] {
  const found = final.orders[order];
  return found ? quoteIs(final, found, expected, `order ${final.facts[order]}`) : [`order ${order} is gone`];
}

/** Staff handle the conversation and the AI answered every message up to the hand-off, then stopped. */
function handedOff(final: FinalState, aiReplies: number): string[] {
  return [
    ...handledBy(final, "staff"),
    ...(final.replies.length === aiReplies ? [] : [`expected ${aiReplies} AI replies, found ${final.replies.length}`]),
    ...noTicket(final),
  ];
}

/**
 * "Remove everything" and a fresh start: the newest quote is as expected, and no earlier quote still
 * holds the discarded lines (emptying the quote or cancelling it and opening another are both fair).
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

const EN: Scenario[] = [
  // ——— quote ———
  c("quote").en({
    id: "h3-en-quote-labels-price-quote-order",
    title: "Labels' price, “could you put together a quote for 15 rolls then?”, then “place the order”: $315.00",
    turns: [
      "Good morning! quick one, what are you charging for the thermal labels these days",
      "ok great. could you put together a quote for 15 rolls then? much appreciated",
      "perfect, go ahead and place the order",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(15, "NW-LBL-4X6")] }),
      ...replyAt(final, 0, /\$21\.00/),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(31_500)),
    ],
  }),
  c("quote").en({
    id: "h3-en-quote-spanglish-wrap-30-shipping",
    title: "Spanglish wrap quote, “make it 30 actually” keeps it sent ($810), then shipping is answered",
    turns: [
      "buenas! can you send me a quote for 20 rolls of stretch wrap porfa",
      "mmm make it 30 actually",
      "and whats shipping on that to chicago?",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(30, "NW-WRAP-18")] }),
      ...someReplySays(final, dollars(81_000)),
      ...lastReplySays(final, /free|\$250|\$12\.95/i),
    ],
  }),
  // ——— multi-product ———
  c("multi-product").en({
    id: "h3-en-multi-run-on-sku-tape-gloves",
    title: "Run-on “4 nw-cart-2 plus 6 cases of tape and a dozen boxes of nitrile gloves”, then placed: $918.00",
    turns: [
      "hey its marco from the warehouse, we need 4 nw-cart-2 plus 6 cases of tape and a dozen boxes of nitrile gloves can you quote all that",
      "cool thanks, go ahead and place it",
    ],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "confirmed",
        lines: [of(4, "NW-CART-2"), of(6, "NW-TAPE-48"), of(12, "NW-GLV-L")],
      }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(91_800)),
    ],
  }),
  c("multi-product").en({
    id: "h3-en-multi-bins-foam-prices-then-send",
    title: "Prices of bins and foam, “can i get 40 bins and 120 m2 of the foam”, “send that over”: $1,060.00",
    turns: [
      "what do you charge for the storage bins and the foam sheets?",
      "ok can i get 40 bins and 120 m2 of the foam",
      "send that over please",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(40, "NW-BIN-30"), of(120, "NW-FOAM-6")] }),
      ...replyAt(final, 0, /\$16\.00/, /\$3\.50/),
      ...namesQuote(final),
    ],
  }),
  // ——— follow-up ———
  c("follow-up").en({
    id: "h3-en-follow-jack-desk-prices-buy-desk",
    title: "Prices of the jack and the desk, “just the desk for now. one please”, “place the order”: $520.00",
    turns: [
      "hi! how much for the pallet jack and the standing desk?",
      "hmm ok, just the desk for now. one please",
      "yep, place the order",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(1, "NW-DESK-ST")] }),
      ...replyAt(final, 0, /\$449\.00/, /\$520\.00/),
      ...namesQuote(final),
    ],
  }),
  c("follow-up").en({
    id: "h3-en-follow-same-as-last-time-add-tape",
    title: "“same as last time?”, “throw in 3 cases of tape too”, “confirm it”: the last order plus tape ($351)",
    setup: earlierOrders(
      "northwind",
      { name: "older", state: "completed", lines: [of(2, "NW-SHLF-5")], placedOn: "2025-02-03" },
      { name: "latest", state: "completed", lines: [of(10, "NW-PAL-01"), of(2, "NW-WRAP-18")], placedOn: "2025-05-20" },
    ),
    turns: [
      "hey it's sam again, can you do the same as last time?",
      "and throw in 3 cases of tape too",
      "great, confirm it",
    ],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "confirmed",
        lines: [of(10, "NW-PAL-01"), of(2, "NW-WRAP-18"), of(3, "NW-TAPE-48")],
      }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(35_100)),
      ...unchanged(final, "latest", { state: "completed", totalCents: 23_400 }),
    ],
  }),
  // ——— quantity-words ———
  c("quantity-words").en({
    id: "h3-en-words-two-dozen-answer-then-send",
    title: "“do you have stretch wrap in stock”, “prob about two dozen rolls”, “sure send it”: 24 rolls sent",
    turns: ["do you have stretch wrap in stock", "prob about two dozen rolls", "sure send it"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(24, "NW-WRAP-18")] }),
      ...namesQuote(final),
      ...someReplySays(final, dollars(64_800)),
    ],
  }),
  c("quantity-words").en({
    id: "h3-en-words-half-dozen-couple-dozen",
    title: "Half a dozen carts, a couple of jacks, “oh and a dozen bins”, then a quote: $1,864.00 sent",
    turns: [
      "hiya, could I get half a dozen utility carts and a couple of pallet jacks",
      "oh and a dozen bins",
      "can you send me the quote",
    ],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "sent",
        lines: [of(6, "NW-CART-2"), of(2, "NW-JACK-25"), of(12, "NW-BIN-30")],
      }),
      ...namesQuote(final),
      ...someReplySays(final, dollars(186_400)),
    ],
  }),
  // ——— typos ———
  c("typos").en({
    id: "h3-en-typo-labls-nitril-yes-send",
    title: "“8 rolls of thermal labls and 3 boxes of nitril gloves”, then “yes send it”: $210.00 sent",
    turns: ["hey ava so we need 8 rolls of thermal labls and 3 boxes of nitril gloves thanks", "yes send it"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(8, "NW-LBL-4X6"), of(3, "NW-GLV-L")] }),
      ...namesQuote(final),
      ...someReplySays(final, dollars(21_000)),
    ],
  }),
  c("typos").en({
    id: "h3-en-typo-shelvng-nwjack25-warranty",
    title: "“quote 3 steel shelvng units and 2 nwjack25” sends $1,465; the jack's warranty is 2 years",
    turns: ["hi can u quote 3 steel shelvng units and 2 nwjack25", "thanks, and whats the warranty on the jack?"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(3, "NW-SHLF-5"), of(2, "NW-JACK-25")] }),
      ...replyAt(final, 0, /\$1,465\.00/),
      ...lastReplySays(final, /\b(2|two)[- ]years?\b/i),
    ],
  }),
  // ——— change-of-mind ———
  c("change-of-mind").en({
    id: "h3-en-change-make-that-9-add-wrap-confirm",
    title: "“quote 6 cases of tape, actually make that 9”, wrap added, “confirm please”: $459.00",
    turns: [
      "can you quote 6 cases of packing tape, actually make that 9",
      "and 4 rolls of stretch wrap",
      "perfect thanks, confirm please",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(9, "NW-TAPE-48"), of(4, "NW-WRAP-18")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(45_900)),
    ],
  }),
  c("change-of-mind").en({
    id: "h3-en-change-remove-everything-one-jack",
    title: "Jacks and shelving, “remove everything”, “ok just 1 pallet jack”, “send it”: one jack sent ($449)",
    turns: [
      "need 2 pallet jacks and 5 steel shelving units",
      "hmm let me rethink this. remove everything",
      "ok just 1 pallet jack",
      "send it",
    ],
    goal: (final) => [...startedOver(final, { state: "sent", lines: [of(1, "NW-JACK-25")] }), ...namesQuote(final)],
  }),
  // ——— send-confirm ———
  c("send-confirm").en({
    id: "h3-en-send-spanglish-mandamela-dale",
    title: "25 pallets, then “ok mándamela” and “dale, confirm” from an English customer: confirmed $450.00",
    turns: ["hi, I need 25 wooden pallets for tomorrow", "ok mándamela", "dale, confirm"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(25, "NW-PAL-01")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(45_000)),
    ],
  }),
  c("send-confirm").en({
    id: "h3-en-send-desks-jacks-over-limit-authorized",
    title: "Desks and jacks quoted ($2,978), “yes please place the order” waits for staff; authorized, confirmed",
    turns: [
      "could you put together a quote for 4 standing desks and 2 pallet jacks",
      "looks right, yes please place the order",
      { staff: "authorize" },
    ],
    goal: (final) => [
      ...quoted(final, { state: "confirmed", lines: [of(4, "NW-DESK-ST"), of(2, "NW-JACK-25")] }),
      ...oneActionItem(final, { kind: "order_total", state: "done", decision: "authorized" }),
      ...someReplySays(final, dollars(297_800)),
    ],
  }),
  // ——— discount ———
  c("discount").en({
    id: "h3-en-disc-20-dollars-then-5-percent-order",
    title: "Wrap, “any chance of $20 off?”, “what about 5% then”, “deal, place the order”: 5% off, $769.50",
    turns: [
      "need 30 rolls of stretch wrap",
      "any chance of $20 off?",
      "ok what about 5% then",
      "deal, place the order",
    ],
    goal: (final) => [
      ...quoted(final, {
        state: "confirmed",
        lines: [of(30, "NW-WRAP-18")],
        discountPercent: 5,
        totalCents: 76_950,
      }),
      ...noDiscountAbove(final, 10),
      ...lastReplySays(final, "$769.50"),
    ],
  }),
  c("discount").en({
    id: "h3-en-disc-best-price-then-10-send",
    title: "Jacks and pallets, “what's the best price you can do?”, “ok 10% works. send me the quote”: $970.20",
    turns: [
      "Hi there, looking for 2 pallet jacks and 10 wooden pallets",
      "what's the best price you can do on that?",
      "ok 10% works. send me the quote",
    ],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "sent",
        lines: [of(2, "NW-JACK-25"), of(10, "NW-PAL-01")],
        discountPercent: 10,
        totalCents: 97_020,
      }),
      ...noDiscountAbove(final, 10),
      ...namesQuote(final),
    ],
  }),
  // ——— ambiguous ———
  c("ambiguous").en({
    id: "h3-en-amb-14-rolls-wrap-one-add-tape",
    title: "“need 14 rolls” asks which; “the stretch wrap one”, tape added, “send it pls”: $456.00 sent",
    turns: [
      "hey, need 14 rolls for the packing line",
      "the stretch wrap one",
      "and 2 cases of tape with that",
      "send it pls",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(14, "NW-WRAP-18"), of(2, "NW-TAPE-48")] }),
      ...replyAt(final, 0, /wrap/i, /label/i),
      ...namesQuote(final),
    ],
  }),
  c("ambiguous").en({
    id: "h3-en-amb-20-rolls-cheapest-take-them",
    title: "“how much for 20 rolls” asks which; “cheapest one pls”, “great, i'll take them”: 20 labels ($420)",
    turns: ["how much for 20 rolls", "cheapest one pls", "great, i'll take them"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(20, "NW-LBL-4X6")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(42_000)),
    ],
  }),
  // ——— not-in-catalog ———
  c("not-in-catalog").en({
    id: "h3-en-nic-forklift-then-jack-order",
    title: "No forklifts; the pallet jack's price asked, then “1 pallet jack, place the order”: $449.00",
    turns: [
      "do you guys sell forklifts? need something to move pallets around the dock",
      "ok whats the pallet jack go for",
      "alright 1 pallet jack, place the order",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(1, "NW-JACK-25")] }),
      ...replyAt(final, 0, NOT_CARRIED_EN),
      ...noReplySays(final, /forklifts?\s*(?:at|for|:|-|–|—)?\s*\$\d/i),
      ...namesQuote(final),
    ],
  }),
  c("not-in-catalog").en({
    id: "h3-en-nic-bubble-wrap-just-tape",
    title: "Tape and bubble wrap: bubble wrap is not stretch wrap; “just the tape then, send it” sends $117.00",
    turns: ["need 3 cases of packing tape and 2 rolls of bubble wrap", "ok no worries just the tape then, send it"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(3, "NW-TAPE-48")] }),
      ...replyAt(final, 0, /bubble/i),
      ...namesQuote(final),
    ],
  }),
  // ——— order-status ———
  c("order-status").en({
    id: "h3-en-status-then-boxes-yes-send",
    title: "Order status by number (confirmed), then 10 packs of boxes drafted and “yes send it”: $240.00 sent",
    setup: earlierOrders("northwind", {
      name: "mine",
      state: "confirmed",
      lines: [of(10, "NW-WRAP-18")],
      placedOn: "2025-06-09",
    }),
    turns: [
      (facts) => `hi there, any news on order ${facts.mine}? was hoping it shipped already`,
      "ok thanks. while i have you, we need 10 packs of corrugated boxes",
      "yes send it",
    ],
    goal: (final) => [
      ...toldStatus(final, 0, "mine", /confirmed/i),
      ...quotedAlone(final, { state: "sent", lines: [of(10, "NW-BOX-12")] }),
      ...namesQuote(final),
      ...unchanged(final, "mine", { state: "confirmed" }),
    ],
  }),
  // ——— policy ———
  c("policy").en({
    id: "h3-en-policy-cutoff-free-shipping-then-order",
    title: "Cut-off (2:00 pm) and free shipping ($250) answered, then “12 cases of tape, place it”: $468.00",
    turns: [
      "if i confirm an order today by when does it ship out?",
      "and is shipping free if we spend over a certain amount?",
      "alright we need 12 cases of tape then, go ahead and place it",
    ],
    goal: (final) => [
      ...replyAt(final, 0, /2(:00)?\s*pm/i),
      ...replyAt(final, 1, /\$250/),
      ...quotedAlone(final, { state: "confirmed", lines: [of(12, "NW-TAPE-48")] }),
      ...lastReplySays(final, dollars(46_800)),
    ],
  }),
  c("policy").en({
    id: "h3-en-policy-alaska-desk-hawaii-parcel",
    title: "A standing desk cannot ship to Alaska; parcels to Hawaii take 7 to 10 business days",
    turns: [
      "can you ship a standing desk to anchorage alaska?",
      "ok and how long does a regular parcel take to hawaii?",
    ],
    goal: (final) => [
      ...onlyTalked(final),
      ...replyAt(final, 0, NOT_CARRIED_EN),
      ...lastReplySays(final, /7\s*(to|-|–)\s*10/i),
    ],
  }),
  // ——— human ———
  c("human").en({
    id: "h3-en-human-after-20-percent-ask",
    title: "60 pallets, “can you do 20% off”, then “just get me someone from sales”: handed off, no 20% applied",
    turns: ["need 60 wooden pallets", "can you do 20% off on those", "honestly just get me someone from sales"],
    goal: (final) => [
      ...handedOff(final, 3),
      ...theQuote(final, { state: "draft", lines: [of(60, "NW-PAL-01")], discountPercent: 0 }),
    ],
  }),
  c("human").en({
    id: "h3-en-human-shelving-price-then-real-human",
    title: "Shelving's price, then “could a real human call me about it? es un pedido grande” hands off",
    turns: [
      "hi, need pricing on the steel shelving",
      "ok thanks. could a real human call me about it? es un pedido grande",
    ],
    goal: (final) => [...handedOff(final, 2), ...noQuote(final), ...replyAt(final, 0, /\$189\.00/)],
  }),
];

const ES: Scenario[] = [
  // ——— quote ———
  c("quote").es({
    id: "h3-es-quote-aceite-precio-cotiza-dale-nomas",
    title: "Precio del aceite, «me podrías cotizar 4 bidones entonces?», «perfecto, dale nomás»: CLP 130.000",
    turns: [
      "Hola buenas tardes! a cuánto el aceite de oliva?",
      "ya, me podrías cotizar 4 bidones entonces?",
      "perfecto, dale nomás",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(4, "AC-ACE-5L")] }),
      ...replyAt(final, 0, clp(32_500)),
      ...namesQuote(final),
      ...lastReplySays(final, clp(130_000)),
    ],
  }),
  c("quote").es({
    id: "h3-es-quote-acvincs-que-sean-12-despacho",
    title: "«presupuesto para 10 acvincs», «uy no, que sean 12» (sigue enviada), y el despacho a Valparaíso",
    turns: [
      "necesito presupuesto para 10 acvincs",
      "uy no, que sean 12",
      "y cuánto me cobran por despachar a Valparaíso?",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(12, "AC-VIN-CS")] }),
      ...someReplySays(final, clp(540_000)),
      ...lastReplySays(final, /9[.,]990|gratis/i),
    ],
  }),
  // ——— multi-product ———
  c("multi-product").es({
    id: "h3-es-multi-harina-azucar-media-docena-te",
    title: "«3 sacos de harina, 2 de azúcar y media docena de cajas de té», «mándame la cotización»: CLP 104.900",
    turns: [
      "hola sofi, necesitaría 3 sacos de harina, 2 de azúcar y media docena de cajas de té verde porfa",
      "mándame la cotización",
    ],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "sent",
        lines: [of(3, "AC-HAR-25"), of(2, "AC-AZU-10"), of(6, "AC-TE-100")],
      }),
      ...namesQuote(final),
      ...someReplySays(final, clp(104_900)),
    ],
  }),
  c("multi-product").es({
    id: "h3-es-multi-precios-chocolate-te-lo-compro",
    title: "Precios del chocolate y el té, «5 cajas de chocolate y 10 de té», «lo compro»: CLP 182.000",
    turns: ["cuánto cuestan el chocolate y el té verde?", "ya, 5 cajas de chocolate y 10 de té", "lo compro"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(5, "AC-CHO-70"), of(10, "AC-TE-100")] }),
      ...replyAt(final, 0, clp(27_800), clp(4_300)),
      ...namesQuote(final),
      ...lastReplySays(final, clp(182_000)),
    ],
  }),
  // ——— follow-up ———
  c("follow-up").es({
    id: "h3-es-follow-harina-azucar-me-quedo-azucar",
    title: "Precio de harina y azúcar, «me quedo con el azúcar, 6 sacos», «confirmo»: 6 sacos (CLP 67.200)",
    turns: ["hola, precio de la harina y del azúcar?", "ok, me quedo con el azúcar, 6 sacos", "confirmo"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(6, "AC-AZU-10")] }),
      ...replyAt(final, 0, clp(18_900), clp(11_200)),
      ...namesQuote(final),
      ...lastReplySays(final, clp(67_200)),
    ],
  }),
  c("follow-up").es({
    id: "h3-es-follow-lo-mismo-sin-sal-enviala",
    title: "«quiero lo mismo que la última vez», «pero sin la sal esta vez», «listo, envíamela»: CLP 109.700",
    setup: earlierOrders(
      "andes",
      { name: "older", state: "completed", lines: [of(1, "AC-VIN-CS")], placedOn: "2025-01-15" },
      {
        name: "latest",
        state: "completed",
        lines: [of(2, "AC-ACE-5L"), of(5, "AC-SAL-1K"), of(3, "AC-CAF-1K")],
        placedOn: "2025-05-22",
      },
    ),
    turns: ["hola! quiero lo mismo que la última vez", "pero sin la sal esta vez", "listo, envíamela"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(2, "AC-ACE-5L"), of(3, "AC-CAF-1K")] }),
      ...namesQuote(final),
      ...someReplySays(final, clp(109_700)),
      ...unchanged(final, "latest", { state: "completed", totalCents: 11_920_000 }),
    ],
  }),
  // ——— quantity-words ———
  c("quantity-words").es({
    id: "h3-es-words-quinoa-treinta-si",
    title: "«tienen quínoa orgánica?», «unos treinta kilos», «sí»: 30 kilos enviados (CLP 168.000)",
    turns: ["tienen quínoa orgánica?", "unos treinta kilos", "sí"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(30, "AC-QUI-1K")] }),
      ...namesQuote(final),
      ...someReplySays(final, clp(168_000)),
    ],
  }),
  c("quantity-words").es({
    id: "h3-es-words-par-veinte-docena",
    title: "«un par de sacos de harina y veinte kilos de sal», «agrégale una docena de cajas de té»: CLP 127.400",
    turns: [
      "necesito un par de sacos de harina y veinte kilos de sal de mar",
      "agrégale una docena de cajas de té",
      "ya mándala",
    ],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "sent",
        lines: [of(2, "AC-HAR-25"), of(20, "AC-SAL-1K"), of(12, "AC-TE-100")],
      }),
      ...namesQuote(final),
      ...someReplySays(final, clp(127_400)),
    ],
  }),
  // ——— typos ———
  c("typos").es({
    id: "h3-es-typo-vidones-aseite-despacho",
    title: "«5 kilos de cafe de grano y 2 vidones de aseite» (CLP 139.500) y el despacho en Santiago",
    turns: [
      "ola buenas nesecito 5 kilos de cafe de grano y 2 vidones de aseite de oliva",
      "cuanto me sale el despacho en santiago",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "AC-CAF-1K"), of(2, "AC-ACE-5L")] }),
      ...replyAt(final, 0, clp(139_500)),
      ...lastReplySays(final, /6[.,]990|150[.,]000/),
    ],
  }),
  c("typos").es({
    id: "h3-es-typo-cotisas-palta-has-confirmo",
    title: "«me cotisas 4 cajas de chocolate y 3 de palta has», «grasias, confirmo altiro»: CLP 183.200",
    turns: ["me cotisas 4 cajas de chocolate y 3 de palta has", "grasias, confirmo altiro"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(4, "AC-CHO-70"), of(3, "AC-PAL-01")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(183_200)),
    ],
  }),
  // ——— change-of-mind ———
  c("change-of-mind").es({
    id: "h3-es-change-borralo-todo-te-cafe",
    title: "Vino y chocolate, «bórralo todo», «mejor 10 cajas de té verde y 2 kilos de café», «envíamela»",
    turns: [
      "hola, 3 cajas de vino y 4 de chocolate",
      "mmm sabes qué, bórralo todo",
      "mejor 10 cajas de té verde y 2 kilos de café",
      "envíamela",
    ],
    goal: (final) => [
      ...startedOver(final, { state: "sent", lines: [of(10, "AC-TE-100"), of(2, "AC-CAF-1K")] }),
      ...namesQuote(final),
      ...someReplySays(final, clp(72_800)),
    ],
  }),
  c("change-of-mind").es({
    id: "h3-es-change-mejor-10-aceite-que-sean-3",
    title: "«8 sacos de azúcar, no, mejor 10», aceite, «el aceite que sean 3», «dale, confirmo»: CLP 209.500",
    turns: [
      "necesito 8 sacos de azúcar, no, mejor 10",
      "y 5 bidones de aceite",
      "pensándolo bien, el aceite que sean 3",
      "dale, confirmo",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(10, "AC-AZU-10"), of(3, "AC-ACE-5L")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(209_500)),
    ],
  }),
  // ——— send-confirm ———
  c("send-confirm").es({
    id: "h3-es-send-mezcla-send-go-ahead",
    title: "Sal y palta en español, «ok send me the quote please», «perfect, go ahead»: CLP 134.000 confirmado",
    turns: [
      "hola! necesito 20 kilos de sal de mar y 4 cajas de palta",
      "ok send me the quote please",
      "perfect, go ahead",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(20, "AC-SAL-1K"), of(4, "AC-PAL-01")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(134_000)),
    ],
  }),
  c("send-confirm").es({
    id: "h3-es-send-vino-chocolate-sobre-limite-autorizado",
    title: "Vino y chocolate (CLP 1.403.000), «adelante con el pedido» espera al equipo; autorizado, confirmado",
    turns: ["cotízame 25 cajas de vino y 10 cajas de chocolate", "ok, adelante con el pedido", { staff: "authorize" }],
    goal: (final) => [
      ...quoted(final, { state: "confirmed", lines: [of(25, "AC-VIN-CS"), of(10, "AC-CHO-70")] }),
      ...oneActionItem(final, { kind: "order_total", state: "done", decision: "authorized" }),
      ...someReplySays(final, clp(1_403_000)),
    ],
  }),
  // ——— discount ———
  c("discount").es({
    id: "h3-es-disc-250-lucas-luego-5",
    title: "Vino, «me lo dejas en 250 lucas?», «ya, entonces con el 5% lo compro»: 5%, CLP 256.500",
    turns: ["necesito 6 cajas de vino", "me lo dejas en 250 lucas?", "ya, entonces con el 5% lo compro"],
    goal: (final) => [
      ...quoted(final, { state: "confirmed", lines: [of(6, "AC-VIN-CS")], discountPercent: 5 }),
      ...noDiscountAbove(final, 10),
      ...lastReplySays(final, clp(256_500)),
    ],
  }),
  c("discount").es({
    id: "h3-es-disc-15-rechazado-luego-10",
    title: "Aceite, un 15% que el equipo deja pendiente, luego «bueno, ¿y un 10%?» lo aplica: CLP 292.500",
    turns: [
      "cotízame 10 bidones de aceite",
      "me harías un 15% de descuento?",
      { staff: "refuse" },
      "bueno, ¿y un 10%?",
    ],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(10, "AC-ACE-5L")], discountPercent: 10 }),
      ...oneActionItem(final, { kind: "discount", discountPercent: 15, state: "done", decision: "left_pending" }),
      ...lastReplySays(final, clp(292_500)),
    ],
  }),
  // ——— ambiguous ———
  c("ambiguous").es({
    id: "h3-es-amb-7-sacos-harina-mas-azucar",
    title: "«necesito 7 sacos» pregunta cuál; «los de harina porfa», «y 3 de azúcar también», «envíala»",
    turns: ["necesito 7 sacos", "los de harina porfa", "y 3 de azúcar también", "envíala"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(7, "AC-HAR-25"), of(3, "AC-AZU-10")] }),
      ...replyAt(final, 0, /harina/i, /az[uú]car/i),
      ...namesQuote(final),
      ...someReplySays(final, clp(165_900)),
    ],
  }),
  c("ambiguous").es({
    id: "h3-es-amb-12-cajas-la-mas-barata",
    title: "«quiero 12 cajas» pregunta cuál; «cuál es la más barata?», «ya esa, confirmo»: 12 de té (CLP 51.600)",
    turns: ["quiero 12 cajas", "cuál es la más barata?", "ya esa, confirmo"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(12, "AC-TE-100")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(51_600)),
    ],
  }),
  // ——— not-in-catalog ———
  c("not-in-catalog").es({
    id: "h3-es-nic-leche-en-polvo-solo-harina",
    title: "Leche en polvo no hay; «solo la harina entonces, envíame la cotización»: 4 sacos (CLP 75.600)",
    turns: [
      "hola, tienen leche en polvo? y necesito 4 sacos de harina",
      "ok, solo la harina entonces, envíame la cotización",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(4, "AC-HAR-25")] }),
      ...replyAt(final, 0, /leche/i, NOT_CARRIED_ES),
      ...namesQuote(final),
    ],
  }),
  c("not-in-catalog").es({
    id: "h3-es-nic-cerveza-luego-vino",
    title: "Cerveza no hay; el precio del vino, luego «8 cajas de vino y me envías la cotización»: CLP 360.000",
    turns: [
      "venden cerveza? es para un evento de la pega",
      "ah ok, y el vino a cuánto está?",
      "ya, 8 cajas de vino y me envías la cotización",
    ],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(8, "AC-VIN-CS")] }),
      ...replyAt(final, 0, NOT_CARRIED_ES),
      ...noReplySays(final, /cervezas?\s*(?:a|en|:|-|–|—)?\s*\$\d/i),
      ...namesQuote(final),
    ],
  }),
  // ——— order-status ———
  c("order-status").es({
    id: "h3-es-status-ya-salio-luego-palta",
    title: "«el pedido N ya salió?» nombra el pedido confirmado; luego «2 cajas de palta, lo compro»",
    setup: earlierOrders("andes", {
      name: "mine",
      state: "confirmed",
      lines: [of(5, "AC-HAR-25")],
      placedOn: "2025-06-10",
    }),
    turns: [
      (facts) => `hola, el pedido ${facts.mine} ya salió?`,
      "ok gracias. aprovecho de pedir 2 cajas de palta, lo compro",
    ],
    goal: (final) => [
      ...toldStatus(final, 0, "mine", /confirmad|confirmed/i),
      ...quotedAlone(final, { state: "confirmed", lines: [of(2, "AC-PAL-01")] }),
      ...namesQuote(final),
      ...unchanged(final, "mine", { state: "confirmed" }),
    ],
  }),
  c("order-status").es({
    id: "h3-es-status-entregado-y-plazo-reclamo",
    title: "«me confirmas si el pedido nro N ya fue entregado?» (completado), luego el plazo de reclamo: 48 horas",
    setup: earlierOrders(
      "andes",
      { name: "older", state: "completed", lines: [of(2, "AC-CHO-70")], placedOn: "2025-04-02" },
      { name: "newer", state: "pending", lines: [of(3, "AC-AZU-10")], placedOn: "2025-06-12" },
    ),
    turns: [
      (facts) => `buenas, me confirmas si el pedido nro ${facts.older} ya fue entregado?`,
      "ok, y si algo llega dañado cuánto plazo tengo para reclamar?",
    ],
    goal: (final) => [
      ...toldStatus(final, 0, "older", /complet|entregad/i),
      ...lastReplySays(final, /48/),
      ...onlyTalked(final),
    ],
  }),
  // ——— policy ———
  c("policy").es({
    id: "h3-es-policy-devolver-vino-y-reembolso",
    title: "Devolver vino: solo cajas cerradas, dentro de 10 días; el reembolso llega en 7 días hábiles",
    turns: ["si me sobran cajas de vino las puedo devolver?", "y en cuántos días me devuelven la plata?"],
    goal: (final) => [
      ...onlyTalked(final),
      ...replyAt(final, 0, /cerrad|10 d[ií]as/i),
      ...lastReplySays(final, /7 d[ií]as/i),
    ],
  }),
  c("policy").es({
    id: "h3-es-policy-pago-contra-entrega-luego-compra",
    title: "No hay pago contra entrega (Webpay, transferencia); luego «quiero comprar 3 kilos de café»",
    turns: [
      "qué medios de pago aceptan? se puede pagar contra entrega?",
      "ok, entonces quiero comprar 3 kilos de café, pago con webpay",
    ],
    goal: (final) => [
      ...replyAt(final, 0, /webpay|transferencia|mercado pago/i),
      ...quotedAlone(final, { state: "confirmed", lines: [of(3, "AC-CAF-1K")] }),
      ...namesQuote(final),
      ...lastReplySays(final, clp(44_700)),
    ],
  }),
  // ——— human ———
  c("human").es({
    id: "h3-es-human-caro-ejecutivo",
    title: "Cotización de palta enviada, luego «uf está caro, quiero hablar con un ejecutivo» pasa al equipo",
    turns: ["cotízame 15 cajas de palta", "uf está caro, quiero hablar con un ejecutivo"],
    goal: (final) => [...handedOff(final, 2), ...theQuote(final, { state: "sent", lines: [of(15, "AC-PAL-01")] })],
  }),
];

export const HELD_OUT_3: Scenario[] = [...EN, ...ES];
