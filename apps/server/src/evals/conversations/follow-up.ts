import { dollars, lastReplySays, quoteIs, someReplySays } from "../scenario.ts";
import { category, clp, earlierOrders, namesQuote, of, quotedAlone } from "./goals.ts";

// A message that only makes sense with the one before: a bare quantity for the product under
// discussion, "also…" adding a line, "remove…" taking one out, "same as last time".

const { en, es } = category("follow-up");

export const FOLLOW_UP = [
  en({
    id: "c-en-follow-make-it-15",
    title: "“make it 15” after 10 rolls of wrap changes the line to 15",
    turns: ["i need 10 rolls of stretch wrap", "make it 15"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(15, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(40_500)),
    ],
  }),
  en({
    id: "c-en-follow-take-5-cases",
    title: "“ok I'll take 5 cases” after asking the price of tape buys 5 cases of tape",
    turns: ["how much is packing tape?", "ok I'll take 5 cases"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(5, "NW-TAPE-48")] }),
      ...someReplySays(final, "$39.00"),
      ...lastReplySays(final, dollars(19_500)),
      ...namesQuote(final),
    ],
  }),
  en({
    id: "c-en-follow-also-gloves",
    title: "“also 2 boxes of gloves” adds gloves to the pallets",
    turns: ["need 20 wooden pallets", "also 2 boxes of gloves"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(20, "NW-PAL-01"), of(2, "NW-GLV-L")] }),
      ...lastReplySays(final, dollars(38_800)),
    ],
  }),
  en({
    id: "c-en-follow-remove-tape",
    title: "“hmm remove the tape” leaves only the wrap",
    turns: ["i need 6 cases of tape and 10 rolls of stretch wrap", "hmm remove the tape"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(27_000)),
    ],
  }),
  en({
    id: "c-en-follow-bare-20",
    title: "A bare “20” after asking about thermal labels quotes 20 rolls of labels",
    turns: ["what do you have in thermal labels", "20"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(20, "NW-LBL-4X6")] }),
      ...lastReplySays(final, dollars(42_000)),
    ],
  }),
  en({
    id: "c-en-follow-a-dozen-bins",
    title: "“a dozen please” after asking the price of storage bins quotes 12 bins",
    turns: ["how much are the storage bins", "a dozen please"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(12, "NW-BIN-30")] }),
      ...lastReplySays(final, dollars(19_200)),
    ],
  }),
  en({
    id: "c-en-follow-same-as-last-time",
    title: "A quote for “the same as last time” repeats the customer's latest order, which stays as it was",
    setup: earlierOrders(
      "northwind",
      { name: "older", state: "completed", lines: [of(3, "NW-JACK-25")], placedOn: "2025-02-03" },
      {
        name: "latest",
        state: "confirmed",
        lines: [of(10, "NW-WRAP-18"), of(5, "NW-TAPE-48")],
        placedOn: "2025-05-20",
      },
    ),
    turns: ["hi can you send me a quote for the same as last time"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(10, "NW-WRAP-18"), of(5, "NW-TAPE-48")] }),
      ...namesQuote(final),
      ...(final.orders.latest
        ? quoteIs(final, final.orders.latest, { state: "confirmed", totalCents: 46_500 }, "the latest order")
        : ["the latest order is gone"]),
    ],
  }),
  es({
    id: "c-es-follow-mejor-15",
    title: "«mejor 15» después de 10 kilos de café deja 15",
    turns: ["necesito 10 kilos de café", "mejor 15"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(15, "AC-CAF-1K")] }),
      ...lastReplySays(final, clp(223_500)),
    ],
  }),
  es({
    id: "c-es-follow-serian-4",
    title: "«ya, serían 4» después de preguntar por el aceite cotiza 4 bidones",
    turns: ["cuánto sale el aceite de oliva?", "ya, serían 4"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(4, "AC-ACE-5L")] }),
      ...someReplySays(final, clp(32_500)),
    ],
  }),
  es({
    id: "c-es-follow-tambien-te",
    title: "«y también 1 caja de té» agrega el té a la harina",
    turns: ["necesito 2 sacos de harina", "y también 1 caja de té"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(2, "AC-HAR-25"), of(1, "AC-TE-100")] }),
  }),
  es({
    id: "c-es-follow-quita-sal",
    title: "«quita la sal» deja solo el azúcar",
    turns: ["necesito 3 sacos de azúcar y 2 kilos de sal", "quita la sal"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(3, "AC-AZU-10")] }),
  }),
  es({
    id: "c-es-follow-tienen-quinoa",
    title: "«20 kilos» después de «tienen quinoa?» cotiza 20 kilos de quínoa",
    turns: ["tienen quinoa?", "20 kilos"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(20, "AC-QUI-1K")] }),
  }),
  es({
    id: "c-es-follow-que-sean-10",
    title: "«que sean 10» después de 6 cajas de palta deja 10",
    turns: ["necesito 6 cajas de palta", "que sean 10"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "AC-PAL-01")] }),
      ...lastReplySays(final, clp(240_000)),
    ],
  }),
  es({
    id: "c-es-follow-lo-mismo",
    title: "«lo mismo que la última vez» vuelve a cotizar el último pedido del cliente",
    setup: earlierOrders(
      "andes",
      { name: "older", state: "completed", lines: [of(10, "AC-VIN-CS")], placedOn: "2025-01-15" },
      { name: "latest", state: "confirmed", lines: [of(5, "AC-CAF-1K"), of(2, "AC-ACE-5L")], placedOn: "2025-04-08" },
    ),
    turns: ["hola! necesito lo mismo que la última vez"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "AC-CAF-1K"), of(2, "AC-ACE-5L")] }),
      ...(final.orders.latest
        ? quoteIs(final, final.orders.latest, { state: "confirmed", totalCents: 13_950_000 }, "el último pedido")
        : ["the latest order is gone"]),
    ],
  }),
];
