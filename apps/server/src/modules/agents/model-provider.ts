// What the agent loop asks of a model: given the conversation so far and the tools, either call tools
// or write the reply. Two providers implement it: the built-in engine (no key, no network) and any
// OpenAI-compatible Chat Completions API. The loop (agent-loop.ts) is the same for both.

export type ToolCall = {
  /** The provider's id for the call; the tool's result message names it. */
  id: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, parsed and validated by the tool, never trusted. */
  arguments: string;
};

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; name: string; content: string };

/** A tool's answer as the model reads it: `{ok, result}` or `{ok, error}` as JSON, tied to its call. */
export function toolResultMessage(
  call: ToolCall,
  outcome: { ok: true; result: unknown } | { ok: false; error: string },
): ChatMessage {
  return {
    role: "tool",
    toolCallId: call.id,
    name: call.name,
    content: JSON.stringify(outcome.ok ? { ok: true, result: outcome.result } : { ok: false, error: outcome.error }),
  };
}

export type ToolDefinition = {
  name: string;
  description: string;
  /** JSON Schema of the arguments object (from the tool's zod schema in the contract). */
  parameters: Record<string, unknown>;
};

export type TokenUsage = { promptTokens: number; completionTokens: number };

/** One model response: tool calls to run, or (with none) the reply's text. */
export type ModelTurn = { content: string | null; toolCalls: ToolCall[]; usage: TokenUsage | null };

/** Facts about the run the built-in engine reads directly (a real model reads them in the system prompt). */
export type TurnHints = {
  employeeName: string;
  companyName: string;
  customerName: string | null;
  /** The employee's languages, ISO 639-1, the first being its default. */
  languages: string[];
  /** The employee's discount limit (percent). */
  maxDiscountPercent: number;
  /** The conversation's open quote, as the tools would describe it. */
  openQuote: {
    number: number;
    /** draft or sent: whether "yes" means send it or confirm it. */
    state: string;
    /** Its total as the customer reads it ("$1,347.00"). */
    total: string;
    /** Before any discount, in cents: what a discount asked as an amount is a share of. */
    subtotalCents: number;
    items: { sku: string; quantity: number }[];
    discountPercent: number;
    /** An authorization waits on staff: the quote cannot change until they decide. */
    awaitingApproval: boolean;
  } | null;
  /** Passages from the company's knowledge for the customer's message. */
  passages: { title: string; text: string }[];
};

export type ModelRequest = {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  hints: TurnHints;
  signal?: AbortSignal;
};

export interface ModelProvider {
  /** "builtin" or "openai": recorded with each run. */
  readonly name: string;
  /** The model's name as recorded with each run. */
  readonly model: string;
  complete(request: ModelRequest): Promise<ModelTurn>;
}

/**
 * A model call that failed after the provider's own retries (timeout, 5xx, refused connection, bad
 * answer). The job stays queued and is tried again later; staff see the message in the trace.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProviderError";
  }
}
