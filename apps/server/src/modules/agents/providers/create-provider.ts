import type { LlmConfig } from "#server/config.ts";
import type { ModelProvider } from "../model-provider.ts";
import { BuiltinProvider } from "./builtin-provider.ts";

/** The configured model: the built-in engine, or an OpenAI-compatible API (its client loaded only then). */
export async function createProvider(llm: LlmConfig): Promise<ModelProvider> {
  if (llm.provider === "builtin") return new BuiltinProvider();
  const { OpenAiProvider } = await import("./openai-provider.ts");
  return new OpenAiProvider(llm);
}
