import { APPROVER_ROLE_REQUIRED, type Task } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { makeAuthorization, makeMessage, makeTask } from "#web/test/fixtures/tasks.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { CONFLICT_TITLE } from "../use-resolve-action-item.ts";
import { ActionItemsPage, EMPTY_TO_DO_TITLE } from "./action-items-page.tsx";

const COMPANY = "company-9";
const TASKS_PATH = "GET /app/tasks.json";

const api = signedInLocalApi();

/** Serves `tasks` as the to-do list; a resolved task leaves it, as on the server. */
function serveToDo(tasks: Task[]) {
  let open = [...tasks];
  api.routes[TASKS_PATH] = (_req, res) =>
    sendJson(res, 200, { tasks: open, total: open.length, page: 1, per_page: 100 });
  return {
    resolve: (id: string) => {
      open = open.filter((task) => task.id !== id);
    },
  };
}

function renderPage(state: "to_do" | "done" = "to_do", canApprove = true) {
  return renderInCompany(<ActionItemsPage state={state} canApprove={canApprove} />, {
    companyId: COMPANY,
    path: state === "done" ? "/action_items?state=done" : "/action_items",
  });
}

/** How often the to-do list was fetched. */
const listFetches = () =>
  api.requests.filter((request) => request.method === "GET" && request.path.startsWith("/app/tasks.json")).length;
const items = () => screen.queryAllByTestId("action-item");
const item = (title: string) => screen.getByRole("article", { name: title });

