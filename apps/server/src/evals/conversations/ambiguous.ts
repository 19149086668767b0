import { dollars, lastReplySays } from "../scenario.ts";
import { category, clp, of, onlyTalked, quotedAlone } from "./goals.ts";

// A quantity whose unit word fits several products ("5 rolls": wrap or labels; "2 sacos": harina or
// azúcar; "1 caja": four products): the reply asks which, naming them with their prices, and quotes
// nothing; the next message picks one and the quantity asked for is kept.

const { en, es } = category("ambiguous");

export const AMBIGUOUS = [
  en({
    id: "c-en-amb-5-rolls-asks",
    title: "“i need 5 rolls” asks which: stretch wrap or thermal labels, with prices, and quotes nothing",
    turns: ["hi i need 5 rolls"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, "Stretch wrap", "Thermal labels", "$27.00", "$21.00"),
    ],
  }),
  en({
    id: "c-en-amb-the-cheaper-one",
    title: "“the cheaper one” after “5 rolls” quotes 5 rolls of thermal labels",
    turns: ["hi i need 5 rolls", "the cheaper one"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "NW-LBL-4X6")] }),
      ...lastReplySays(final, dollars(10_500)),
    ],
  }),
  en({
    id: "c-en-amb-labels",
    title: "“labels” after “5 rolls” quotes 5 rolls of labels",
    turns: ["need 5 rolls", "labels"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(5, "NW-LBL-4X6")] }),
  }),
  en({
    id: "c-en-amb-stretch-wrap",
    title: "“stretch wrap” after “5 rolls” quotes 5 rolls of wrap",
    turns: ["i need 5 rolls", "stretch wrap"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(13_500)),
    ],
  }),
  en({
    id: "c-en-amb-price-of-rolls",
    title: "“how much are the rolls?” gives both rolls' prices and quotes nothing",
    turns: ["how much are the rolls?"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, "$27.00", "$21.00")],
  }),
  es({
    id: "c-es-amb-2-sacos-pregunta",
    title: "«necesito 2 sacos» pregunta cuál: harina o azúcar, con precios, sin cotizar",
    turns: ["necesito 2 sacos"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, "Harina", "Azúcar", clp(18_900), clp(11_200))],
  }),
  es({
    id: "c-es-amb-el-mas-barato",
    title: "«el más barato» después de «2 sacos» cotiza 2 sacos de azúcar",
    turns: ["necesito 2 sacos", "el más barato"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(2, "AC-AZU-10")] }),
  }),
  es({
    id: "c-es-amb-harina",
    title: "«harina» después de «2 sacos» cotiza 2 sacos de harina",
    turns: ["necesito 2 sacos", "harina"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(2, "AC-HAR-25")] }),
  }),
  es({
    id: "c-es-amb-1-caja-pregunta",
    title: "«quiero 1 caja» nombra los cuatro productos por caja y no cotiza",
    turns: ["quiero 1 caja"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, "Palta", "Vino", "Té verde", "Chocolate")],
  }),
  es({
    id: "c-es-amb-te-verde",
    title: "«de té verde» después de «1 caja» cotiza 1 caja de té",
    turns: ["necesito 1 caja", "de té verde"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(1, "AC-TE-100")] }),
  }),
  es({
    id: "c-es-amb-kilos-sal",
    title: "«de sal» después de «5 kilos» cotiza 5 kilos de sal de mar",
    turns: ["necesito 5 kilos", "de sal"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(5, "AC-SAL-1K")] }),
  }),
];
