import { STATUS_CODES } from "node:http";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type {
  ChatCompletion,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { LlmConfig } from "#server/config.ts";
import {
  type ChatMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelTurn,
  ProviderError,
  type ToolCall,
  type ToolDefinition,
} from "../model-provider.ts";

// Any OpenAI-compatible Chat Completions API (OpenAI itself, a gateway, a local server). The SDK
// retries 408/409/429/5xx and connection failures with backoff; what still fails becomes a
// ProviderError whose message is safe to show staff.

export type OpenAiConfig = Extract<LlmConfig, { provider: "openai" }>;

const DEFAULT_BASE_URL = "https://api.openai.com/v1";

export class OpenAiProvider implements ModelProvider {
  readonly name = "openai";
  readonly model: string;
  readonly #client: OpenAI;
  readonly #timeoutMs: number;

  constructor(config: OpenAiConfig) {
    this.model = config.model;
    this.#timeoutMs = config.timeoutMs;
    this.#client = new OpenAI({
      // Explicit, so an OPENAI_BASE_URL left in the environment cannot redirect the calls.
      baseURL: config.baseUrl ?? DEFAULT_BASE_URL,
      apiKey: config.apiKey,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
  }

  async complete(request: ModelRequest): Promise<ModelTurn> {
    let completion: ChatCompletion;
    try {
      completion = await this.#client.chat.completions.create(
        {
          model: this.model,
          messages: request.messages.map(toOpenAiMessage),
          ...(request.tools.length > 0 ? { tools: request.tools.map(toOpenAiTool) } : {}),
        },
        { signal: request.signal },
      );
    } catch (error) {
      throw toProviderError(error, this.#timeoutMs);
    }
    // Some compatible servers answer 200 with an error object or an empty list instead of a status.
    const message = completion?.choices?.[0]?.message;
    if (!message) throw new ProviderError("The model provider sent an answer without a message", true);
    const toolCalls: ToolCall[] = [];
    for (const call of message.tool_calls ?? []) {
      if (call.type === "function") {
        toolCalls.push({ id: call.id, name: call.function.name, arguments: call.function.arguments });
      }
    }
    const usage = completion.usage
      ? { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens }
      : null;
    return { content: message.content ?? null, toolCalls, usage };
  }
}

function toOpenAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "assistant":
      return {
        role: "assistant",
        content: message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: "function" as const,
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    case "tool":
      return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
  }
}

function toOpenAiTool(tool: ToolDefinition): ChatCompletionFunctionTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

// The SDK's own messages may quote the provider's body (OpenAI's 401 echoes part of the key), so the
// message is built from the status alone; the original error stays in `cause` for the logs.
function toProviderError(error: unknown, timeoutMs: number): ProviderError {
  const cause = { cause: error };
  if (error instanceof APIUserAbortError) return new ProviderError("The model call was cancelled", true, cause);
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError(`The model provider did not answer within ${formatSeconds(timeoutMs)}`, true, cause);
  }
  if (error instanceof APIConnectionError) {
    return new ProviderError("The model provider could not be reached", true, cause);
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const status = error.status;
    const text = STATUS_CODES[status];
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    return new ProviderError(`The model provider answered ${status}${text ? ` ${text}` : ""}`, retryable, cause);
  }
  // A body that is not JSON, or anything else unexpected: likely a passing fault of the server.
  return new ProviderError("The model provider sent an answer that could not be read", true, cause);
}
