import { WEEKDAY_LABELS, type Weekday } from "@foreman/contract";
import { clockTime, type TeamAnswers } from "../tools/staff-hours.ts";
import type { MessageLanguage, ProblemKind } from "./intents.ts";

// The built-in engine's sentences outside the sale (greetings, orders, hand-offs, tickets, waiting for
// staff), in English and Spanish; the sale's are in sales-replies.ts. Facts (numbers, statuses) always
// come from tool results; these only frame them.

type Order = { number: number; title: string; state: string; status: string; total: string; placed_on: string };
type Ticket = {
  number: string;
  subject: string;
  status: "open" | "closed";
  priority: "low" | "medium" | "high";
  order_number: number | null;
  from_this_conversation: boolean;
};

/** Order states as a Spanish-speaking customer reads them. */
const ESTADOS: Record<string, string> = {
  confirmed: "confirmado",
  pending: "pendiente",
  completed: "completado",
  cancelled: "cancelado",
  started: "en preparación",
};

/** Weekdays as a Spanish sentence names them ("el lunes"). */
const DIAS: Record<Weekday, string> = {
  mon: "lunes",
  tue: "martes",
  wed: "miércoles",
  thu: "jueves",
  fri: "viernes",
  sat: "sábado",
  sun: "domingo",
};

const list = (items: string[]) => items.map((item) => `• ${item}`).join("\n");

