import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { departmentsQueryOptions } from "./departments.ts";

const api = signedInLocalApi();

const wire = (name: string, sortOrder: number, isActive: boolean) => ({
  id: `id-${name}`,
  name,
  ai_employees_count: isActive ? 1 : 0,
  sort_order: sortOrder,
  is_active: isActive,
  avatar_url: null,
});

describe("departmentsQueryOptions", () => {
  it("loads the company's departments, adds placeholders for missing kinds and orders them for the rail", async () => {
    api.routes["GET /app/ai_departments.json"] = (_req, res) =>
      sendJson(res, 200, [wire("Ventas", 1, true), wire("Cobranza", 4, true), wire("Retención", 2, false)]);
    const departments = await new QueryClient().fetchQuery(departmentsQueryOptions("company-9"));

    expect(api.requests[0]?.headers["x-company-id"]).toBe("company-9");
    expect(departments.map((d) => [d.name, d.sortOrder, d.isActive])).toEqual([
      ["Ventas", 1, true],
      ["Retención", 2, false],
      ["Support", 3, false],
      ["Cobranza", 4, true],
      ["Analytics", 5, false],
    ]);
    expect(departments[2]?.id).toMatch(/^fallback-support-\d+$/);
    expect(getToasts()).toHaveLength(0);
  });

  it("orders equal sort orders by name", async () => {
    api.routes["GET /app/ai_departments.json"] = (_req, res) =>
      sendJson(res, 200, [wire("Sales West", 1, true), wire("Sales East", 1, true)]);
    const departments = await new QueryClient().fetchQuery(departmentsQueryOptions("c"));
    expect(departments.slice(0, 2).map((d) => d.name)).toEqual(["Sales East", "Sales West"]);
  });

  it("reports a failed load and shows the built-in fallback list", async () => {
    api.routes["GET /app/ai_departments.json"] = (_req, res) => sendJson(res, 500, { error: "internal_error" });
    const departments = await new QueryClient().fetchQuery(departmentsQueryOptions("c"));

    expect(departments.map((d) => [d.name, d.isActive])).toEqual([
      ["Sales", true],
      ["Support", false],
      ["Analytics", false],
      ["Collections", false],
      ["Retention", false],
    ]);
    expect(getToasts()).toMatchObject([{ title: "Couldn't load your AI departments", variant: "destructive" }]);
  });
});
