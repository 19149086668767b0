import type { AgentRunTrace } from "@foreman/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "#web/test/render-with-router.tsx";
import { AgentTrace } from "./agent-trace.tsx";
import { formatMs, runFigures, summarizeJson, truncateText } from "./trace-format.ts";

// As the API client hands it over: camelCase keys, the tool's own JSON camelised with the rest.
function run(overrides: Partial<AgentRunTrace> = {}): AgentRunTrace {
  return {
    id: "run-1",
    conversationId: "c1",
    aiEmployeeId: "e1",
    provider: "openai",
    model: "gpt-4.1-mini",
    outcome: "replied",
    steps: [],
    modelCalls: 2,
    promptTokens: 1234,
    completionTokens: 56,
    error: null,
    startedAt: "2026-11-20T10:00:00.000Z",
    finishedAt: "2026-11-20T10:00:01.400Z",
    ...overrides,
  };
}

const steps = (trace: HTMLElement) => within(trace).getAllByTestId("trace-step");

describe("AgentTrace", () => {
  it("sums the run up: outcome, provider and model, model calls, tokens and time", async () => {
    renderWithRouter(<AgentTrace run={run()} />);
    const trace = await screen.findByTestId("agent-trace");
    expect(within(trace).getByTestId("run-outcome")).toHaveTextContent("Replied");
    expect(trace).toHaveTextContent("OpenAI-compatible");
    expect(trace).toHaveTextContent("gpt-4.1-mini");
    expect(trace).toHaveTextContent("2 model calls · 1,234 prompt + 56 completion tokens · 1.4 s");
    expect(within(trace).getByText(/No steps/)).toBeInTheDocument();
  });

  it("shows a tool call: its name, a one-line summary, ok, and the JSON on demand with wire keys", async () => {
    const user = userEvent.setup();
    renderWithRouter(
      <AgentTrace
        run={run({
          steps: [
            {
              kind: "tool_call",
              tool: "upsert_quote",
              arguments: { items: [{ sku: "OAK-1", quantity: 2 }], discountPercent: 5 },
              result: { quoteId: "q-9", totalCents: 19_000 },
              ok: true,
              durationMs: 42,
            },
          ],
        })}
      />,
    );
    const [step] = steps(await screen.findByTestId("agent-trace"));
    expect(step).toHaveAttribute("data-kind", "tool_call");
    expect(within(step!).getByText("upsert_quote")).toBeInTheDocument();
    expect(within(step!).getByText("ok")).toBeInTheDocument();
    expect(step).toHaveTextContent("42 ms");
    expect(step).toHaveTextContent("items: [1 item], discount_percent: 5");
    expect(step).toHaveTextContent('quote_id: "q-9", total_cents: 19000');

    await user.click(within(step!).getByText("Arguments and result"));
    const [args, result] = step!.querySelectorAll("pre");
    expect(args).toBeVisible();
    expect(JSON.parse(args!.textContent!)).toEqual({ items: [{ sku: "OAK-1", quantity: 2 }], discount_percent: 5 });
    expect(JSON.parse(result!.textContent!)).toEqual({ quote_id: "q-9", total_cents: 19_000 });
  });

  it("marks a failed tool call", async () => {
    renderWithRouter(
      <AgentTrace
        run={run({
          steps: [
            {
              kind: "tool_call",
              tool: "send_quote",
              arguments: {},
              result: { error: "There is no open quote to send" },
              ok: false,
              durationMs: 1500,
            },
          ],
        })}
      />,
    );
    const [step] = steps(await screen.findByTestId("agent-trace"));
    expect(within(step!).getByText("failed")).toBeInTheDocument();
    expect(step).toHaveTextContent("no arguments");
    expect(step).toHaveTextContent('error: "There is no open quote to send"');
    expect(step).toHaveTextContent("1.5 s");
  });

  it("shows the skills the run had, the tools they granted and the tools it had not", async () => {
    renderWithRouter(
      <AgentTrace
        run={run({
          steps: [
            {
              kind: "tools",
              skills: ["Product catalog", "Human handoff"],
              tools: ["find_products", "ask_human", "hand_off"],
            },
          ],
        })}
      />,
    );
    const [tools] = steps(await screen.findByTestId("agent-trace"));
    expect(tools).toHaveAttribute("data-kind", "tools");
    expect(tools).toHaveTextContent("Skills: Product catalog, Human handoff");
    expect(within(tools!).getByTestId("trace-tools")).toHaveTextContent("Tools:find_productsask_humanhand_off");
    const withheld = within(tools!).getByTestId("trace-withheld-tools");
    expect(withheld).toHaveTextContent(/^Not granted:/);
    expect(within(withheld).getByText("find_orders")).toHaveAttribute("title", "Look up orders");
    expect(within(withheld).queryByText("find_products")).toBeNull();
  });

  it("says when the employee has no skills", async () => {
    renderWithRouter(<AgentTrace run={run({ steps: [{ kind: "tools", skills: [], tools: ["ask_human"] }] })} />);
    const [tools] = steps(await screen.findByTestId("agent-trace"));
    expect(tools).toHaveTextContent("No skills: it can only ask staff");
  });

  it("shows passages, a wait for staff with a link to the action items, a handoff and an error", async () => {
    renderWithRouter(
      <AgentTrace
        run={run({
          outcome: "waiting",
          error: "Model provider refused",
          steps: [
            {
              kind: "passages",
              passages: [
                { entryId: "k1", title: "Delivery times", text: "We deliver in 3 to 5 working days. ".repeat(20) },
                { entryId: "k2", title: "Returns", text: "30 days." },
              ],
            },
            { kind: "wait", actionItemId: "t1", actionType: "authorize", title: "Approve a 15% discount" },
            { kind: "handoff", to: "support", reason: "Asks about a broken chair" },
            { kind: "error", message: "Model provider refused" },
          ],
        })}
      />,
    );
    const trace = await screen.findByTestId("agent-trace");
    expect(within(trace).getByTestId("run-outcome")).toHaveTextContent("Waiting for staff");
    const [passages, wait, handoff, error] = steps(trace);

    expect(passages).toHaveTextContent("2 knowledge passages");
    expect(within(passages!).getByText("Delivery times")).toBeInTheDocument();
    const long = within(passages!).getByText(/^We deliver in 3 to 5/);
    expect(long.textContent!.length).toBeLessThan(260);
    expect(long.textContent).toMatch(/…$/);

    expect(wait).toHaveTextContent("Waiting for staff: Approve a 15% discount");
    expect(within(wait!).getByRole("link", { name: "Action items" })).toHaveAttribute("href", "/action_items");

    expect(handoff).toHaveTextContent("Handed off to the support department");
    expect(handoff).toHaveTextContent("Asks about a broken chair");

    expect(within(error!).getByTestId("trace-error")).toHaveClass("text-destructive");
    expect(error).toHaveTextContent("Model provider refused");
    // The run's error is that last step: not written twice.
    expect(within(trace).getAllByTestId("trace-error")).toHaveLength(1);
  });

  it("can leave the outcome out where it is shown already", async () => {
    renderWithRouter(<AgentTrace run={run()} showOutcome={false} />);
    await screen.findByTestId("agent-trace");
    expect(screen.queryByTestId("run-outcome")).not.toBeInTheDocument();
  });
});

describe("trace wording", () => {
  it("formats durations, figures, summaries and passages", () => {
    expect(formatMs(420)).toBe("420 ms");
    expect(formatMs(12_400)).toBe("12 s");
    expect(runFigures(run({ modelCalls: 1, promptTokens: 0, completionTokens: 0 }))).toBe("1 model call · 1.4 s");
    expect(summarizeJson({ orderNumber: 1042 })).toBe("order_number: 1042");
    expect(summarizeJson([1, 2, 3])).toBe("[3 items]");
    expect(summarizeJson(null, { empty: "no result" })).toBe("no result");
    expect(summarizeJson({ note: "x".repeat(200) }).length).toBeLessThanOrEqual(90);
    expect(truncateText("short text")).toBe("short text");
  });
});
