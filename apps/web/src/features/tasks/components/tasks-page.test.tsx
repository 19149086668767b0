import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeAuthorization, makeTask } from "#web/test/fixtures/tasks.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { TasksPage } from "./tasks-page.tsx";

const api = signedInLocalApi();

function renderTasks(search = {}) {
  return renderInCompany(<TasksPage search={search} />, { companyId: "company-9", path: "/tasks" });
}

describe("tasks", () => {
  it("shows each task's title, type, due date and state, linked to where it is acted on", async () => {
    const open = makeTask();
    const done = makeAuthorization({ state: "done", decision: "authorized" });
    api.routes["GET /app/tasks.json"] = (_req, res) =>
      sendJson(res, 200, { tasks: [open, done], total: 2, page: 1, per_page: 25 });
    renderTasks();

    const rows = await screen.findAllByTestId("task-row");
    expect(api.requests[0]?.path).toBe("/app/tasks.json?page=1&per_page=25");
    expect(screen.getByTestId("tasks-total")).toHaveTextContent("2");

    const [first, second] = rows;
    expect(within(first!).getByTestId("task-link")).toHaveTextContent(open.title);
    expect(within(first!).getByTestId("task-link")).toHaveAttribute("href", `/action_items#action-item-${open.id}`);
    expect(within(first!).getByTestId("action-type")).toHaveTextContent("Question");
    expect(within(first!).getByTestId("task-due")).toHaveTextContent(/^in [45] hours/);
    expect(within(first!).getByTestId("task-state")).toHaveTextContent("To do");

    expect(within(second!).getByTestId("task-link")).toHaveAttribute("href", `/assistant?thread=${done.id}`);
    expect(within(second!).getByTestId("action-type")).toHaveTextContent("Authorization");
    expect(within(second!).getByTestId("task-state")).toHaveTextContent("Done");
  });

  it("asks for one state and page from the address", async () => {
    api.routes["GET /app/tasks.json"] = (_req, res) => sendJson(res, 200, { tasks: [], total: 0 });
    renderTasks({ state: "done", page: 3 });
    expect(await screen.findByText("No tasks")).toBeInTheDocument();
    expect(api.requests[0]?.path).toBe("/app/tasks.json?state=done&page=3&per_page=25");
  });
});
