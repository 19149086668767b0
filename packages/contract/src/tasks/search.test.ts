import { describe, expect, it } from "vitest";
import { parseActionItemsSearch, parseAssistantSearch, parseTasksSearch } from "./search.ts";

describe("parseActionItemsSearch", () => {
  it("is the to-do list unless the state is done", () => {
    expect(parseActionItemsSearch({})).toEqual({ state: undefined });
    expect(parseActionItemsSearch({ state: "to_do" })).toEqual({ state: undefined });
    expect(parseActionItemsSearch({ state: "whatever" })).toEqual({ state: undefined });
    expect(parseActionItemsSearch({ state: { done: true } })).toEqual({ state: undefined });
  });

  it("reads done in any case", () => {
    expect(parseActionItemsSearch({ state: "done" })).toEqual({ state: "done" });
    expect(parseActionItemsSearch({ state: " DONE " })).toEqual({ state: "done" });
  });
});

describe("parseTasksSearch", () => {
  it("keeps a known state and drops an unknown one", () => {
    expect(parseTasksSearch({ state: "to_do" }).state).toBe("to_do");
    expect(parseTasksSearch({ state: "Done" }).state).toBe("done");
    expect(parseTasksSearch({ state: "open" }).state).toBeUndefined();
    expect(parseTasksSearch({ state: 3 }).state).toBeUndefined();
  });

  it("keeps pages from 2 up and leaves the first (or an invalid one) out", () => {
    expect(parseTasksSearch({ page: 2 }).page).toBe(2);
    expect(parseTasksSearch({ page: "7" }).page).toBe(7);
    expect(parseTasksSearch({ page: 1 }).page).toBeUndefined();
    expect(parseTasksSearch({ page: "0" }).page).toBeUndefined();
    expect(parseTasksSearch({ page: "2.5" }).page).toBeUndefined();
  });

  it("names every key, so the router drops raw values it replaced", () => {
    const parsed = parseTasksSearch({ state: {}, page: "x" });
    expect(Object.keys(parsed).sort()).toEqual(["aiEmployeeId", "page", "state"]);
  });

  it("keeps an AI employee's id only when it is a UUID", () => {
    const id = "7D1B3A54-2C1E-4C8E-9D3F-3C2B1A0F9E8D";
    expect(parseTasksSearch({ aiEmployeeId: id }).aiEmployeeId).toBe(id.toLowerCase());
    expect(parseTasksSearch({ aiEmployeeId: "nora" }).aiEmployeeId).toBeUndefined();
  });
});

describe("parseAssistantSearch", () => {
  const id = "0b6f6c9e-2a41-4c1b-9d4e-7f2f1f0c2a11";

  it("keeps a task id", () => {
    expect(parseAssistantSearch({ thread: id })).toEqual({ thread: id, panel: undefined });
  });

  it("drops ids with spaces, slashes or absurd lengths", () => {
    expect(parseAssistantSearch({ thread: "a b" }).thread).toBeUndefined();
    expect(parseAssistantSearch({ thread: "../x" }).thread).toBeUndefined();
    expect(parseAssistantSearch({ thread: "x".repeat(65) }).thread).toBeUndefined();
    expect(parseAssistantSearch({ thread: "" }).thread).toBeUndefined();
  });

  it("opens the info panel only for a thread", () => {
    expect(parseAssistantSearch({ thread: id, panel: "info" }).panel).toBe("info");
    expect(parseAssistantSearch({ panel: "info" }).panel).toBeUndefined();
    expect(parseAssistantSearch({ thread: id, panel: "other" }).panel).toBeUndefined();
  });
});
