import { type AgentRunTrace, snakeizeKeys } from "@foreman/contract";

// Words and short forms for an agent run's trace (what the AI runtime did to answer). Pure, so the
// trace view stays about layout.

const PROVIDER_LABELS: Record<string, string> = { builtin: "Built-in engine", openai: "OpenAI-compatible" };

export const providerLabel = (provider: string) => PROVIDER_LABELS[provider] ?? provider;

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString("en-US")} ${value === 1 ? one : many}`;

/** "120 ms", "1.4 s", "12 s". */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

/** "2 model calls · 1,234 + 56 tokens · 1.4 s" (prompt + completion tokens, how long the run took). */
export function runFigures(run: AgentRunTrace): string {
  const parts = [count(run.modelCalls, "model call", "model calls")];
  const tokens = run.promptTokens + run.completionTokens;
  if (tokens > 0)
    parts.push(
      `${run.promptTokens.toLocaleString("en-US")} prompt + ${run.completionTokens.toLocaleString("en-US")} completion tokens`,
    );
  const took = Date.parse(run.finishedAt) - Date.parse(run.startedAt);
  if (Number.isFinite(took)) parts.push(formatMs(took));
  return parts.join(" · ");
}

// Tool arguments and results are free-form JSON that the API client camelised with the rest of the
// answer; they are shown with the keys they have on the wire (as the model wrote them, as the tools'
// schemas name them).
const wire = (value: unknown) => snakeizeKeys<unknown>(value);

/** Indented JSON for a <pre>. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return "null";
  if (typeof value === "string") return value;
  return JSON.stringify(wire(value), null, 2) ?? String(value);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function shortValue(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(clip(value, 32));
  if (Array.isArray(value)) return value.length === 1 ? "[1 item]" : `[${value.length} items]`;
  if (typeof value === "object") return "{…}";
  return String(value);
}

/** One line for a tool's arguments or result: `query: "oak chair", limit: 5`, `[3 items]`. */
export function summarizeJson(value: unknown, { empty = "nothing", max = 90 } = {}): string {
  if (value === null || value === undefined) return empty;
  if (typeof value === "string") return value.trim() === "" ? empty : clip(value, max);
  if (Array.isArray(value)) return value.length === 0 ? empty : shortValue(value);
  if (typeof value === "object") {
    const entries = Object.entries(wire(value) as Record<string, unknown>);
    if (entries.length === 0) return empty;
    return clip(entries.map(([key, item]) => `${key}: ${shortValue(item)}`).join(", "), max);
  }
  return String(value);
}

/** Cuts a passage to about `max` characters at a word boundary. */
export function truncateText(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** Who a handoff went to: staff, or another department's AI employee. */
export const handoffTarget = (to: string) => (to === "staff" ? "staff" : `the ${to} department`);
