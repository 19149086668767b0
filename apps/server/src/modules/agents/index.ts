// The agents module's public face: other modules and app.ts import only what is listed here.
export { findRunOfMessage, listPendingReplies } from "./agent-runs.repository.ts";
export type { AgentRuntime } from "./agent-runtime.ts";
export { agentsPlugin } from "./agents.plugin.ts";
export { agentsRoutes } from "./agents.routes.ts";
export { type ChatMessage, type ModelProvider, ProviderError, type TurnHints } from "./model-provider.ts";
