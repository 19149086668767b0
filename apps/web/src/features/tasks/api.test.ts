import { describe, expect, it } from "vitest";
import { makeTask } from "#web/test/fixtures/tasks.ts";
import { readTasksPage } from "./api.ts";

describe("readTasksPage", () => {
  it("keeps the page's tasks and totals", () => {
    const task = makeTask();
    const page = readTasksPage({ tasks: [task], total: 7, page: 2, perPage: 1 }, { page: 2, perPage: 1 });
    expect(page.tasks.map((item) => item.id)).toEqual([task.id]);
    expect(page).toMatchObject({ total: 7, page: 2, perPage: 1 });
  });

  it("turns an unconvertible list into an empty page", () => {
    expect(readTasksPage("<html>oops</html>", { page: 1, perPage: 50 })).toEqual({
      tasks: [],
      total: 0,
      page: 1,
      perPage: 50,
    });
    expect(readTasksPage({ tasks: "nope", total: 3 }, { page: 1, perPage: 50 }).tasks).toEqual([]);
  });

  it("drops items that cannot be acted on and reads the rest leniently", () => {
    const good = makeTask();
    const page = readTasksPage(
      {
        tasks: [
          { id: "no-due", conversation: { id: "c" } },
          { ...good, action_type: undefined },
        ],
        total: 2,
      },
      { page: 1, perPage: 50 },
    );
    expect(page.tasks).toHaveLength(1);
    expect(page.tasks[0]?.id).toBe(good.id);
  });
});
