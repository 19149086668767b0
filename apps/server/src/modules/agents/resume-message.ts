import type { AgentRequest, TaskDecision } from "@foreman/contract";
import type { MessageLanguage } from "./builtin/intents.ts";
import { relayMessage } from "./relay-message.ts";

// What the customer hears once staff have responded to an action item the runtime raised. The
// decision, never staff's note, reaches the customer for authorizations; a question's answer is relayed.

export type ResumeFacts = { quoteNumber: number | null; total: string | null; percent: number | null };

const TEXT = {
  en: {
    discountYes: (f: ResumeFacts) =>
      `Good news: your ${f.percent}% discount on Q-${f.quoteNumber} is approved. The new total is ${f.total}.`,
    discountNo: (f: ResumeFacts) =>
      `I'm sorry, the ${f.percent}% discount on Q-${f.quoteNumber} was not authorized. The quote stays at ${f.total}.`,
    orderYes: (f: ResumeFacts) => `Good news: your order Q-${f.quoteNumber} for ${f.total} is approved and confirmed.`,
    orderNo: (f: ResumeFacts) =>
      `I'm sorry, I couldn't get order Q-${f.quoteNumber} approved right now; a colleague will contact you about it.`,
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
  if (request?.kind === "discount" && response.decision)
    return response.decision === "authorized" ? text.discountYes(facts) : text.discountNo(facts);
  if (request?.kind === "order_total" && response.decision)
    return response.decision === "authorized" ? text.orderYes(facts) : text.orderNo(facts);
  return relayMessage(task, response);
}
