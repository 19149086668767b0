import { APPROVER_ROLE_REQUIRED } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import {
  makeAuthorization,
  makeTask,
  makeThread,
  makeThreadMessage,
  makeThreadSummary,
} from "#web/test/fixtures/tasks.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { NO_THREADS_TEXT, SEND_FAILED_MESSAGE, THREADS_FAILED_MESSAGE } from "../api.ts";
import { AssistantPage, viewOf } from "./assistant-page.tsx";
import { threadRows } from "./thread-messages.tsx";

const COMPANY = "company-9";
const task = makeTask();
const ASSIST_PATH = "POST /internal/assist/12/thread/345";

const api = signedInLocalApi();

function renderAssistant(search: { thread?: string; panel?: "info" } = {}, canApprove = true) {
  return renderInCompany(<AssistantPage search={search} canApprove={canApprove} />, {
    companyId: COMPANY,
    path: "/assistant",
  });
}

function serveThread() {
  api.routes["GET /app/tasks"] = (_req, res) => sendJson(res, 200, { tasks: [makeThreadSummary(task)], total: 1 });
  api.routes[`GET /app/tasks/${task.id}.json`] = (_req, res) => sendJson(res, 200, makeThread(task));
}

describe("assistant", () => {
  it("gives a member who may not approve no reply box on an authorization thread, and says why", async () => {
    const authorization = makeAuthorization();
    api.routes["GET /app/tasks"] = (_req, res) =>
      sendJson(res, 200, { tasks: [makeThreadSummary(authorization)], total: 1 });
    api.routes[`GET /app/tasks/${authorization.id}.json`] = (_req, res) =>
      sendJson(res, 200, makeThread(authorization));
    renderAssistant({ thread: authorization.id }, false);
    expect(await screen.findByTestId("thread-closed")).toHaveTextContent(APPROVER_ROLE_REQUIRED);
    expect(screen.queryByTestId("assist-input")).not.toBeInTheDocument();
  });

  it("says it is loading, then lists the threads with customer, AI assistant, tags and task count", async () => {
    serveThread();
    renderAssistant();
    expect(await screen.findByRole("status")).toHaveTextContent("Loading assistant...");

    const row = await screen.findByTestId("thread-row");
    expect(row).toHaveAttribute("href", `/assistant?thread=${task.id}`);
    expect(within(row).getByTestId("thread-customer")).toHaveTextContent("Laura Gómez");
    expect(row).toHaveTextContent("Sofía");
    expect(row).toHaveTextContent("delivery");
    expect(within(row).getByTestId("thread-task-count")).toHaveTextContent("1 open task");
    expect(screen.getByText("Choose a thread to read it and reply.")).toBeInTheDocument();
  });

  it("keeps only human-response threads, newest update first", async () => {
    const older = makeThreadSummary(makeTask({ id: "older", updatedAt: "2026-01-01T00:00:00Z" }));
    const newer = makeThreadSummary(makeTask({ id: "newer", updatedAt: "2026-02-01T00:00:00Z" }));
    const other = { ...makeThreadSummary(makeTask({ id: "other" })), type: "Tasks::Other" };
    api.routes["GET /app/tasks"] = (_req, res) => sendJson(res, 200, { tasks: [older, other, newer], total: 3 });
    renderAssistant();
    await screen.findAllByTestId("thread-row");
    expect(screen.getAllByTestId("thread-row").map((row) => row.dataset.threadId)).toEqual(["newer", "older"]);
  });

  it("says when there are no threads", async () => {
    api.routes["GET /app/tasks"] = (_req, res) => sendJson(res, 200, { tasks: [], total: 0 });
    renderAssistant();
    expect(await screen.findByText(NO_THREADS_TEXT)).toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
  });

  it("reports a failed thread load and shows an empty list", async () => {
    api.routes["GET /app/tasks"] = (_req, res) => sendJson(res, 500, { error: "internal_error" });
    renderAssistant();
    expect(await screen.findByText(NO_THREADS_TEXT)).toBeInTheDocument();
    expect(getToasts()).toMatchObject([{ title: THREADS_FAILED_MESSAGE, variant: "destructive" }]);
  });

  it("shows the selected thread's messages and its info panel with the customer role label", async () => {
    serveThread();
    renderAssistant({ thread: task.id });

    const messages = await screen.findAllByTestId("thread-message");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toHaveAttribute("data-author", "ai");
    expect(messages[0]).toHaveTextContent("Sofía");
    const info = screen.getByTestId("thread-info");
    expect(within(info).getByTestId("customer-role")).toHaveTextContent("Customer");
    expect(within(info).getByRole("link", { name: "laura@andes.example" })).toHaveAttribute(
      "href",
      "mailto:laura@andes.example",
    );
    expect(within(info).getByText("Andes Logística")).toBeInTheDocument();
    expect(within(info).getByTestId("thread-question")).toHaveTextContent(task.question);
    expect(within(info).getByTestId("task-conversation-link")).toHaveAttribute(
      "href",
      `/conversations/${task.conversation.id}`,
    );
  });

  it("sends a reply to the assist path with input and task_id, and shows it in the thread", async () => {
    serveThread();
    api.routes[ASSIST_PATH] = (req, res) => {
      const input = (req.body as { input: string }).input;
      sendJson(res, 201, {
        task: { ...task, state: "done", answer: input },
        thread_message: makeThreadMessage({ id: "tm2", authorType: "staff", authorName: "Ana Ruiz", content: input }),
      });
    };
    renderAssistant({ thread: task.id });

    const box = await screen.findByTestId("assist-input");
    await userEvent.type(box, "Yes, Friday morning works.{Enter}");

    await waitFor(() => expect(screen.getAllByTestId("thread-message")).toHaveLength(2));
    const post = api.requests.find((request) => request.method === "POST");
    expect(post?.path).toBe("/internal/assist/12/thread/345");
    expect(post?.body).toEqual({ input: "Yes, Friday morning works.", task_id: task.id });
    expect(screen.getAllByTestId("thread-message")[1]).toHaveAttribute("data-author", "staff");
  });

  it("keeps the text and says so when sending fails", async () => {
    serveThread();
    api.routes[ASSIST_PATH] = (_req, res) => sendJson(res, 500, { error: "internal_error" });
    renderAssistant({ thread: task.id });

    const box = await screen.findByTestId("assist-input");
    await userEvent.type(box, "Yes we can");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));

    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: SEND_FAILED_MESSAGE, variant: "destructive" }));
    expect(screen.getByTestId("assist-input")).toHaveValue("Yes we can");
    expect(screen.getAllByTestId("thread-message")).toHaveLength(1);
  });

  it("closes the send box of a resolved thread", async () => {
    const done = makeTask({
      state: "done",
      resolvedAt: new Date().toISOString(),
      resolvedBy: { id: "u", name: "Ana" },
    });
    api.routes["GET /app/tasks"] = (_req, res) => sendJson(res, 200, { tasks: [makeThreadSummary(done)], total: 1 });
    api.routes[`GET /app/tasks/${done.id}.json`] = (_req, res) => sendJson(res, 200, makeThread(done));
    renderAssistant({ thread: done.id });
    expect(await screen.findByTestId("thread-closed")).toHaveTextContent("Resolved by Ana");
    expect(screen.queryByTestId("assist-input")).not.toBeInTheDocument();
  });
});

describe("viewOf", () => {
  it("is the list without a thread, the thread with one, and its info on request", () => {
    expect(viewOf({})).toBe("list");
    expect(viewOf({ thread: "t" })).toBe("thread");
    expect(viewOf({ thread: "t", panel: "info" })).toBe("info");
  });
});

describe("threadRows", () => {
  it("labels the first message of each day", () => {
    const rows = threadRows(
      [
        makeThreadMessage({ id: "1", createdAt: "2026-11-20T10:00:00Z" }),
        makeThreadMessage({ id: "2", createdAt: "2026-11-20T11:30:00Z" }),
        makeThreadMessage({ id: "3", createdAt: "2026-11-21T09:05:00Z" }),
      ],
      "UTC",
    );
    expect(rows.map((row) => row.day)).toEqual(["November 20, 2026", null, "November 21, 2026"]);
    expect(rows.map((row) => row.time)).toEqual(["10:00 AM", "11:30 AM", "9:05 AM"]);
  });
});
