import { dollars, lastReplySays, noReplySays, someReplySays } from "../scenario.ts";
import { category, of, onlyTalked, quotedAlone } from "./goals.ts";

// Products the company does not sell: the reply says so (and may offer what comes closest), nothing
// is quoted and no product or price is made up; what the catalog does have in the same message is quoted.

const { en, es } = category("not-in-catalog");

/** The reply turns the request down ("we don't carry…", "no tenemos…"). */
const NOT_CARRIED_EN = /\b(not|don't|do not|doesn't|couldn't|can't|cannot|no)\b/i;
const NOT_CARRIED_ES = /\bno\b/i;

export const NOT_IN_CATALOG = [
  en({
    id: "c-en-nic-forklifts",
    title: "“do you sell forklifts” says no, with no forklift price",
    turns: ["do you sell forklifts"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_EN),
      ...noReplySays(final, /forklift[^\n]*\$\d/i),
    ],
  }),
  en({
    id: "c-en-nic-bubble-wrap",
    title: "50 rolls of bubble wrap are not stretch wrap: nothing is quoted",
    turns: ["hi, i need 50 rolls of bubble wrap"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_EN),
      ...noReplySays(final, dollars(135_000)),
    ],
  }),
  en({
    id: "c-en-nic-quote-forklifts",
    title: "“quote me 20 forklifts” makes no quote",
    turns: ["quote me 20 forklifts"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, NOT_CARRIED_EN)],
  }),
  en({
    id: "c-en-nic-printer-ink",
    title: "“do u guys have printer ink” says no, with no ink price",
    turns: ["do u guys have printer ink"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_EN),
      ...noReplySays(final, /\bink\b[^\n]*\$\d/i),
    ],
  }),
  en({
    id: "c-en-nic-wrap-and-ladders",
    title: "Wrap and ladders: the wrap is quoted, the ladders are said not to be sold",
    turns: ["i need 10 rolls of stretch wrap and 5 ladders"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(10, "NW-WRAP-18")] }),
      ...someReplySays(final, /ladder/i),
      ...noReplySays(final, /ladder[^\n]*\$\d/i),
    ],
  }),
  es({
    id: "c-es-nic-arroz",
    title: "«tienen arroz?» dice que no, sin precio de arroz",
    turns: ["tienen arroz?"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_ES),
      ...noReplySays(final, /arroz[^\n]*\$\d/i),
    ],
  }),
  es({
    id: "c-es-nic-10-kilos-arroz",
    title: "«10 kilos de arroz» no cotiza ni café ni quínoa ni sal",
    turns: ["necesito 10 kilos de arroz"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, NOT_CARRIED_ES)],
  }),
  es({
    id: "c-es-nic-cerveza",
    title: "«venden cerveza? necesito 20 cajas» no cotiza nada",
    turns: ["venden cerveza? necesito 20 cajas"],
    goal: (final) => [
      ...onlyTalked(final),
      ...lastReplySays(final, NOT_CARRIED_ES),
      ...noReplySays(final, /cerveza[^\n]*\$\d/i),
    ],
  }),
  es({
    id: "c-es-nic-leche",
    title: "«cotízame 5 litros de leche» no crea cotización",
    turns: ["cotízame 5 litros de leche"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, NOT_CARRIED_ES)],
  }),
  es({
    id: "c-es-nic-harina-y-arroz",
    title: "Harina y arroz: la harina se cotiza y del arroz se dice que no lo hay",
    turns: ["necesito 2 sacos de harina y 3 kilos de arroz"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(2, "AC-HAR-25")] }),
      ...someReplySays(final, /arroz/i),
    ],
  }),
];
