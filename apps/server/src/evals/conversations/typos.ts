import { dollars, lastReplySays } from "../scenario.ts";
import { category, namesQuote, of, quotedAlone } from "./goals.ts";

// Typed in a hurry: one slip in a longer word ("strech", "glovs", "harrina"), missing accents, and
// plural or singular unit words, still name the product.

const { en, es } = category("typos");

/**
 * "how much for 4…" / "cuanto por 4…" asks the price of a quantity: a draft with its total or a quote
 * sent are both fair answers; the typo is what these conversations test.
 */
const PRICED_FOR_A_QUANTITY = ["draft", "sent"];

export const TYPOS = [
  en({
    id: "c-en-typo-strech-rols",
    title: "“10 rols of strech wrap” is 10 rolls of stretch wrap",
    turns: ["hi i need 10 rols of strech wrap"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(27_000)),
    ],
  }),
  en({
    id: "c-en-typo-glovs",
    title: "“5 boxs of nitrile glovs” is 5 boxes of gloves",
    turns: ["need 5 boxs of nitrile glovs"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "NW-GLV-L")] }),
      ...lastReplySays(final, dollars(7_000)),
    ],
  }),
  en({
    id: "c-en-typo-shelfing",
    title: "“how much for 4 steel shelfing units” quotes 4 shelving units",
    turns: ["how much for 4 steel shelfing units"],
    goal: (final) => [
      ...quotedAlone(final, { state: PRICED_FOR_A_QUANTITY, lines: [of(4, "NW-SHLF-5")] }),
      ...lastReplySays(final, dollars(75_600)),
    ],
  }),
  en({
    id: "c-en-typo-palet-jacks",
    title: "“quote me 3 palet jacks” sends a quote for 3 pallet jacks, not pallets",
    turns: ["can you quote me 3 palet jacks"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(3, "NW-JACK-25")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(134_700)),
    ],
  }),
  en({
    id: "c-en-typo-labls",
    title: "“6 roles of thermal labls” is 6 rolls of labels",
    turns: ["i need 6 roles of thermal labls"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(6, "NW-LBL-4X6")] }),
      ...lastReplySays(final, dollars(12_600)),
    ],
  }),
  en({
    id: "c-en-typo-utilty",
    title: "“I'll take 3 utilty carts” confirms 3 utility carts",
    turns: ["I'll take 3 utilty carts"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(3, "NW-CART-2")] }),
      ...lastReplySays(final, dollars(38_700)),
    ],
  }),
  es({
    id: "c-es-typo-harrina",
    title: "«nesecito 3 sacos de harrina» son 3 sacos de harina",
    turns: ["hola nesecito 3 sacos de harrina"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(3, "AC-HAR-25")] }),
  }),
  es({
    id: "c-es-typo-cafe-sin-tilde",
    title: "«5 kg de cafe de grano» sin tilde es el café de grano",
    turns: ["necesito 5 kg de cafe de grano"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(5, "AC-CAF-1K")] }),
  }),
  es({
    id: "c-es-typo-azucar",
    title: "«cuanto por 4 sacos de azucar» cotiza 4 sacos de azúcar",
    turns: ["cuanto por 4 sacos de azucar"],
    goal: (final) => quotedAlone(final, { state: PRICED_FOR_A_QUANTITY, lines: [of(4, "AC-AZU-10")] }),
  }),
  es({
    id: "c-es-typo-chocolte",
    title: "«kiero 2 cajas de chocolte» son 2 cajas de chocolate",
    turns: ["kiero 2 cajas de chocolte"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(2, "AC-CHO-70")] }),
  }),
  es({
    id: "c-es-typo-oliba",
    title: "«3 bidnes de aceite de oliba» son 3 bidones de aceite de oliva",
    turns: ["necesito 3 bidnes de aceite de oliba"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(3, "AC-ACE-5L")] }),
  }),
  es({
    id: "c-es-typo-cotisacion",
    title: "«una cotisacion de 6 cajas de vino» envía la cotización",
    turns: ["me mandas una cotisacion de 6 cajas de vino"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(6, "AC-VIN-CS")] }), ...namesQuote(final)],
  }),
];
