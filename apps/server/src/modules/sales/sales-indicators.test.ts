import { camelizeKeys, salesIndicatorsSchema } from "@foreman/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, issueTokenFor } from "#server/test/fixtures.ts";
import {
  customRange,
  expectedIndicators,
  isoDay,
  relativeRange,
  type SeededSales,
  seededSalesApp,
} from "#server/test/sales-setup.ts";

describe("GET /app/companies/{companyId}/sales_indicators.json", () => {
  let s: SeededSales;
  beforeAll(async () => {
    s = await seededSalesApp();
  });
  afterAll(async () => {
    await s.t.close();
  });

  const get = (companyId: string, query = "", headerCompanyId = companyId) =>
    s.t.app.inject({
      method: "GET",
      url: `/app/companies/${companyId}/sales_indicators.json${query}`,
      headers: s.headers(headerCompanyId),
    });
  const figures = async (companyId: string, query = "") => {
    const response = await get(companyId, query);
    expect(response.statusCode, response.body).toBe(200);
    return camelizeKeys<Record<string, unknown>>(response.json());
  };

  it("defaults to today (daily) and equals an SQL count over the seeded rows", async () => {
    for (const companyId of [s.northwind, s.andes]) {
      const body = await figures(companyId);
      expect(salesIndicatorsSchema.safeParse(body).success).toBe(true);
      expect(body).toEqual(await expectedIndicators(s.t.db, companyId, relativeRange(1)));
    }
  });

  it.each([
    ["daily", 1],
    ["weekly", 7],
    ["monthly", 30],
  ])("relative_date=%s covers the %i days ending today, past the same length before", async (frame, days) => {
    for (const companyId of [s.northwind, s.andes]) {
      const body = await figures(companyId, `?relative_date=${frame}`);
      expect(body).toEqual(await expectedIndicators(s.t.db, companyId, relativeRange(days)));
    }
  });

  it("has real activity in the last 30 days, sales in the company's main currency", async () => {
    const northwind = await figures(s.northwind, "?relative_date=monthly");
    expect(northwind.leadsCount).toMatchObject({ present: expect.any(Number) });
    expect((northwind.leadsCount as { present: number }).present).toBeGreaterThan(10);
    expect((northwind.totalSalesAmount as { present: number }).present).toBeGreaterThan(0);
    expect(northwind.totalSalesAmount).toMatchObject({ currency: "USD" });
    const andes = await figures(s.andes, "?relative_date=monthly");
    expect(andes.totalSalesAmount).toMatchObject({ currency: "CLP" });
  });

  it("uses the created_at range when both bounds are given (whole UTC days, both included)", async () => {
    const lteq = isoDay(new Date(Date.now() - 31 * 86_400_000));
    const gteq = isoDay(new Date(Date.now() - 120 * 86_400_000));
    const body = await figures(
      s.northwind,
      `?q[created_at_gteq]=${gteq}&q[created_at_lteq]=${lteq}&relative_date=daily`,
    );
    expect(body).toEqual(await expectedIndicators(s.t.db, s.northwind, customRange(gteq, lteq)));
    // Keys may arrive percent-encoded.
    const encoded = await figures(s.northwind, `?q%5Bcreated_at_gteq%5D=${gteq}&q%5Bcreated_at_lteq%5D=${lteq}`);
    expect(encoded).toEqual(body);
  });

  it("ignores a lone bound and applies the relative frame", async () => {
    const gteq = isoDay(new Date(Date.now() - 90 * 86_400_000));
    expect(await figures(s.andes, `?q[created_at_gteq]=${gteq}`)).toEqual(await figures(s.andes));
    expect(await figures(s.andes, `?q[created_at_lteq]=${gteq}&relative_date=weekly`)).toEqual(
      await figures(s.andes, "?relative_date=weekly"),
    );
  });

  it.each([
    ["?relative_date=yearly", "relative_date"],
    ["?relative_date=", "relative_date"],
    ["?q[created_at_gteq]=2026-13-01&q[created_at_lteq]=2026-12-31", "q[created_at_gteq]"],
    ["?q[created_at_gteq]=2026-01-01&q[created_at_lteq]=yesterday", "q[created_at_lteq]"],
    ["?q[created_at_gteq]=2026-02-30&q[created_at_lteq]=2026-03-01", "q[created_at_gteq]"],
    ["?q[created_at_gteq]=2026-03-01&q[created_at_lteq]=2026-02-01", "q[created_at_lteq]"],
    ["?q[created_at_lteq]=not-a-date", "q[created_at_lteq]"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const response = await get(s.northwind, query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("invalid_request");
    expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("answers the company 404 when the path names another company than X-Company-ID", async () => {
    const companyNotFound = { error: "not_found", error_description: "Company not found" };
    // The demo manager is in both companies: the path must still match the header.
    for (const path of [s.andes, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "not-a-uuid"]) {
      const response = await get(path, "", s.northwind);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(companyNotFound);
    }
    // Someone else asking for Northwind with their own company in the header.
    const outsider = await createMember(s.t.db);
    const token = (await issueTokenFor(s.t.db, outsider.user.id)).accessToken;
    const response = await s.t.app.inject({
      method: "GET",
      url: `/app/companies/${s.northwind}/sales_indicators.json`,
      headers: { ...s.headers(outsider.company.id), authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(companyNotFound);
  });

  it("gives zeros (and USD) to a company without sales", async () => {
    const member = await createMember(s.t.db);
    const token = (await issueTokenFor(s.t.db, member.user.id)).accessToken;
    const response = await s.t.app.inject({
      method: "GET",
      url: `/app/companies/${member.company.id}/sales_indicators.json?relative_date=monthly`,
      headers: { ...s.headers(member.company.id), authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const zero = { present: 0, past: 0 };
    expect(camelizeKeys(response.json())).toEqual({
      totalSalesAmount: { ...zero, currency: "USD" },
      totalCustomers: zero,
      leadsCount: zero,
      qualifiedLeadsCount: zero,
      quoted: zero,
      inFollowUp: zero,
      won: zero,
      turnaroundTimeMinutes: zero,
    });
  });
});
