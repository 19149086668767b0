import { describe, expect, it } from "vitest";
import { TICKET_SORTS, TICKET_UNASSIGNED } from "./schemas.ts";
import { parseSupportSearch, SUPPORT_SORTS, SUPPORT_UNASSIGNED } from "./search.ts";

const UUID = "0b6f4a3e-7a55-4c1e-9d55-2f1f1c9a2b10";

describe("parseSupportSearch", () => {
  it("reads every filter, the sort, the page and the open ticket", () => {
    expect(
      parseSupportSearch({
        status: "open",
        priority: "high",
        type: "incident",
        source: "whatsapp",
        responsible: UUID,
        tag: "Damaged",
        q: "  T-1042 ",
        sort: "-priority",
        page: 3,
        ticket: UUID.toUpperCase(),
      }),
    ).toEqual({
      status: "open",
      priority: "high",
      type: "incident",
      source: "whatsapp",
      responsible: UUID,
      tag: "damaged",
      q: "T-1042",
      sort: "-priority",
      page: 3,
      ticket: UUID,
    });
  });

  it("leaves the defaults out: all tickets, newest first, the first page", () => {
    expect(parseSupportSearch({})).toEqual({});
    expect(parseSupportSearch({ sort: "-created_at", page: 1 })).toEqual({});
    expect(parseSupportSearch({ status: "all" })).toEqual({});
  });

  it("leaves the department's period to its own parser", () => {
    expect(parseSupportSearch({ timeFrame: "weekly", "q[created_at_gteq]": "2026-11-01", status: "open" })).toEqual({
      status: "open",
    });
  });

  it("keeps the unassigned filter and drops a responsible that is not an id", () => {
    expect(parseSupportSearch({ responsible: "none" }).responsible).toBe("none");
    expect(parseSupportSearch({ responsible: "ana" }).responsible).toBeUndefined();
  });

  it("drops unknown values rather than failing the page", () => {
    const parsed = parseSupportSearch({
      status: "pending",
      priority: "urgent",
      type: 3,
      source: "fax",
      sort: "name",
      page: "abc",
      ticket: "not-an-id",
      q: "   ",
      tag: {},
    });
    expect(parsed).toEqual({});
    // Named as undefined, so the router drops the raw values.
    for (const key of ["status", "priority", "type", "source", "sort", "page", "ticket", "q", "tag"])
      expect(Object.hasOwn(parsed, key)).toBe(true);
  });

  it("cuts a long search and tag to the API's limits", () => {
    const parsed = parseSupportSearch({ q: "x".repeat(300), tag: "y".repeat(300) });
    expect(parsed.q).toHaveLength(100);
    expect(parsed.tag).toHaveLength(40);
  });

  it("sorts and filters only as the API can", () => {
    for (const sort of SUPPORT_SORTS) expect(TICKET_SORTS).toContain(sort);
    expect(SUPPORT_UNASSIGNED).toBe(TICKET_UNASSIGNED);
  });
});
