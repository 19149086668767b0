import type { Task } from "@foreman/contract";
import { QueryClient, type QueryKey, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { makeMessage, makeTask, makeThread, makeThreadSummary } from "#web/test/fixtures/tasks.ts";
import { tasksKeys } from "./api.ts";
import { writeCachedTask } from "./task-cache.ts";
import { addScope, emptyStaleSet, refreshTaskQueries, type StaleScope, staleScope } from "./use-live-task-refresh.ts";

const COMPANY = "c1";
const x = makeTask({ id: "x", conversation: { ...makeTask().conversation, id: "conv-x" } });
const y = makeTask({ id: "y", conversation: { ...makeTask().conversation, id: "conv-y" } });
const page = (...tasks: Task[]) => ({ tasks, total: tasks.length, page: 1, perPage: 25 });
const pages = (...tasks: Task[]) => ({ pages: [page(...tasks)], pageParams: [1] });

const keys = {
  toDo: tasksKeys.actionItems(COMPANY, "to_do"),
  done: tasksKeys.actionItems(COMPANY, "done"),
  table: tasksKeys.list(COMPANY, { page: 1, perPage: 25 }),
  threads: tasksKeys.threads(COMPANY),
  threadX: tasksKeys.thread(COMPANY, "x"),
};
type Name = keyof typeof keys;

const stop: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of stop.splice(0)) unsubscribe();
});

/**
 * A query client holding the given answers. The `onScreen` ones have an observer, as a mounted screen
 * gives them; `fetches` counts how often each is fetched again.
 */
function cacheOf(answers: Partial<Record<Name, unknown>>, onScreen: Name[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetches = Object.fromEntries(Object.keys(keys).map((name) => [name, 0])) as Record<Name, number>;
  for (const [name, data] of Object.entries(answers) as [Name, unknown][]) {
    queryClient.setQueryData(keys[name], data);
  }
  for (const name of onScreen) {
    const observer = new QueryObserver(queryClient, {
      queryKey: keys[name] as QueryKey,
      queryFn: () => {
        fetches[name] += 1;
        return queryClient.getQueryData(keys[name]) ?? null;
      },
    });
    stop.push(observer.subscribe(() => {}));
  }
  const stale = (name: Name) => queryClient.getQueryState(keys[name])?.isInvalidated ?? false;
  return { queryClient, fetches, stale };
}

/** The refresh after a burst of these events. */
function afterEvents(queryClient: QueryClient, scopes: (StaleScope | null)[]) {
  const set = emptyStaleSet();
  for (const scope of scopes) if (scope) addScope(set, scope);
  return refreshTaskQueries(queryClient, COMPANY, set);
}

const updated = (task: Task, state: Task["state"]) => staleScope({ type: "task.updated", taskId: task.id, state });
const created = (task: Task) => staleScope({ type: "task.created", taskId: task.id, state: "to_do" });

describe("staleScope", () => {
  it("names the task of a created or updated event", () => {
    expect(staleScope({ type: "task.created", taskId: "t", state: "to_do" })).toEqual({ created: true });
    expect(staleScope({ type: "task.updated", taskId: "t", state: "done" })).toEqual({ taskId: "t", state: "done" });
  });

  it("refreshes one conversation's queries on a new message, nothing on other events", () => {
    const message = makeMessage();
    expect(staleScope({ type: "message.created", conversationId: "c9", message })).toEqual({ conversationId: "c9" });
    expect(staleScope({ type: "conversation.updated", conversationId: "c9" })).toBeNull();
  });
});

describe("refreshing after task events", () => {
  it("fetches nothing for the echo of a resolution this tab already wrote into the cache", async () => {
    const { queryClient, fetches, stale } = cacheOf(
      { toDo: pages(y), table: page(x, y), threads: [makeThreadSummary(x)], threadX: makeThread(x) },
      ["toDo", "table"],
    );
    // The resolve's answer, written where the task is shown (the to-do list already let it go).
    writeCachedTask(queryClient, COMPANY, { ...x, state: "done" });

    await afterEvents(queryClient, [updated(x, "done")]);

    expect(fetches).toEqual({ toDo: 0, done: 0, table: 0, threads: 0, threadX: 0 });
    expect(["toDo", "table", "threads", "threadX"].filter((name) => stale(name as Name))).toEqual([]);
  });

  it("fetches only the shown queries holding an updated task, once for a burst, and marks the rest stale", async () => {
    const { queryClient, fetches, stale } = cacheOf(
      { toDo: pages(x, y), table: page(y), threads: [makeThreadSummary(x)], threadX: makeThread(x) },
      ["toDo", "table"],
    );

    await afterEvents(queryClient, [updated(x, "done"), updated(y, "to_do"), updated(x, "done")]);

    expect(fetches).toEqual({ toDo: 1, done: 0, table: 0, threads: 0, threadX: 0 });
    expect(stale("table")).toBe(false);
    // Not on screen: fetched when next shown.
    expect(stale("threads")).toBe(true);
    expect(stale("threadX")).toBe(true);
  });

  it("fetches only the shown list a task resolved elsewhere now enters, when no cached query holds it", async () => {
    const { queryClient, fetches, stale } = cacheOf({ toDo: pages(y), done: pages(), table: page(y) }, [
      "toDo",
      "done",
      "table",
    ]);
    await afterEvents(queryClient, [updated(x, "done")]);
    expect(fetches).toEqual({ toDo: 0, done: 1, table: 0, threads: 0, threadX: 0 });
    expect(stale("toDo")).toBe(false);
    expect(stale("table")).toBe(false);
  });

  it("fetches the shown lists once for new tasks, marks the hidden ones stale and leaves threads alone", async () => {
    const { queryClient, fetches, stale } = cacheOf(
      { toDo: pages(x), done: pages(), table: page(x), threads: [makeThreadSummary(x)], threadX: makeThread(x) },
      ["toDo", "threadX"],
    );

    await afterEvents(queryClient, [created(y), created(makeTask({ id: "z" }))]);

    expect(fetches).toEqual({ toDo: 1, done: 0, table: 0, threads: 0, threadX: 0 });
    expect(stale("done")).toBe(true);
    expect(stale("table")).toBe(true);
    expect(stale("threads")).toBe(true);
    expect(stale("threadX")).toBe(false);
  });

  it("fetches the shown queries showing a conversation with a new message", async () => {
    const { queryClient, fetches } = cacheOf({ toDo: pages(x), table: page(y) }, ["toDo", "table"]);
    const message = makeMessage();
    await afterEvents(queryClient, [staleScope({ type: "message.created", conversationId: "conv-y", message })]);
    expect(fetches).toMatchObject({ toDo: 0, table: 1 });
  });

  it("fetches every shown query once after the stream came back", async () => {
    const { queryClient, fetches } = cacheOf({ toDo: pages(x), table: page(y), threadX: makeThread(x) }, [
      "toDo",
      "table",
    ]);
    const set = emptyStaleSet();
    set.all = true;
    await refreshTaskQueries(queryClient, COMPANY, set);
    expect(fetches).toEqual({ toDo: 1, done: 0, table: 1, threads: 0, threadX: 0 });
  });
});
