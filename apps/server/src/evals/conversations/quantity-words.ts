import { dollars, lastReplySays } from "../scenario.ts";
import { category, namesQuote, of, quotedAlone } from "./goals.ts";

// Quantities written in words: "a dozen", "twenty", "a couple", "una docena", "media docena", "veinte".

const { en, es } = category("quantity-words");

export const QUANTITY_WORDS = [
  en({
    id: "c-en-words-a-dozen",
    title: "“a dozen rolls of stretch wrap” is 12 rolls",
    turns: ["hi, a dozen rolls of stretch wrap please"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(12, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(32_400)),
    ],
  }),
  en({
    id: "c-en-words-twenty",
    title: "“twenty wooden pallets” is 20 pallets",
    turns: ["i need twenty wooden pallets"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(20, "NW-PAL-01")] }),
      ...lastReplySays(final, dollars(36_000)),
    ],
  }),
  en({
    id: "c-en-words-a-couple",
    title: "“a couple of pallet jacks” is 2, and the quote is sent",
    turns: ["can you quote me a couple of pallet jacks"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(2, "NW-JACK-25")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(89_800)),
    ],
  }),
  en({
    id: "c-en-words-two",
    title: "“I'll take two boxes of nitrile gloves” confirms 2 boxes",
    turns: ["I'll take two boxes of nitrile gloves"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(2, "NW-GLV-L")] }),
      ...lastReplySays(final, dollars(2_800)),
    ],
  }),
  en({
    id: "c-en-words-fifteen",
    title: "“fifteen cases of packing tape” is 15 cases",
    turns: ["need fifteen cases of packing tape"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(15, "NW-TAPE-48")] }),
      ...lastReplySays(final, dollars(58_500)),
    ],
  }),
  en({
    id: "c-en-words-three-and-five",
    title: "“three shelving units and five storage bins” are 3 and 5",
    turns: ["need three shelving units and five storage bins"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(3, "NW-SHLF-5"), of(5, "NW-BIN-30")] }),
      ...lastReplySays(final, dollars(64_700)),
    ],
  }),
  es({
    id: "c-es-words-una-docena",
    title: "«una docena de cajas de chocolate» son 12 cajas",
    turns: ["necesito una docena de cajas de chocolate"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(12, "AC-CHO-70")] }),
  }),
  es({
    id: "c-es-words-veinte",
    title: "«quiero comprar veinte kilos de cafe» confirma 20 kilos",
    turns: ["quiero comprar veinte kilos de cafe"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(20, "AC-CAF-1K")] }),
      ...namesQuote(final),
    ],
  }),
  es({
    id: "c-es-words-dos",
    title: "«dos sacos de azucar» son 2 sacos de azúcar",
    turns: ["necesito dos sacos de azucar"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(2, "AC-AZU-10")] }),
  }),
  es({
    id: "c-es-words-media-docena",
    title: "«cotízame media docena de bidones de aceite» envía 6 bidones",
    turns: ["cotízame media docena de bidones de aceite"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(6, "AC-ACE-5L")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-words-diez",
    title: "«diez cajas de té verde» son 10 cajas",
    turns: ["hola! necesito diez cajas de té verde"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(10, "AC-TE-100")] }),
  }),
  es({
    id: "c-es-words-tres-y-cinco",
    title: "«tres sacos de harina y cinco kilos de sal» son 3 y 5",
    turns: ["tres sacos de harina y cinco kilos de sal porfa"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(3, "AC-HAR-25"), of(5, "AC-SAL-1K")] }),
  }),
];
