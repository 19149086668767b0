import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-error.ts";
import { isOrderNotFound, orderPdfFilename, ordersPeriodQuery } from "./api.ts";

describe("ordersPeriodQuery", () => {
  it("sends nothing for the default frame, so the server's monthly default applies", () => {
    expect(ordersPeriodQuery({ timeFrame: "monthly" })).toEqual({ relativeDate: undefined });
  });

  it("sends another frame from the address", () => {
    expect(ordersPeriodQuery({ timeFrame: "weekly", state: "sent" })).toEqual({ relativeDate: "weekly" });
  });

  it("sends a custom range only when both bounds are given", () => {
    expect(
      ordersPeriodQuery({ timeFrame: "daily", "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" }),
    ).toEqual({ "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" });
    expect(ordersPeriodQuery({ timeFrame: "monthly", "q[created_at_gteq]": "2026-01-01" })).toEqual({
      relativeDate: undefined,
    });
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
