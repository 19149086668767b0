import type { AgentRunTrace, Message } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR, NETWORK_ERROR_STATUS } from "#web/lib/api-error.ts";
import { CompanyIdProvider } from "#web/lib/company-id.tsx";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderWithRouter } from "#web/test/render-with-router.tsx";
import type { PlaygroundAnswer } from "../api.ts";
import { PlaygroundSheet } from "./playground-sheet.tsx";

const sendPlaygroundMessage = vi.hoisted(() => vi.fn());
vi.mock("../api.ts", () => ({ sendPlaygroundMessage }));

const EMPLOYEE = { id: "6f1c2b0e-8d4a-4c1e-9b7a-2f3d4e5a6b7c", name: "Sofía Reyes", avatarUrl: null };
const SESSION = "0b6c3f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";

function message(overrides: Partial<Message>): Message {
  return {
    id: "m1",
    conversationId: SESSION,
    senderType: "customer",
    senderName: "Ana Ruiz (test)",
    avatarUrl: null,
    content: "",
    attachments: [],
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

function answer(question: string, reply: string, n: number): PlaygroundAnswer {
  const run: AgentRunTrace = {
    id: `run-${n}`,
    conversationId: SESSION,
    aiEmployeeId: EMPLOYEE.id,
    provider: "builtin",
    model: "builtin-1",
    outcome: "replied",
    steps: [
      {
        kind: "tool_call",
        tool: "find_products",
        arguments: { query: "oak chair" },
        result: { products: [{ sku: "OAK-1" }] },
        ok: true,
        durationMs: 12,
      },
    ],
    modelCalls: 1,
    promptTokens: 0,
    completionTokens: 0,
    error: null,
    startedAt: "2026-11-20T10:00:00.000Z",
    finishedAt: "2026-11-20T10:00:00.300Z",
  };
  return {
    sessionId: SESSION,
    message: message({ id: `q${n}`, content: question }),
    reply: message({ id: `r${n}`, senderType: "ai", senderName: EMPLOYEE.name, content: reply, agentRunId: run.id }),
    run,
    pending: null,
  };
}

function Harness() {
  const [open, setOpen] = useState(true);
  return <PlaygroundSheet employee={EMPLOYEE} open={open} onOpenChange={setOpen} />;
}

async function renderSheet() {
  renderWithRouter(
    <CompanyIdProvider companyId="company-9">
      <Harness />
    </CompanyIdProvider>,
  );
  const sheet = await screen.findByRole("dialog", { name: "Try Sofía Reyes" }, overlayKitWait);
  return { sheet, box: within(sheet).getByRole("textbox", { name: "Test message" }) };
}

beforeEach(() => {
  sendPlaygroundMessage.mockReset();
});

describe("PlaygroundSheet", () => {
  it("says it is a test conversation, left out of the metrics, with its quotes and action items marked", async () => {
    const { sheet } = await renderSheet();
    const description = within(sheet).getByText(/This is a test conversation/);
    expect(description).toHaveTextContent("left out of every list and metric");
    expect(description).toHaveTextContent("quotes and action items it creates are marked as tests");
    expect(sheet).toHaveAttribute("aria-describedby", description.id);
  });

  it("sends with Enter, shows Thinking… then the reply with its trace, and keeps the session", async () => {
    const user = userEvent.setup();
    let finish!: (value: PlaygroundAnswer) => void;
    sendPlaygroundMessage.mockImplementationOnce(
      () =>
        new Promise<PlaygroundAnswer>((resolve) => {
          finish = resolve;
        }),
    );
    const { sheet, box } = await renderSheet();

    await user.type(box, "Do you have oak chairs?{Enter}");
    expect(sendPlaygroundMessage).toHaveBeenCalledWith("company-9", EMPLOYEE.id, {
      content: "Do you have oak chairs?",
      sessionId: undefined,
    });
    expect(within(sheet).getByTestId("playground-thinking")).toHaveTextContent("Thinking…");
    expect(box).toBeDisabled();
    expect(within(sheet).getByRole("button", { name: "Send" })).toBeDisabled();

    finish(answer("Do you have oak chairs?", "Yes, the OAK-1 at $95.", 1));
    expect(await within(sheet).findByText("Yes, the OAK-1 at $95.")).toBeInTheDocument();
    expect(within(sheet).queryByTestId("playground-thinking")).not.toBeInTheDocument();
    expect(box).toHaveValue("");
    const sides = within(sheet)
      .getAllByTestId("playground-message")
      .map((row) => row.dataset.side);
    expect(sides).toEqual(["staff", "ai"]);
    expect(within(sheet).getAllByTestId("playground-message")[1]).toHaveTextContent("Sofía Reyes");

    // The trace, folded under the reply.
    expect(within(sheet).getByTestId("run-outcome")).toHaveTextContent("Replied");
    expect(within(sheet).queryByTestId("agent-trace")).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole("button", { name: "Trace" }));
    const trace = within(sheet).getByTestId("agent-trace");
    expect(trace).toHaveTextContent("find_products");
    expect(trace).toHaveTextContent('query: "oak chair"');
    expect(trace).toHaveTextContent("Built-in engine");

    // The second message goes on in the same session; Shift+Enter is a new line.
    sendPlaygroundMessage.mockResolvedValueOnce(answer("And in walnut?\nTwo of them.", "Walnut is $110.", 2));
    await user.type(box, "And in walnut?{Shift>}{Enter}{/Shift}Two of them.");
    await user.click(within(sheet).getByRole("button", { name: "Send" }));
    expect(await within(sheet).findByText("Walnut is $110.")).toBeInTheDocument();
    expect(sendPlaygroundMessage).toHaveBeenLastCalledWith("company-9", EMPLOYEE.id, {
      content: "And in walnut?\nTwo of them.",
      sessionId: SESSION,
    });

    // A new session clears the chat and starts without the id.
    await user.click(within(sheet).getByRole("button", { name: "New session" }));
    expect(within(sheet).queryAllByTestId("playground-message")).toHaveLength(0);
    sendPlaygroundMessage.mockResolvedValueOnce(answer("Hello", "Hi!", 3));
    await user.type(box, "Hello{Enter}");
    await within(sheet).findByText("Hi!");
    expect(sendPlaygroundMessage).toHaveBeenLastCalledWith("company-9", EMPLOYEE.id, {
      content: "Hello",
      sessionId: undefined,
    });
  });

  it("keeps the typed text and says why when the message was not sent", async () => {
    const user = userEvent.setup();
    sendPlaygroundMessage.mockRejectedValueOnce(
      new ApiError(NETWORK_ERROR_STATUS, {
        error: NETWORK_ERROR,
        errorDescription: "The server could not be reached.",
      }),
    );
    const { sheet, box } = await renderSheet();
    await user.type(box, "Is anyone there?{Enter}");
    expect(await within(sheet).findByRole("alert")).toHaveTextContent(
      "Your message was not sent: We couldn't reach the server.",
    );
    expect(box).toHaveValue("Is anyone there?");
    expect(box).toBeEnabled();
    expect(within(sheet).queryAllByTestId("playground-message")).toHaveLength(0);

    sendPlaygroundMessage.mockRejectedValueOnce(
      new ApiError(400, { error: "validation_failed", errorDescription: "Message must be at most 4000 characters" }),
    );
    await user.click(within(sheet).getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(within(sheet).getByRole("alert")).toHaveTextContent("Message must be at most 4000 characters"),
    );
    expect(box).toHaveValue("Is anyone there?");
  });

  it("shows a reply still pending after the wait, with the provider's error", async () => {
    const user = userEvent.setup();
    sendPlaygroundMessage.mockResolvedValueOnce({
      ...answer("Hello", "", 1),
      reply: null,
      run: null,
      pending: {
        messageId: "q1",
        state: "queued",
        attempts: 1,
        lastError: "The model provider did not answer within 30 s",
        nextAttemptAt: null,
      },
    } satisfies PlaygroundAnswer);
    const { sheet, box } = await renderSheet();
    await user.type(box, "Hello{Enter}");
    const pending = await within(sheet).findByTestId("playground-pending");
    expect(pending).toHaveTextContent("The reply is still pending.");
    expect(pending).toHaveTextContent("The model provider did not answer within 30 s — will retry.");
    expect(within(sheet).queryByRole("button", { name: "Trace" })).not.toBeInTheDocument();
  });
});
