import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-error.ts";
import { isOrderNotFound, orderPdfFilename, ordersQuery } from "./api.ts";

describe("ordersQuery", () => {
  it("sends no frame for the default one, so the server's monthly default applies", () => {
    expect(ordersQuery({ timeFrame: "monthly" })).toEqual({ page: 1, perPage: 20 });
  });

  it("sends another frame, the state and the page from the address", () => {
    expect(ordersQuery({ timeFrame: "weekly", state: "sent", page: 3 })).toEqual({
      relative_date: "weekly",
      "q[state_eq]": "sent",
      page: 3,
      perPage: 20,
    });
  });

  it("sends a custom range only when both bounds are given", () => {
    expect(
      ordersQuery({ timeFrame: "daily", "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" }),
    ).toMatchObject({ "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" });
    expect(ordersQuery({ timeFrame: "monthly", "q[created_at_gteq]": "2026-01-01" })).toEqual({ page: 1, perPage: 20 });
  });
});

describe("order helpers", () => {
  it("names the PDF after the order's number", () => {
    expect(orderPdfFilename({ number: 1042 })).toBe("order-1042.pdf");
  });

  it("treats only a 404 as a missing order", () => {
    expect(isOrderNotFound(new ApiError(404, { error: "not_found" }))).toBe(true);
    expect(isOrderNotFound(new ApiError(500, { error: "internal" }))).toBe(false);
    expect(isOrderNotFound(new Error("boom"))).toBe(false);
  });
});