describe("action items", () => {
  it("lists the to-do items with their type, record, people, countdown and recent messages", async () => {
    const question = makeTask();
    const authorization = makeAuthorization();
    serveToDo([question, authorization]);
    renderPage();

    const card = await screen.findByRole("article", { name: question.title });
    expect(api.requests[0]?.path).toContain("state=to_do");
    expect(api.requests[0]?.headers["x-company-id"]).toBe(COMPANY);
    expect(within(card).getByTestId("action-type")).toHaveTextContent("Question");
    expect(within(card).getByTestId("task-conversation-link")).toHaveAttribute(
      "href",
      `/conversations/${question.conversation.id}`,
    );
    expect(within(card).getByTestId("action-item-customer")).toHaveTextContent("Laura Gómez");
    expect(within(card).getByText("Sofía")).toBeInTheDocument();
    expect(within(card).getByTestId("time-left")).toHaveTextContent(/^[45]h \d\dm left/);
    expect(within(card).getByTestId("time-left")).not.toHaveAttribute("data-urgent");

    const auth = item(authorization.title);
    expect(within(auth).getByTestId("action-type")).toHaveTextContent("Authorization");
    expect(within(auth).getByTestId("task-quote-link")).toHaveAttribute("href", "/orders/q-1042");
    expect(within(auth).getByTestId("task-quote-link")).toHaveTextContent("Quote #1042");
    expect(within(auth).getByRole("button", { name: "Authorize" })).toBeEnabled();
    expect(within(auth).getByRole("button", { name: "Leave pending" })).toBeEnabled();
    expect(screen.getByTestId("to-do-count")).toHaveTextContent("2");

    // The conversation's last messages are folded away until asked for.
    expect(within(card).queryByTestId("recent-messages")).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Show recent messages (1)" }));
    expect(within(card).getByTestId("recent-messages")).toHaveTextContent("Can you do better on the price?");
  });

  it("shows the empty state when nothing is to do", async () => {
    serveToDo([]);
    renderPage();
    expect(await screen.findByText(EMPTY_TO_DO_TITLE)).toBeInTheDocument();
  });

  it("lists the most urgent first, marks the last hour red and disables expired items", async () => {
    const urgent = makeTask({
      id: "urgent",
      title: "Urgent one",
      dueAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    const expired = makeTask({
      id: "expired",
      title: "Expired one",
      dueAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const later = makeTask({ id: "later", title: "Later one" });
    serveToDo([expired, later, urgent]);
    renderPage();

    await screen.findByRole("article", { name: "Urgent one" });
    expect(items().map((element) => element.dataset.taskId)).toEqual(["urgent", "later", "expired"]);
    expect(within(item("Urgent one")).getByTestId("time-left")).toHaveAttribute("data-urgent", "true");
    const gone = item("Expired one");
    expect(within(gone).getByTestId("time-left")).toHaveTextContent("Expired");
    expect(within(gone).getByRole("button", { name: "Answer" })).toBeDisabled();
    expect(within(gone).getByRole("textbox")).toBeDisabled();
  });

  it("needs an answer to a question, then sends it with Ctrl+Enter and drops the item", async () => {
    const question = makeTask();
    const server = serveToDo([question]);
    api.routes[`POST /app/tasks/${question.id}/resolution.json`] = (_req, res) => {
      server.resolve(question.id);
      sendJson(res, 200, { ...question, state: "done" });
    };
    renderPage();

    const card = await screen.findByRole("article", { name: question.title });
    await userEvent.click(within(card).getByRole("button", { name: "Answer" }));
    expect(within(card).getByRole("alert")).toHaveTextContent("Write an answer before sending it.");
    expect(within(card).getByRole("textbox")).toHaveFocus();
    expect(api.requests.filter((request) => request.method === "POST")).toHaveLength(0);

    await userEvent.type(within(card).getByRole("textbox"), "Yes, Friday morning works.");
    await userEvent.keyboard("{Control>}{Enter}{/Control}");

    await waitFor(() => expect(items()).toHaveLength(0));
    const post = api.requests.find((request) => request.method === "POST");
    expect(post?.body).toEqual({ answer: "Yes, Friday morning works." });
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Answer sent", variant: "success" }));
    expect(await screen.findByText(EMPTY_TO_DO_TITLE)).toBeInTheDocument();
    // The answered task is written into the cache: the list is not fetched again.
    expect(listFetches()).toBe(1);
  });

  it("authorizes with an optional note and leaves pending without one", async () => {
    const authorization = makeAuthorization();
    const other = makeAuthorization({ id: "other", title: "Free shipping on Quote #1043" });
    const server = serveToDo([authorization, other]);
    for (const task of [authorization, other]) {
      api.routes[`POST /app/tasks/${task.id}/resolution.json`] = (_req, res) => {
        server.resolve(task.id);
        sendJson(res, 200, { ...task, state: "done" });
      };
    }
    renderPage();

    const card = await screen.findByRole("article", { name: authorization.title });
    await userEvent.type(within(card).getByRole("textbox"), "Repeat customer");
    await userEvent.click(within(card).getByRole("button", { name: "Authorize" }));
    await waitFor(() => expect(items()).toHaveLength(1));
    // Focus moves on to the next item rather than being lost with the sent one.
    expect(screen.getByRole("heading", { name: other.title })).toHaveFocus();

    await userEvent.click(within(item(other.title)).getByRole("button", { name: "Leave pending" }));
    await waitFor(() => expect(items()).toHaveLength(0));
    const bodies = api.requests.filter((request) => request.method === "POST").map((request) => request.body);
    expect(bodies).toEqual([{ decision: "authorized", answer: "Repeat customer" }, { decision: "left_pending" }]);
    expect(listFetches()).toBe(1);
  });

  it("puts the item back with the server's reason on a 409, keeping the typed answer", async () => {
    const question = makeTask();
    serveToDo([question]);
    api.routes[`POST /app/tasks/${question.id}/resolution.json`] = (_req, res) =>
      sendJson(res, 409, { error: "conflict", error_description: "This action item has already been resolved" });
    renderPage();

    const card = await screen.findByRole("article", { name: question.title });
    await userEvent.type(within(card).getByRole("textbox"), "Yes we can");
    await userEvent.click(within(card).getByRole("button", { name: "Answer" }));

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: CONFLICT_TITLE,
        description: "This action item has already been resolved",
        variant: "destructive",
      }),
    );
    const back = await screen.findByRole("article", { name: question.title });
    expect(within(back).getByRole("textbox")).toHaveValue("Yes we can");
    // The list was fetched again after the refusal.
    await waitFor(() =>
      expect(api.requests.filter((request) => request.method === "GET").length).toBeGreaterThanOrEqual(2),
    );
  });

  it("does not offer Authorize to a member who may not approve, and says why; questions stay open", async () => {
    const authorization = makeAuthorization();
    const question = makeTask({ id: "q-open", title: "Saturday delivery?" });
    serveToDo([authorization, question]);
    renderPage("to_do", false);

    const card = await screen.findByRole("article", { name: authorization.title });
    expect(within(card).getByRole("button", { name: "Authorize" })).toBeDisabled();
    expect(within(card).getByRole("button", { name: "Leave pending" })).toBeDisabled();
    expect(within(card).getByRole("textbox")).toBeDisabled();
    expect(within(card).getByTestId("approver-required")).toHaveTextContent(APPROVER_ROLE_REQUIRED);
    const open = screen.getByRole("article", { name: question.title });
    expect(within(open).getByRole("button", { name: "Answer" })).toBeEnabled();
  });

  it("shows staff why an authorization was not applied: the quote changed since it was raised", async () => {
    const reason = "Q-1042 changed after this was raised (total $12,400.00 → $124,000.00); nothing was confirmed.";
    const done = makeAuthorization({
      state: "done",
      decision: "authorized",
      outcome: "changed_since_raised",
      outcomeReason: reason,
      resolvedAt: new Date(Date.now() - 60_000).toISOString(),
      resolvedBy: { id: "u1", name: "Ana Ruiz" },
    });
    api.routes[TASKS_PATH] = (req, res) =>
      sendJson(res, 200, req.path.includes("state=done") ? { tasks: [done], total: 1 } : { tasks: [], total: 0 });
    renderPage("done");

    const card = await screen.findByRole("article", { name: done.title });
    expect(within(card).getByTestId("resolution-outcome")).toHaveTextContent(`Changed since it was raised: ${reason}`);
  });

  it("shows what was decided on the Done tab, without an answer box", async () => {
    const done = makeAuthorization({
      state: "done",
      decision: "authorized",
      answer: "Repeat customer",
      resolvedAt: new Date(Date.now() - 60_000).toISOString(),
      resolvedBy: { id: "u1", name: "Ana Ruiz" },
      conversation: { ...makeAuthorization().conversation, messages: [makeMessage()] },
    });
    api.routes[TASKS_PATH] = (req, res) =>
      sendJson(res, 200, req.path.includes("state=done") ? { tasks: [done], total: 1 } : { tasks: [], total: 0 });
    renderPage("done");

    const card = await screen.findByRole("article", { name: done.title });
    expect(within(card).getByTestId("resolution")).toHaveTextContent("Authorized");
    expect(within(card).getByTestId("resolution")).toHaveTextContent("by Ana Ruiz");
    expect(within(card).getByTestId("resolution")).toHaveTextContent("Repeat customer");
    expect(within(card).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(card).queryByTestId("time-left")).not.toBeInTheDocument();
    // Only the Done tab is the current one.
    const tabs = screen.getByRole("navigation", { name: "Action item lists" });
    expect(within(tabs).getByRole("link", { name: "Done" })).toHaveAttribute("aria-current", "page");
    expect(within(tabs).getByRole("link", { name: /^To do/ })).not.toHaveAttribute("aria-current");
  });
});
