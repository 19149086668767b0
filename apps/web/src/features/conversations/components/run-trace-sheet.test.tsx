import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { RunTraceSheet } from "./run-trace-sheet.tsx";

const api = signedInLocalApi();
const CONVERSATION = "c0ffee00-0000-4000-8000-000000000001";

// As the server sends it: snake_case.
const RUN = {
  id: "run-7",
  conversation_id: CONVERSATION,
  ai_employee_id: "e1",
  provider: "openai",
  model: "gpt-4.1-mini",
  outcome: "handed_off",
  steps: [
    { kind: "passages", passages: [{ entry_id: "k1", title: "Warranty", text: "Two years on every chair." }] },
    {
      kind: "tool_call",
      tool: "hand_off",
      arguments: { to: "support", reason: "Broken leg" },
      result: { ok: true },
      ok: true,
      duration_ms: 8,
    },
    { kind: "handoff", to: "support", reason: "Broken leg" },
  ],
  model_calls: 2,
  prompt_tokens: 900,
  completion_tokens: 40,
  error: null,
  started_at: "2026-11-20T10:00:00.000Z",
  finished_at: "2026-11-20T10:00:02.000Z",
};

function renderSheet(runId: string) {
  renderInCompany(<RunTraceSheet conversationId={CONVERSATION} runId={runId} open onOpenChange={() => {}} />, {
    companyId: "company-9",
  });
}

describe("RunTraceSheet", () => {
  it("loads the conversation's runs and shows the one asked for", async () => {
    api.routes[`GET /app/conversations/${CONVERSATION}/agent_runs.json`] = (_req, res) =>
      sendJson(res, 200, { runs: [{ ...RUN, id: "run-6", outcome: "replied", steps: [] }, RUN], pending: [] });
    renderSheet("run-7");
    const sheet = await screen.findByRole("dialog", { name: "Trace of the AI reply" }, overlayKitWait);
    const trace = await within(sheet).findByTestId("agent-trace");
    expect(within(trace).getByTestId("run-outcome")).toHaveTextContent("Handed off");
    expect(trace).toHaveTextContent("2 model calls · 900 prompt + 40 completion tokens · 2.0 s");
    expect(trace).toHaveTextContent("Warranty");
    expect(trace).toHaveTextContent("hand_off");
    expect(trace).toHaveTextContent("Handed off to the support department");
    expect(api.requests.map((request) => request.path)).toEqual([`/app/conversations/${CONVERSATION}/agent_runs.json`]);
    expect(api.requests[0]!.headers["x-company-id"]).toBe("company-9");
  });

  it("says so when the run is not among the conversation's", async () => {
    api.routes[`GET /app/conversations/${CONVERSATION}/agent_runs.json`] = (_req, res) =>
      sendJson(res, 200, { runs: [], pending: [] });
    renderSheet("run-404");
    const sheet = await screen.findByRole("dialog", undefined, overlayKitWait);
    expect(await within(sheet).findByText("The trace of this reply is not available.")).toBeInTheDocument();
  });
});
