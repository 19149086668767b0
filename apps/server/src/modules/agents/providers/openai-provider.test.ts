import { describe, expect, it } from "vitest";
import { delayed, type FakeOpenAiStep, startFakeOpenAi } from "#server/test/fake-openai.ts";
import { type ChatMessage, type ModelRequest, ProviderError, type ToolDefinition } from "../model-provider.ts";
import { type OpenAiConfig, OpenAiProvider } from "./openai-provider.ts";

const API_KEY = "sk-test-0123456789abcdef";

const hints: ModelRequest["hints"] = {
  employeeName: "Ada",
  companyName: "Acme",
  customerName: "Grace",
  languages: ["en"],
  maxDiscountPercent: 0,
  openQuote: null,
  passages: [],
};

const lookupOrder: ToolDefinition = {
  name: "lookup_order",
  description: "Finds an order by its number.",
  parameters: { type: "object", properties: { number: { type: "string" } }, required: ["number"] },
};

const question: ChatMessage[] = [
  { role: "system", content: "You are Ada, working for Acme." },
  { role: "user", content: "Where is order 1042?" },
];

function provider(url: string, overrides: Partial<OpenAiConfig> = {}) {
  return new OpenAiProvider({
    provider: "openai",
    baseUrl: url,
    apiKey: API_KEY,
    model: "gpt-test",
    timeoutMs: 5_000,
    maxRetries: 0,
    ...overrides,
  });
}

// Runs one call against a fresh fake server and always closes it.
async function withFake<T>(script: FakeOpenAiStep[], run: (fake: Awaited<ReturnType<typeof startFakeOpenAi>>) => T) {
  const fake = await startFakeOpenAi(script);
  try {
    return await run(fake);
  } finally {
    await fake.close();
  }
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("OpenAiProvider", () => {
  it("maps tool calls both ways and sends the key, model and tools", async () => {
    await withFake(
      [
        {
          toolCalls: [{ name: "lookup_order", arguments: { number: "1042" } }],
          usage: { promptTokens: 120, completionTokens: 18 },
        },
        { content: "Order 1042 ships tomorrow.", usage: null },
      ],
      async (fake) => {
        const model = provider(fake.url);
        expect(model.name).toBe("openai");
        expect(model.model).toBe("gpt-test");

        const first = await model.complete({ messages: question, tools: [lookupOrder], hints });
        expect(first).toEqual({
          content: null,
          toolCalls: [{ id: "call_1", name: "lookup_order", arguments: '{"number":"1042"}' }],
          usage: { promptTokens: 120, completionTokens: 18 },
        });

        const conversation: ChatMessage[] = [
          ...question,
          { role: "assistant", content: null, toolCalls: first.toolCalls },
          { role: "tool", toolCallId: "call_1", name: "lookup_order", content: '{"status":"packed"}' },
        ];
        const second = await model.complete({ messages: conversation, tools: [lookupOrder], hints });
        expect(second).toEqual({ content: "Order 1042 ships tomorrow.", toolCalls: [], usage: null });

        expect(fake.requests).toHaveLength(2);
        const [sent, followUp] = fake.requests;
        expect(sent?.method).toBe("POST");
        expect(sent?.path).toBe("/v1/chat/completions");
        expect(sent?.authorization).toBe(`Bearer ${API_KEY}`);
        expect(sent?.body).toMatchObject({
          model: "gpt-test",
          messages: [
            { role: "system", content: "You are Ada, working for Acme." },
            { role: "user", content: "Where is order 1042?" },
          ],
          tools: [{ type: "function", function: lookupOrder }],
        });
        expect((followUp!.body as { messages: unknown[] }).messages.slice(2)).toEqual([
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "call_1", type: "function", function: { name: "lookup_order", arguments: '{"number":"1042"}' } },
            ],
          },
          { role: "tool", tool_call_id: "call_1", content: '{"status":"packed"}' },
        ]);
      },
    );
  });

  it("returns a final text turn and leaves tools out when there are none", async () => {
    await withFake([{ content: "Hello Grace, how can I help?" }], async (fake) => {
      const turn = await provider(fake.url).complete({ messages: question, tools: [], hints });
      expect(turn).toEqual({
        content: "Hello Grace, how can I help?",
        toolCalls: [],
        usage: { promptTokens: 42, completionTokens: 7 },
      });
      expect(fake.requests[0]?.body).not.toHaveProperty("tools");
    });
  });

  it("succeeds after the SDK retried two 503s", async () => {
    await withFake([{ status: 503 }, { status: 503 }, { content: "Back again." }], async (fake) => {
      const turn = await provider(fake.url, { maxRetries: 2 }).complete({ messages: question, tools: [], hints });
      expect(turn.content).toBe("Back again.");
      expect(fake.requests).toHaveLength(3);
    });
  });

  it("fails for good on 401 without revealing the key", async () => {
    const body = { error: { message: `Incorrect API key provided: ${API_KEY}`, type: "invalid_request_error" } };
    await withFake([{ status: 401, body }], async (fake) => {
      const error = await failure(
        provider(fake.url, { maxRetries: 2 }).complete({ messages: question, tools: [], hints }),
      );
      expect(error.retryable).toBe(false);
      expect(error.message).toBe("The model provider answered 401 Unauthorized");
      expect(error.message).not.toContain(API_KEY);
      expect(error.cause).toBeDefined();
      // Not retried: a wrong key stays wrong.
      expect(fake.requests).toHaveLength(1);
    });
  });

  it("tells retryable statuses from permanent ones", async () => {
    const cases: [number, boolean][] = [
      [400, false],
      [403, false],
      [404, false],
      [429, true],
      [500, true],
    ];
    for (const [status, retryable] of cases) {
      await withFake([{ status }], async (fake) => {
        const error = await failure(provider(fake.url).complete({ messages: question, tools: [], hints }));
        expect(error.retryable, `status ${status}`).toBe(retryable);
        expect(error.message).toContain(`answered ${status}`);
      });
    }
  });

  it("reports a provider slower than the timeout as retryable", async () => {
    await withFake([delayed(1_000, { content: "Too late." })], async (fake) => {
      const model = provider(fake.url, { timeoutMs: 200, maxRetries: 0 });
      const error = await failure(model.complete({ messages: question, tools: [], hints }));
      expect(error.retryable).toBe(true);
      expect(error.message).toBe("The model provider did not answer within 0.2 s");
    });
  });

  it("reports a refused connection as retryable", async () => {
    const fake = await startFakeOpenAi([]);
    await fake.close();
    const error = await failure(provider(fake.url).complete({ messages: question, tools: [], hints }));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe("The model provider could not be reached");
  });

  it("rejects an answer without choices", async () => {
    await withFake(
      [{ status: 200, body: { id: "chatcmpl-empty", object: "chat.completion", choices: [] } }],
      async (fake) => {
        const error = await failure(provider(fake.url).complete({ messages: question, tools: [], hints }));
        expect(error.retryable).toBe(true);
        expect(error.message).toContain("without a message");
      },
    );
  });

  it("turns a cancelled call into a ProviderError", async () => {
    await withFake([delayed(1_000, { content: "Too late." })], async (fake) => {
      const controller = new AbortController();
      const call = provider(fake.url).complete({ messages: question, tools: [], hints, signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      const error = await failure(call);
      expect(error.message).toBe("The model call was cancelled");
    });
  });
});