export const REPLIES = {
  en: {
    greeting: (me: string, company: string, name: string | null) =>
      `Hi${name ? ` ${name.split(" ")[0]}` : ""}! I'm ${me} from ${company}. I can help with products and prices, quotes, orders and their status. What can I do for you?`,
    outOfScope: (company: string) =>
      `I'm sorry, I can only help with ${company}'s products, quotes and orders. Is there anything about those I can help with?`,
    fromKnowledge: (title: string, text: string) => `${text}\n\n(From “${title}”.)`,
    whichDiscount: "I can't offer a discount on my own. How much were you hoping for? I'll ask my manager.",
    orders: (orders: Order[]) =>
      `Here are your orders:\n${list(orders.map((o) => `#${o.number} ${o.title}: ${o.status}, ${o.total} (placed ${o.placed_on})`))}`,
    noOrder: (n: number | null) =>
      n === null ? "I can't find any orders on your account." : `I can't find order ${n} on your account.`,
    handedOff: "I'm passing you to a colleague from our team; they will answer you here shortly.",
    handedOffOutOfHours: (team: TeamAnswers) =>
      `I'm passing you to a colleague from our team. Our team will answer at ${clockTime(team.time)} ${team.days_ahead === 0 ? "today" : team.days_ahead === 1 ? "tomorrow" : `on ${WEEKDAY_LABELS[team.weekday as Weekday]}`}.`,
    checking: "Let me check that with the team; I'll get back to you here shortly.",
    awaitingTeam: (quote: number) =>
      `I'm still waiting for the team's answer on quote Q-${quote}, so I can't change it until they decide. I'll get back to you here as soon as they do.`,
    ticketOpened: (ticket: Ticket) =>
      `I'm sorry about that${ticket.order_number ? ` with order #${ticket.order_number}` : ""}. I've opened ticket ${ticket.number}${ticket.priority === "high" ? " as urgent" : ""} for it: our support team will review it and get back to you here with a solution. If you can, send a photo or any detail that helps.`,
    ticketOpenedWithoutOrder: (ticket: Ticket, order: number) =>
      `I'm sorry about that. I couldn't find order #${order} on your account, so I've opened ticket ${ticket.number} without it: please check the order number and tell me here. Our support team will review it and get back to you here.`,
    ticketUpdated: (ticket: Ticket, reopened: boolean) =>
      `I've added this to ticket ${ticket.number}${reopened ? " and reopened it" : ""}: the team working on it will see it and get back to you here.`,
    ticketClosed: (ticket: Ticket) =>
      `Great to hear it's solved! I've closed ticket ${ticket.number}. If anything else comes up, just write here.`,
    gladSolved: "Great to hear that! Is there anything else I can help you with?",
  },
  es: {
    greeting: (me: string, company: string, name: string | null) =>
      `¡Hola${name ? ` ${name.split(" ")[0]}` : ""}! Soy ${me}, de ${company}. Puedo ayudarte con productos y precios, cotizaciones, pedidos y su estado. ¿En qué te ayudo?`,
    outOfScope: (company: string) =>
      `Lo siento, solo puedo ayudarte con los productos, cotizaciones y pedidos de ${company}. ¿Hay algo de eso en lo que pueda ayudarte?`,
    fromKnowledge: (title: string, text: string) => `${text}\n\n(De «${title}».)`,
    whichDiscount: "No puedo ofrecer descuentos por mi cuenta. ¿Cuánto descuento buscas? Se lo consulto a mi gerente.",
    orders: (orders: Order[]) =>
      `Estos son tus pedidos:\n${list(orders.map((o) => `#${o.number} ${o.title}: ${ESTADOS[o.state] ?? o.status}, ${o.total} (del ${o.placed_on})`))}`,
    noOrder: (n: number | null) =>
      n === null ? "No encuentro pedidos en tu cuenta." : `No encuentro el pedido ${n} en tu cuenta.`,
    handedOff: "Te paso con una persona de nuestro equipo; te responderá aquí en breve.",
    handedOffOutOfHours: (team: TeamAnswers) =>
      `Te paso con una persona de nuestro equipo. Nuestro equipo responderá ${team.days_ahead === 0 ? "hoy" : team.days_ahead === 1 ? "mañana" : `el ${DIAS[team.weekday as Weekday]}`} ${team.time.startsWith("01:") ? "a la" : "a las"} ${clockTime(team.time)}.`,
    checking: "Déjame consultarlo con el equipo; te respondo aquí en breve.",
    awaitingTeam: (quote: number) =>
      `Todavía espero la respuesta del equipo sobre la cotización Q-${quote}, así que no puedo cambiarla hasta que decidan. Te respondo aquí en cuanto lo hagan.`,
    ticketOpened: (ticket: Ticket) =>
      `Lamento lo ocurrido${ticket.order_number ? ` con el pedido #${ticket.order_number}` : ""}. Abrí el ticket ${ticket.number}${ticket.priority === "high" ? " como urgente" : ""}: nuestro equipo de soporte lo revisará y te responderá aquí con una solución. Si puedes, envíanos una foto o cualquier detalle que ayude.`,
    ticketOpenedWithoutOrder: (ticket: Ticket, order: number) =>
      `Lamento lo ocurrido. No encontré el pedido #${order} en tu cuenta, así que abrí el ticket ${ticket.number} sin él: revisa el número de pedido y escríbemelo aquí. Nuestro equipo de soporte lo revisará y te responderá aquí.`,
    ticketUpdated: (ticket: Ticket, reopened: boolean) =>
      `Agregué esto al ticket ${ticket.number}${reopened ? " y lo reabrí" : ""}: el equipo que lo atiende lo verá y te responderá aquí.`,
    ticketClosed: (ticket: Ticket) =>
      `¡Qué bueno que se resolvió! Cerré el ticket ${ticket.number}. Si surge algo más, escríbeme aquí.`,
    gladSolved: "¡Qué bueno! ¿Hay algo más en lo que pueda ayudarte?",
  },
} satisfies Record<MessageLanguage, unknown>;

export type Replies = (typeof REPLIES)["en"];
export type { Order, Ticket };

/** A ticket's subject, in the language staff work in: what went wrong, and on which order. */
export const TICKET_SUBJECTS = {
  en: {
    damaged: "Damaged items",
    not_working: "Product not working",
    wrong_item: "Wrong item received",
    missing_items: "Missing items",
    complaint: "Customer complaint",
    onOrder: (subject: string, order: number) => `${subject} on order #${order}`,
  },
  es: {
    damaged: "Productos dañados",
    not_working: "Producto no funciona",
    wrong_item: "Producto equivocado",
    missing_items: "Faltan productos",
    complaint: "Reclamo del cliente",
    onOrder: (subject: string, order: number) => `${subject} en el pedido #${order}`,
  },
} satisfies Record<MessageLanguage, Record<ProblemKind, string> & { onOrder: unknown }>;
