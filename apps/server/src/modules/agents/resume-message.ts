import type { AgentRequest, TaskDecision } from "@foreman/contract";
import type { MessageLanguage } from "./builtin/intents.ts";
import { relayMessage } from "./relay-message.ts";

// What the customer hears once staff have responded to an action item the runtime raised. The
// decision, never staff's note, reaches the customer for authorizations; a question's answer is relayed.

export type ResumeFacts = {
  quoteNumber: number | null;
  total: string | null;
  percent: number | null;
  /** Authorized, but the quote changed since it was asked about: nothing was applied. */
  changed: boolean;
};

/** " Q-1042", or nothing when the quote is gone. */
const number = (f: ResumeFacts) => (f.quoteNumber === null ? "" : ` Q-${f.quoteNumber}`);

const TEXT = {
  en: {
    discountYes: (f: ResumeFacts) =>
      `Good news: your ${f.percent}% discount on Q-${f.quoteNumber} is approved. The new total is ${f.total}.`,
    discountNo: (f: ResumeFacts) =>
      `I'm sorry, the ${f.percent}% discount on Q-${f.quoteNumber} was not authorized. The quote stays at ${f.total}.`,
    orderYes: (f: ResumeFacts) => `Good news: your order Q-${f.quoteNumber} for ${f.total} is approved and confirmed.`,
    orderNo: (f: ResumeFacts) =>
      `I'm sorry, I couldn't get order Q-${f.quoteNumber} approved right now; a colleague will contact you about it.`,
    orderChanged: (f: ResumeFacts) =>
      `Your quote${number(f)} changed while the team was reviewing it, so the order is not placed yet. If you'd like to go ahead with the quote as it is now, tell me and I'll check with them again.`,
    discountChanged: (f: ResumeFacts) =>
      `Your quote${number(f)} changed while the team was reviewing the ${f.percent}% discount, so the discount is not on it. Tell me if you'd still like it and I'll check with them again.`,
  },
  es: {
    discountYes: (f: ResumeFacts) =>
      `Buenas noticias: tu descuento del ${f.percent}% en la cotización Q-${f.quoteNumber} está aprobado. El nuevo total es ${f.total}.`,
    discountNo: (f: ResumeFacts) =>
      `Lo siento, el descuento del ${f.percent}% en la cotización Q-${f.quoteNumber} no fue autorizado. La cotización se mantiene en ${f.total}.`,
    orderYes: (f: ResumeFacts) =>
      `Buenas noticias: tu pedido Q-${f.quoteNumber} por ${f.total} está aprobado y confirmado.`,
    orderNo: (f: ResumeFacts) =>
      `Lo siento, no pude conseguir la aprobación del pedido Q-${f.quoteNumber} por ahora; una persona del equipo te contactará.`,
    orderChanged: (f: ResumeFacts) =>
      `Tu cotización${number(f)} cambió mientras el equipo la revisaba, así que el pedido aún no está hecho. Si quieres seguir con la cotización tal como está ahora, dímelo y lo vuelvo a consultar.`,
    discountChanged: (f: ResumeFacts) =>
      `Tu cotización${number(f)} cambió mientras el equipo revisaba el descuento del ${f.percent}%, así que el descuento no está aplicado. Si aún lo quieres, dímelo y lo vuelvo a consultar.`,
  },
} as const;

export function resumeMessage(
  task: { actionType: string; title: string; request: AgentRequest | null },
  response: { answer: string | null; decision: TaskDecision | null },
  facts: ResumeFacts,
  language: MessageLanguage,
): string {
  const request = task.request;
  const text = TEXT[language];
  // Authorized but not applied: the customer must not hear that it was.
  if (request?.kind === "discount" && response.decision === "authorized" && facts.changed)
    return text.discountChanged(facts);
  if (request?.kind === "order_total" && response.decision === "authorized" && facts.changed)
    return text.orderChanged(facts);
  if (request?.kind === "discount" && response.decision)
    return response.decision === "authorized" ? text.discountYes(facts) : text.discountNo(facts);
  if (request?.kind === "order_total" && response.decision)
    return response.decision === "authorized" ? text.orderYes(facts) : text.orderNo(facts);
  return relayMessage(task, response);
}
