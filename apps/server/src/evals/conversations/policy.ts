import { lastReplySays } from "../scenario.ts";
import { category, clp, onlyTalked } from "./goals.ts";

// Questions the company's documents answer (apps/server/src/seed/knowledge/): the reply carries the
// fact as the document states it, and nothing is written.

const { en, es } = category("policy");

export const POLICY = [
  en({
    id: "c-en-policy-returns",
    title: "How long to return: 30 days of delivery",
    turns: ["hey how long do i have to return stuff"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /30 days/i)],
  }),
  en({
    id: "c-en-policy-canada",
    title: "Shipping to Canada takes 5 to 8 business days",
    turns: ["do u ship to canada? how long does it take"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /5\s*(to|–|-)\s*8 business days/i)],
  }),
  en({
    id: "c-en-policy-free-shipping",
    title: "Free shipping on parcel orders from $250",
    turns: ["whats the minimum for free shipping"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /\$250\b/)],
  }),
  en({
    id: "c-en-policy-payment",
    title: "Payment methods: cards, ACH and wire transfers",
    turns: ["what payment methods do you take"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /\bACH\b/)],
  }),
  en({
    id: "c-en-policy-cutoff",
    title: "Same-day shipping cut-off: 2:00 pm Central",
    turns: ["if i order today what time do i need to confirm by for it to ship same day"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /\b2(:00)?\s*pm\b/i)],
  }),
  en({
    id: "c-en-policy-restocking",
    title: "Returning a pallet jack carries a 15% restocking fee",
    turns: ["is there a restocking fee if i return a pallet jack"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, "15%")],
  }),
  es({
    id: "c-es-policy-santiago",
    title: "Despacho en Santiago: 24 a 48 horas",
    turns: ["cuánto se demora el despacho en santiago?"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /24 a 48 horas/i)],
  }),
  es({
    id: "c-es-policy-devolucion",
    title: "Plazo para devolver: 10 días corridos",
    turns: ["cuántos días tengo para devolver un producto"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /10 días/i)],
  }),
  es({
    id: "c-es-policy-despacho-gratis",
    title: "Despacho gratis en la Región Metropolitana desde $150.000 netos",
    turns: ["desde cuanto es el despacho gratis?"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, clp(150_000))],
  }),
  es({
    id: "c-es-policy-pago",
    title: "Medios de pago: transferencia, Webpay, Mercado Pago",
    turns: ["qué medios de pago aceptan?"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /webpay/i)],
  }),
  es({
    id: "c-es-policy-corte",
    title: "Hora de corte para preparar el mismo día: 13:00",
    turns: ["hasta qué hora puedo pedir para que salga el mismo día?"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, "13:00")],
  }),
  es({
    id: "c-es-policy-lima",
    title: "El camión a Lima sale los miércoles",
    turns: ["hacen envíos a lima? qué día sale el camión"],
    goal: (final) => [...onlyTalked(final), ...lastReplySays(final, /miércoles/i)],
  }),
];
