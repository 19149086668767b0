import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-error.ts";
import { isTicketNotFound, ticketsListSearch, ticketsQuery } from "./api.ts";

describe("the tickets list's query", () => {
  it("asks for the first page of everything, newest first, by default", () => {
    expect(ticketsQuery({})).toEqual({
      status: undefined,
      priority: undefined,
      type: undefined,
      source: undefined,
      responsible: undefined,
      tag: undefined,
      q: undefined,
      sort: undefined,
      page: 1,
      perPage: 25,
    });
  });

  it("sends every filter of the address", () => {
    expect(
      ticketsQuery({
        status: "open",
        priority: "high",
        type: "incident",
        source: "email",
        responsible: "none",
        tag: "refund",
        q: "T-1042",
        sort: "-priority",
        page: 3,
      }),
    ).toMatchObject({ status: "open", responsible: "none", q: "T-1042", sort: "-priority", page: 3, perPage: 25 });
  });

  it("depends on the list's filters only: opening a preview does not refetch it", () => {
    const list = ticketsListSearch({ status: "open", ticket: "t1" });
    expect(list).toEqual({
      status: "open",
      priority: undefined,
      type: undefined,
      source: undefined,
      responsible: undefined,
      tag: undefined,
      q: undefined,
      sort: undefined,
      page: undefined,
    });
  });
});

describe("a missing ticket", () => {
  it("is a 404 only", () => {
    expect(isTicketNotFound(new ApiError(404, { error: "not_found" }))).toBe(true);
    expect(isTicketNotFound(new ApiError(500, { error: "internal" }))).toBe(false);
  });
});
