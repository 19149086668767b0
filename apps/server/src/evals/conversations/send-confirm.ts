import { dollars, lastReplySays, oneActionItem } from "../scenario.ts";
import { category, namesQuote, of, quoted, quotedAlone } from "./goals.ts";

// Sending and confirming the quote under discussion: "send it", "mándamela", "go ahead", "dale", a
// bare "yes"/"ok"/"sí" (a draft is sent, a sent quote confirmed); above the order limit, staff decide.

const { en, es } = category("send-confirm");

export const SEND_CONFIRM = [
  en({
    id: "c-en-send-it",
    title: "“send it” sends the draft for stretch wrap",
    turns: ["i need 10 rolls of stretch wrap", "send it"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(10, "NW-WRAP-18")] }), ...namesQuote(final)],
  }),
  en({
    id: "c-en-send-yes",
    title: "A bare “yes” after the draft for pallets sends it",
    turns: ["need 20 wooden pallets", "yes"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(20, "NW-PAL-01")] }), ...namesQuote(final)],
  }),
  en({
    id: "c-en-send-ok-confirms",
    title: "A bare “ok” after a sent quote for tape confirms it",
    turns: ["pls quote 15 cases of packing tape", "ok"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(15, "NW-TAPE-48")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(58_500)),
    ],
  }),
  en({
    id: "c-en-send-then-go-ahead",
    title: "Wrap, “send me the quote”, “great go ahead”: confirmed",
    turns: ["i need 10 rolls of stretch wrap", "send me the quote", "great go ahead"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(10, "NW-WRAP-18")] }),
      ...namesQuote(final),
    ],
  }),
  en({
    id: "c-en-send-shelving-authorized",
    title: "“place the order” for 8 shelving units ($1,512) waits for staff; authorized, it is confirmed",
    turns: ["i need 8 steel shelving units", "place the order", { staff: "authorize" }],
    goal: (final) => [
      ...quoted(final, { state: "confirmed", lines: [of(8, "NW-SHLF-5")] }),
      ...oneActionItem(final, { kind: "order_total", state: "done", decision: "authorized" }),
      ...namesQuote(final),
    ],
  }),
  en({
    id: "c-en-send-desks-refused",
    title: "Two standing desks ($1,040) sent, then “confirm”: staff leave it pending, the quote stays sent",
    turns: ["i need 2 standing packing desks", "send it", "confirm", { staff: "refuse" }],
    goal: (final) => [
      ...quoted(final, { state: "sent", lines: [of(2, "NW-DESK-ST")] }),
      ...oneActionItem(final, { kind: "order_total", state: "done", decision: "left_pending" }),
      ...namesQuote(final),
    ],
  }),
  es({
    id: "c-es-send-mandamela",
    title: "«mándamela» envía el borrador de harina",
    turns: ["necesito 4 sacos de harina", "mándamela"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(4, "AC-HAR-25")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-send-si",
    title: "Un «sí» después del borrador de café lo envía",
    turns: ["necesito 10 kilos de café", "sí"],
    goal: (final) => [...quotedAlone(final, { state: "sent", lines: [of(10, "AC-CAF-1K")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-send-dale",
    title: "«dale» después de la cotización de chocolate confirma el pedido",
    turns: ["cotízame 3 cajas de chocolate", "dale"],
    goal: (final) => [...quotedAlone(final, { state: "confirmed", lines: [of(3, "AC-CHO-70")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-send-envia-confirmo",
    title: "Aceite, «envíala», «confirmo»: el pedido queda confirmado",
    turns: ["necesito 2 bidones de aceite", "envíala", "confirmo"],
    goal: (final) => [...quotedAlone(final, { state: "confirmed", lines: [of(2, "AC-ACE-5L")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-send-ok-si",
    title: "Un «ok» envía el borrador de azúcar y un «sí» después lo confirma",
    turns: ["necesito 2 sacos de azúcar", "ok", "sí"],
    goal: (final) => [...quotedAlone(final, { state: "confirmed", lines: [of(2, "AC-AZU-10")] }), ...namesQuote(final)],
  }),
  es({
    id: "c-es-send-vino-autorizado",
    title: "«adelante» con 40 cajas de vino (CLP 1.800.000) espera al equipo; autorizado, se confirma",
    turns: ["necesito 40 cajas de vino", "adelante", { staff: "authorize" }],
    goal: (final) => [
      ...quoted(final, { state: "confirmed", lines: [of(40, "AC-VIN-CS")] }),
      ...oneActionItem(final, { kind: "order_total", state: "done", decision: "authorized" }),
      ...namesQuote(final),
    ],
  }),
];
