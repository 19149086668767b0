import { dollars, lastReplySays } from "../scenario.ts";
import { category, namesQuote, of, quotedAlone } from "./goals.ts";

// The customer changes their mind: another quantity, a product dropped, a product swapped over two
// messages. The one quote follows; a quote already sent stays sent.

const { en, es } = category("change-of-mind");

export const CHANGE_OF_MIND = [
  en({
    id: "c-en-change-better-20",
    title: "“actually better 20” after 10 rolls of wrap leaves 20",
    turns: ["i need 10 rolls of stretch wrap", "actually better 20"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(20, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(54_000)),
    ],
  }),
  en({
    id: "c-en-change-carts-not-shelving",
    title: "Shelving, then carts too, then “remove the shelving” leaves the carts",
    turns: ["need 4 steel shelving units", "also 2 utility carts", "hmm remove the shelving"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(2, "NW-CART-2")] }),
      ...lastReplySays(final, dollars(25_800)),
    ],
  }),
  en({
    id: "c-en-change-meant-100",
    title: "“sorry i meant 100” corrects the sent quote for pallets, which stays sent",
    turns: ["quote me 10 wooden pallets", "sorry i meant 100"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(100, "NW-PAL-01")] }),
      ...lastReplySays(final, dollars(180_000)),
    ],
  }),
  en({
    id: "c-en-change-no-tape-send",
    title: "“no tape”, then “send it”, sends the wrap alone",
    turns: ["i need 5 cases of packing tape and 10 rolls of stretch wrap", "no tape", "send it"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(10, "NW-WRAP-18")] }), ...namesQuote(final)],
  }),
  en({
    id: "c-en-change-too-many",
    title: "“hmm thats too many, 8” after 12 cases of tape leaves 8",
    turns: ["need 12 cases of tape", "hmm thats too many, 8"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(8, "NW-TAPE-48")] }),
      ...lastReplySays(final, dollars(31_200)),
    ],
  }),
  es({
    id: "c-es-change-mejor-25",
    title: "«no, mejor 25» después de 10 kilos de quínoa deja 25",
    turns: ["necesito 10 kilos de quínoa", "no, mejor 25"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(25, "AC-QUI-1K")] }),
  }),
  es({
    id: "c-es-change-sin-azucar",
    title: "«sin azúcar» deja solo la harina",
    turns: ["necesito 3 sacos de azúcar y 2 sacos de harina", "sin azúcar"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(2, "AC-HAR-25")] }),
  }),
  es({
    id: "c-es-change-que-sean-8",
    title: "«mmm que sean 8» corrige la cotización de vino enviada, que sigue enviada",
    turns: ["cotízame 4 cajas de vino", "mmm que sean 8"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(8, "AC-VIN-CS")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-change-quita-palta",
    title: "Palta, luego café, luego «quita la palta» deja el café",
    turns: ["necesito 2 cajas de palta", "y 3 kilos de café", "quita la palta"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(3, "AC-CAF-1K")] }),
  }),
  es({
    id: "c-es-change-eran-3",
    title: "«perdón, eran 3» después de 5 bidones de aceite deja 3",
    turns: ["necesito 5 bidones de aceite", "perdón, eran 3"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(3, "AC-ACE-5L")] }),
  }),
];
