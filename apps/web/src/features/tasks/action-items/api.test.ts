import { describe, expect, it } from "vitest";
import { makeAuthorization, makeTask } from "#web/test/fixtures/tasks.ts";
import type { TasksPage } from "../api.ts";
import { type ActionItemsData, loadedTasks, orderToDo, withoutTask, withTask } from "./api.ts";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-11-21T12:00:00Z");
const due = (ms: number) => new Date(NOW + ms).toISOString();

const a = makeTask({ id: "a" });
const b = makeAuthorization({ id: "b" });
const c = makeTask({ id: "c" });

function data(...pages: string[][]): ActionItemsData {
  const all = { a, b, c } as const;
  const total = pages.flat().length;
  return {
    pageParams: pages.map((_, index) => index + 1),
    pages: pages.map(
      (ids, index): TasksPage => ({
        tasks: ids.map((id) => all[id as keyof typeof all]),
        total,
        page: index + 1,
        perPage: 2,
      }),
    ),
  };
}

const ids = (value: ActionItemsData | undefined) => loadedTasks(value?.pages ?? []).map((task) => task.id);

describe("withoutTask / withTask", () => {
  it("takes a task out of its page, lowers the totals and remembers where it was", () => {
    const { data: next, position } = withoutTask(data(["a", "b"], ["c"]), "b");
    expect(ids(next)).toEqual(["a", "c"]);
    expect(next?.pages.map((page) => page.total)).toEqual([2, 2]);
    expect(position).toEqual({ page: 0, index: 1 });
  });

  it("leaves the pages alone when the task is not there", () => {
    const before = data(["a"]);
    expect(withoutTask(before, "zzz")).toEqual({ data: before, position: null });
    expect(withoutTask(undefined, "a")).toEqual({ data: undefined, position: null });
  });

  it("puts a task back where it was", () => {
    const { data: without, position } = withoutTask(data(["a", "b"], ["c"]), "b");
    const back = withTask(without, b, position);
    expect(ids(back)).toEqual(["a", "b", "c"]);
    expect(back?.pages.map((page) => page.total)).toEqual([3, 3]);
  });

  it("puts it at the top when its page is gone, and never twice", () => {
    expect(ids(withTask(data(["a"]), b, { page: 4, index: 0 }))).toEqual(["b", "a"]);
    expect(ids(withTask(data(["a", "b"]), b, null))).toEqual(["a", "b"]);
  });
});

describe("orderToDo", () => {
  it("puts the most urgent first and the expired ones last, newest expired first", () => {
    const tasks = [
      makeTask({ id: "later", dueAt: due(10 * HOUR) }),
      makeTask({ id: "expired-old", dueAt: due(-5 * HOUR) }),
      makeTask({ id: "soon", dueAt: due(HOUR / 2) }),
      makeTask({ id: "expired-new", dueAt: due(-HOUR) }),
    ];
    expect(orderToDo(tasks, NOW).map((task) => task.id)).toEqual(["soon", "later", "expired-new", "expired-old"]);
  });
});
