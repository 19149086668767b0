import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { makeTask, makeThread, makeThreadSummary } from "#web/test/fixtures/tasks.ts";
import { tasksKeys } from "./api.ts";
import { cachedStatesOf, conversationIdsIn, withLatestTask, writeCachedTask } from "./task-cache.ts";

const one = makeTask({ id: "1", conversation: { ...makeTask().conversation, id: "conv-1" } });
const two = makeTask({ id: "2", conversation: { ...makeTask().conversation, id: "conv-2" } });
const oneDone = { ...one, state: "done" as const, answer: "Yes" };

describe("conversationIdsIn", () => {
  it("reads a page of tasks, loaded pages and a thread", () => {
    expect([...conversationIdsIn({ tasks: [one, two] })]).toEqual(["conv-1", "conv-2"]);
    expect([...conversationIdsIn({ pages: [{ tasks: [one] }, { tasks: [two] }], pageParams: [1, 2] })]).toEqual([
      "conv-1",
      "conv-2",
    ]);
    expect([...conversationIdsIn(makeThread(one))]).toEqual(["conv-1"]);
  });

  it("finds nothing in anything else", () => {
    expect(conversationIdsIn(undefined).size).toBe(0);
    expect(conversationIdsIn([one]).size).toBe(0);
    expect(conversationIdsIn({ tasks: [{ conversation: null }] }).size).toBe(0);
  });
});

describe("cachedStatesOf", () => {
  it("finds a task in every shape, the threads list's summaries included", () => {
    expect(cachedStatesOf({ tasks: [one, two] }, "1")).toEqual(["to_do"]);
    expect(cachedStatesOf({ pages: [{ tasks: [two] }, { tasks: [oneDone] }] }, "1")).toEqual(["done"]);
    expect(cachedStatesOf(makeThread(oneDone), "1")).toEqual(["done"]);
    expect(cachedStatesOf([makeThreadSummary(one)], "1")).toEqual(["to_do"]);
  });

  it("is empty where the task is not", () => {
    expect(cachedStatesOf({ tasks: [two] }, "1")).toEqual([]);
    expect(cachedStatesOf(undefined, "1")).toEqual([]);
  });
});

describe("withLatestTask", () => {
  it("replaces the task in a page and in loaded pages, keeping the rest", () => {
    const page = { tasks: [one, two], total: 2, page: 1, perPage: 25 };
    expect(withLatestTask(page, oneDone)).toEqual({ ...page, tasks: [oneDone, two] });
    const pages = { pages: [page], pageParams: [1] };
    expect(withLatestTask(pages, oneDone)).toEqual({ pages: [{ ...page, tasks: [oneDone, two] }], pageParams: [1] });
  });

  it("replaces a thread's task and a thread summary's fields, keeping what only they have", () => {
    const thread = makeThread(one);
    expect(withLatestTask(thread, oneDone)).toEqual({ ...thread, task: oneDone });
    const summary = makeThreadSummary(one);
    const [next] = withLatestTask([summary], oneDone);
    expect(next).toMatchObject({ id: "1", state: "done", taskCount: summary.taskCount, customer: summary.customer });
  });

  it("returns the very same answer when the task is not in it", () => {
    const page = { tasks: [two], total: 1, page: 1, perPage: 25 };
    expect(withLatestTask(page, oneDone)).toBe(page);
    expect(withLatestTask(undefined, oneDone)).toBeUndefined();
  });
});

describe("writeCachedTask", () => {
  it("writes the task into each cached task query holding it, and only the company's", () => {
    const queryClient = new QueryClient();
    const list = tasksKeys.list("c1", { page: 1 });
    const other = tasksKeys.list("c1", { state: "done" });
    const elsewhere = tasksKeys.list("c2", { page: 1 });
    const thread = tasksKeys.thread("c1", "1");
    queryClient.setQueryData(list, { tasks: [one, two], total: 2, page: 1, perPage: 25 });
    const untouched = { tasks: [two], total: 1, page: 1, perPage: 25 };
    queryClient.setQueryData(other, untouched);
    queryClient.setQueryData(elsewhere, { tasks: [one], total: 1, page: 1, perPage: 25 });
    queryClient.setQueryData(thread, makeThread(one));

    writeCachedTask(queryClient, "c1", oneDone);

    expect(cachedStatesOf(queryClient.getQueryData(list), "1")).toEqual(["done"]);
    expect(cachedStatesOf(queryClient.getQueryData(thread), "1")).toEqual(["done"]);
    expect(queryClient.getQueryData(other)).toBe(untouched);
    expect(cachedStatesOf(queryClient.getQueryData(elsewhere), "1")).toEqual(["to_do"]);
  });
});
