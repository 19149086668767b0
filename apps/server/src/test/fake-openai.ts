import { createServer, type IncomingHttpHeaders, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo } from "node:net";
import { readJson } from "./read-json.ts";

// A small OpenAI-compatible Chat Completions server on 127.0.0.1 (tests only). Each request takes
// the next step of a script: tool calls, a text reply, an HTTP error, or a delay before one of those.
// Every request is recorded so tests can check what the provider sent.

export type FakeOpenAiUsage = { promptTokens: number; completionTokens: number };

export type FakeOpenAiStep =
  /** `usage: null` leaves usage out of the answer; omitted, a fixed usage is sent. */
  | { toolCalls: { name: string; arguments: Record<string, unknown> }[]; usage?: FakeOpenAiUsage | null }
  | { content: string; usage?: FakeOpenAiUsage | null }
  /** Answers this status with `body` (JSON), or with an OpenAI-style error object when omitted. */
  | { status: number; body?: unknown }
  /** Waits before answering, e.g. to outlast the client's timeout. */
  | { delayMs: number; then: FakeOpenAiStep };

export type FakeOpenAiRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
};

export type FakeOpenAi = {
  /** Base URL ending with /v1, as the SDK's baseURL. */
  url: string;
  requests: FakeOpenAiRequest[];
  /** Adds steps to the end of the script. */
  push(...steps: FakeOpenAiStep[]): void;
  close(): Promise<void>;
};

/**
 * The model call's timeout in tests: short, yet longer than a scripted answer takes on a busy two-core
 * machine (the fake shares the test's event loop with the app; 1 s made replies time out now and then).
 * A step meant to outlast it is `delayed` past it.
 */
export const FAKE_LLM_TIMEOUT_MS = 5_000;

/** The settings that point the app at a fake: LLM_PROVIDER=openai, no retries, FAKE_LLM_TIMEOUT_MS. */
export function fakeOpenAiEnv(
  fake: FakeOpenAi,
  apiKey: string,
  timeoutMs = FAKE_LLM_TIMEOUT_MS,
): Record<string, string> {
  return {
    LLM_PROVIDER: "openai",
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: apiKey,
    LLM_MODEL: "scripted-model",
    LLM_MAX_RETRIES: "0",
    LLM_TIMEOUT_MS: String(timeoutMs),
  };
}

/** A step answered only after `delayMs`; the lint-clean way to write `{ delayMs, then }`. */
export function delayed(delayMs: number, step: FakeOpenAiStep): FakeOpenAiStep {
  // biome-ignore lint/suspicious/noThenProperty: a plain data field here, never a thenable (it is no function).
  return { delayMs, then: step };
}

const DEFAULT_USAGE: FakeOpenAiUsage = { promptTokens: 42, completionTokens: 7 };

function reply(response: ServerResponse, status: number, body: unknown) {
  // The SDK honours retry-after-ms, so retried errors cost milliseconds rather than its 0.5 s backoff.
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (status >= 400) headers["retry-after-ms"] = "10";
  response.writeHead(status, headers);
  response.end(JSON.stringify(body));
}

function errorBody(status: number, message: string) {
  return {
    error: { message, type: status >= 500 ? "server_error" : "invalid_request_error", param: null, code: null },
  };
}

export async function startFakeOpenAi(script: FakeOpenAiStep[]): Promise<FakeOpenAi> {
  const queue = [...script];
  const requests: FakeOpenAiRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let nextCallId = 1;
  let nextCompletionId = 1;

  const answer = (response: ServerResponse, step: FakeOpenAiStep, model: string) => {
    if ("delayMs" in step) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        // The client may have given up (timeout) and closed the connection meanwhile.
        if (!response.destroyed) answer(response, step.then, model);
      }, step.delayMs);
      timers.add(timer);
      return;
    }
    if ("status" in step) {
      const text = STATUS_CODES[step.status] ?? "Error";
      return reply(response, step.status, step.body ?? errorBody(step.status, `Scripted ${step.status} ${text}`));
    }
    const toolCalls =
      "toolCalls" in step
        ? step.toolCalls.map((call) => ({
            id: `call_${nextCallId++}`,
            type: "function",
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          }))
        : [];
    const usage = step.usage === undefined ? DEFAULT_USAGE : step.usage;
    reply(response, 200, {
      id: `chatcmpl-fake-${nextCompletionId++}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "content" in step ? step.content : null,
            refusal: null,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
          logprobs: null,
        },
      ],
      ...(usage
        ? {
            usage: {
              prompt_tokens: usage.promptTokens,
              completion_tokens: usage.completionTokens,
              total_tokens: usage.promptTokens + usage.completionTokens,
            },
          }
        : {}),
    });
  };

  const server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const body = await readJson(request);
    requests.push({
      method: request.method ?? "GET",
      path,
      authorization: request.headers.authorization,
      headers: request.headers,
      body,
    });
    if (request.method !== "POST" || path !== "/v1/chat/completions") {
      return reply(response, 404, errorBody(404, `fake-openai: no route for ${request.method} ${path}`));
    }
    const step = queue.shift();
    if (!step) {
      return reply(response, 500, errorBody(500, "fake-openai: the script has no response left for this request"));
    }
    const model = (body as { model?: unknown } | undefined)?.model;
    answer(response, step, typeof model === "string" ? model : "fake-model");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    push: (...steps) => {
      queue.push(...steps);
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Delayed answers and keep-alive sockets would otherwise hold close() open.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
