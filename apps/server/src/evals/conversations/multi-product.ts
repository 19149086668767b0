import { dollars, lastReplySays } from "../scenario.ts";
import { category, namesQuote, of, quotedAlone } from "./goals.ts";

// Several products in one message: every one becomes a line of the one quote, with its own unit word
// ("boxes of gloves" are gloves, not corrugated boxes).

const { en, es } = category("multi-product");

export const MULTI_PRODUCT = [
  en({
    id: "c-en-multi-tape-wrap",
    title: "Tape and stretch wrap in one message make a two-line draft",
    turns: ["hi need 5 cases of packing tape and 10 rolls of stretch wrap"],
    goal: (final) => [
      ...quotedAlone(final, { state: "draft", lines: [of(5, "NW-TAPE-48"), of(10, "NW-WRAP-18")] }),
      ...lastReplySays(final, dollars(46_500)),
    ],
  }),
  en({
    id: "c-en-multi-jacks-pallets",
    title: "Pallet jacks and wooden pallets are told apart in one quote, sent",
    turns: ["can you quote 2 pallet jacks and 20 wooden pallets"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(2, "NW-JACK-25"), of(20, "NW-PAL-01")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(125_800)),
    ],
  }),
  en({
    id: "c-en-multi-warehouse",
    title: "Shelving, bins and “a utility cart” for a new warehouse make a three-line draft",
    turns: ["we need 3 shelving units, 10 storage bins and a utility cart for the new warehouse"],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "draft",
        lines: [of(3, "NW-SHLF-5"), of(10, "NW-BIN-30"), of(1, "NW-CART-2")],
      }),
      ...lastReplySays(final, dollars(85_600)),
    ],
  }),
  en({
    id: "c-en-multi-gloves-tape",
    title: "“I'll take 4 boxes of nitrile gloves and 2 cases of tape” confirms both",
    turns: ["I'll take 4 boxes of nitrile gloves and 2 cases of tape"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(4, "NW-GLV-L"), of(2, "NW-TAPE-48")] }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(13_400)),
    ],
  }),
  en({
    id: "c-en-multi-packing-station",
    title: "Boxes, labels and foam by the square metre, with “send me a quote”, are sent",
    turns: ["hello! 10 packs of 12in boxes, 6 rolls of thermal labels and 20 m2 of foam, send me a quote pls"],
    goal: (final) => [
      ...quotedAlone(final, {
        state: "sent",
        lines: [of(10, "NW-BOX-12"), of(6, "NW-LBL-4X6"), of(20, "NW-FOAM-6")],
      }),
      ...namesQuote(final),
      ...lastReplySays(final, dollars(43_600)),
    ],
  }),
  es({
    id: "c-es-multi-harina-palta",
    title: "«2 sacos de harina y 3 cajas de palta» arma un borrador de dos líneas",
    turns: ["2 sacos de harina y 3 cajas de palta"],
    goal: (final) => quotedAlone(final, { state: "draft", lines: [of(2, "AC-HAR-25"), of(3, "AC-PAL-01")] }),
  }),
  es({
    id: "c-es-multi-restaurante",
    title: "Café, azúcar y té para el restaurante en un mensaje arman un borrador de tres líneas",
    turns: ["hola necesito 5 kilos de café, 2 sacos de azúcar y 1 caja de té verde pal restaurant"],
    goal: (final) =>
      quotedAlone(final, { state: "draft", lines: [of(5, "AC-CAF-1K"), of(2, "AC-AZU-10"), of(1, "AC-TE-100")] }),
  }),
  es({
    id: "c-es-multi-quinoa-sal",
    title: "Una cotización de quínoa y sal de mar se envía con las dos líneas",
    turns: ["cotización de 10 kg de quínoa y 5 kg de sal de mar por favor"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(10, "AC-QUI-1K"), of(5, "AC-SAL-1K")] }),
      ...namesQuote(final),
    ],
  }),
  es({
    id: "c-es-multi-compra",
    title: "«quiero comprar 2 bidones de aceite y 4 sacos de harina» confirma el pedido",
    turns: ["quiero comprar 2 bidones de aceite y 4 sacos de harina"],
    goal: (final) => [
      ...quotedAlone(final, { state: "confirmed", lines: [of(2, "AC-ACE-5L"), of(4, "AC-HAR-25")] }),
      ...namesQuote(final),
    ],
  }),
  es({
    id: "c-es-multi-chocolate-vino",
    title: "«me cotizas 3 cajas de chocolate y 2 cajas de vino» envía la cotización",
    turns: ["buenas! me cotizas 3 cajas de chocolate y 2 cajas de vino"],
    goal: (final) => [
      ...quotedAlone(final, { state: "sent", lines: [of(3, "AC-CHO-70"), of(2, "AC-VIN-CS")] }),
      ...namesQuote(final),
    ],
  }),
];
