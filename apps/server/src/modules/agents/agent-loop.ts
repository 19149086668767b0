import type { TraceStep } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import type { FollowerMailDeps } from "../tickets/index.ts";
import type { AgentContext } from "./context.ts";
import { type ChatMessage, type ModelProvider, type TurnHints, toolResultMessage } from "./model-provider.ts";
import { conversationDataMessage, systemPrompt } from "./system-prompt.ts";
import { handOff } from "./tools/lead-and-handoff-tools.ts";
import { executeToolCall, toolDefinitionsFor } from "./tools/registry.ts";
import { formatPrice, noEffects, type RunEffects } from "./tools/tool.ts";

export type TurnResult = {
  /** The reply to post; null when the run ended without one (never with the built-in engine). */
  text: string | null;
  steps: TraceStep[];
  effects: RunEffects;
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
};

/** Said when the model used up its steps without a reply: staff take over. */
export const STEP_CAP_REPLY = "Let me pass you to a colleague from our team; they will answer you here shortly.";

/**
 * One AI employee's answer to one customer message: the model is called with the conversation and the
 * tools, the tools it asks for run (each enforcing its own rules), and it is called again with their
 * results, until it writes the reply or uses up `maxSteps` (then the conversation goes to staff).
 * Provider errors propagate: the job is retried and nothing of this turn is posted.
 */
export async function runAgentTurn(options: {
  db: Db;
  provider: ModelProvider;
  context: AgentContext;
  maxSteps: number;
  signal?: AbortSignal;
  /** Tells a ticket's followers what the run changed on it. */
  followerMail?: FollowerMailDeps | undefined;
}): Promise<TurnResult> {
  const { db, context, maxSteps, signal } = options;
  const effects = noEffects();
  const env = { db, context, effects, followerMail: options.followerMail };
  const { skills, tools: granted } = context.employee!;
  const tools = toolDefinitionsFor(granted);
  const steps: TraceStep[] = [{ kind: "tools", skills, tools: granted }];
  if (context.passages.length > 0) steps.push({ kind: "passages", passages: context.passages });
  const data = conversationDataMessage(context);
  const messages: ChatMessage[] = [
    { role: "system", content: systemPrompt(context) },
    ...(data ? [{ role: "user" as const, content: data }] : []),
    ...context.history.map(
      (message): ChatMessage =>
        message.role === "customer"
          ? { role: "user", content: message.content }
          : { role: "assistant", content: message.role === "staff" ? `[Staff] ${message.content}` : message.content },
    ),
    { role: "user", content: context.inbound.content },
  ];
  let modelCalls = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  let text: string | null = null;
  // The facts as the turn began, like the system prompt: what changes during the turn, the model reads
  // in the tool results.
  const hints = hintsOf(context);

  for (let step = 0; step < maxSteps && text === null; step++) {
    const turn = await options.provider.complete({
      messages,
      tools,
      hints,
      ...(signal ? { signal } : {}),
    });
    modelCalls++;
    promptTokens += turn.usage?.promptTokens ?? 0;
    completionTokens += turn.usage?.completionTokens ?? 0;
    if (turn.toolCalls.length === 0) {
      text = turn.content?.trim() || null;
      if (text === null) steps.push({ kind: "error", message: "The model answered without text or tool calls." });
      break;
    }
    messages.push({ role: "assistant", content: turn.content, toolCalls: turn.toolCalls });
    for (const call of turn.toolCalls) {
      const started = performance.now();
      const outcome = await executeToolCall(call, env, granted);
      const result = outcome.ok ? outcome.result : { error: outcome.error };
      steps.push({
        kind: "tool_call",
        tool: call.name,
        arguments: outcome.arguments,
        result,
        ok: outcome.ok,
        durationMs: Math.round(performance.now() - started),
      });
      messages.push(toolResultMessage(call, outcome));
    }
  }

  if (text === null) {
    if (modelCalls >= maxSteps) steps.push({ kind: "error", message: `No reply after ${maxSteps} model calls.` });
    await handOff.run({ to: "staff", reason: "The AI employee could not finish its answer." }, env);
    text = STEP_CAP_REPLY;
  }
  for (const wait of effects.waits) steps.push({ kind: "wait", ...wait });
  if (effects.handoff) steps.push({ kind: "handoff", ...effects.handoff });
  return { text, steps, effects, modelCalls, promptTokens, completionTokens };
}

function hintsOf(context: AgentContext): TurnHints {
  const employee = context.employee!;
  return {
    employeeName: employee.name,
    companyName: context.company.name,
    customerName: context.customer?.fullName ?? null,
    languages: employee.languages,
    maxDiscountPercent: employee.maxDiscountPercent,
    openQuote: context.openQuote && {
      number: context.openQuote.number,
      state: context.openQuote.state,
      total: formatPrice(context.openQuote.totalCents, context.openQuote.currency),
      subtotalCents: context.openQuote.subtotalCents,
      awaitingApproval: context.openQuote.awaitingApproval !== null,
      discountPercent: context.openQuote.discountPercent,
      items: context.openQuote.items.map((item) => ({ sku: item.sku, quantity: item.quantity })),
    },
    passages: context.passages.map((passage) => ({ title: passage.title, text: passage.text })),
  };
}
