import type { DepartmentKind } from "@foreman/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { DepartmentScreen } from "./department-screen.tsx";

const api = signedInLocalApi();

// The wire's snake_case, as the server answers.
const department = (id: string, name: string, sortOrder: number) => ({
  id,
  name,
  ai_employees_count: 2,
  sort_order: sortOrder,
  is_active: true,
  avatar_url: null,
});

const figures = (overrides: Record<string, number | null> = {}) => ({
  revenue_cents: 0,
  quotes: 0,
  orders: 0,
  won: 0,
  leads: 0,
  leads_won: 0,
  conversations: 0,
  action_items_raised: 0,
  action_items_open: 0,
  median_first_reply_seconds: null,
  ...overrides,
});

const employee = (id: string, name: string, status: "active" | "inactive", revenueCents: number) => ({
  id,
  name,
  role: "Account executive",
  status,
  avatar_url: null,
  department: { id: "dep-sales", name: "Ventas" },
  created_at: "2026-01-05T10:00:00.000Z",
  present: figures({ revenue_cents: revenueCents, orders: 3, leads: 4, leads_won: 1 }),
  past: figures(),
});

const workforce = {
  currency: "USD",
  period: {
    frame: "monthly",
    start: "2026-10-23T00:00:00.000Z",
    end: "2026-11-22T00:00:00.000Z",
    previous_start: "2026-09-23T00:00:00.000Z",
  },
  employees: [employee("emp-1", "Sofía", "active", 1_000_000), employee("emp-2", "Mateo", "inactive", 250_000)],
  departments: [
    {
      id: "dep-sales",
      name: "Ventas",
      employees: 2,
      active_employees: 1,
      present: figures({ revenue_cents: 1_250_000, quotes: 9, orders: 6, won: 2, leads: 8, leads_won: 2 }),
      past: figures({ revenue_cents: 1_000_000, quotes: 5, orders: 4, won: 1, leads: 4, leads_won: 1 }),
    },
  ],
};

const ref = { id: "emp-1", name: "Sofía" };
const work = {
  department: { id: "dep-sales", name: "Ventas" },
  leads: {
    total: 4,
    items: [
      {
        id: "lead-1",
        person_name: "Ana Pérez",
        company_name: "Acme",
        stage: "qualified",
        channel: "whatsapp",
        deal_size_cents: 480_000,
        currency: "USD",
        conversation_id: "conv-1",
        ai_employee: ref,
        created_at: "2026-11-20T09:00:00.000Z",
      },
    ],
  },
  open_quotes: { total: 0, items: [] },
  conversations: { total: 0, items: [] },
  action_items: { total: 0, items: [] },
};

const unpaidOrder = (id: string, number: number, ageDays: number) => ({
  id,
  number,
  state: "confirmed",
  total_cents: 150_000,
  currency: "USD",
  customer_name: "Globex",
  ai_employee: ref,
  created_at: "2025-12-14T00:00:00.000Z",
  age_days: ageDays,
});

function renderScreen(kind: DepartmentKind, path: string) {
  return renderInCompany(<DepartmentScreen kind={kind} search={{ timeFrame: "monthly" }} onSearch={() => {}} />, {
    companyId: "company-9",
    path,
  });
}

describe("department screens", () => {
  it("shows the sales department's employees, figures against the previous period and open leads", async () => {
    api.routes["GET /app/ai_departments.json"] = (_req, res) =>
      sendJson(res, 200, [department("dep-sales", "Ventas", 1)]);
    api.routes["GET /app/ai_employees/outcomes.json"] = (_req, res) => sendJson(res, 200, workforce);
    api.routes["GET /app/ai_departments/dep-sales/work.json"] = (_req, res) => sendJson(res, 200, work);
    renderScreen("sales", "/sales");

    const rows = await screen.findAllByTestId("employee-row");
    expect(screen.getByTestId("department-screen")).toHaveAttribute("data-kind", "sales");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("AI Ventas");
    expect(screen.getByTestId("department-headcount")).toHaveTextContent("1 active of 2 AI employees");
    const outcomesCall = api.requests.find((r) => r.path.startsWith("/app/ai_employees/outcomes.json"));
    expect(outcomesCall?.path).toContain("department_id=dep-sales");
    expect(outcomesCall?.path).toContain("relative_date=monthly");

    // The employees, linked to their profiles, with their status and headline figures.
    expect(rows).toHaveLength(2);
    const sofia = within(rows[0]!);
    expect(sofia.getByRole("link", { name: "Sofía" })).toHaveAttribute("href", "/ai_employees/emp-1");
    expect(sofia.getByText("Active")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("$10,000")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Inactive")).toBeInTheDocument();

    // The department's figures: this period and the change from the last.
    const revenue = screen.getByTestId("outcome-revenue");
    expect(within(revenue).getByTestId("indicator-present")).toHaveTextContent("$12,500");
    expect(within(revenue).getByTestId("indicator-change")).toHaveTextContent("+25%");
    expect(within(screen.getByTestId("outcome-quotes")).getByTestId("indicator-present")).toHaveTextContent("9");

    // Its open leads, the first of four, linked to the conversation they are worked in.
    const leads = await screen.findByTestId("open-leads");
    const lead = within(leads).getByTestId("lead-row");
    expect(within(lead).getByRole("link", { name: "Ana Pérez" })).toHaveAttribute("href", "/conversations/conv-1");
    expect(within(lead).getByTestId("stage-badge")).toHaveTextContent("Qualified");
    expect(within(lead).getByText("$4,800")).toBeInTheDocument();
    expect(within(leads).getByTestId("work-more")).toHaveTextContent("3 more");
    expect(within(screen.getByTestId("open-quotes")).getByText("No open quotes")).toBeInTheDocument();
  });

  it("lists collections' unpaid orders with their age, the old ones flagged, and what is owed", async () => {
    api.routes["GET /app/ai_departments.json"] = (_req, res) =>
      sendJson(res, 200, [department("dep-col", "Cobranza", 4)]);
    api.routes["GET /app/ai_employees/outcomes.json"] = (_req, res) =>
      sendJson(res, 200, { ...workforce, employees: [], departments: [] });
    api.routes["GET /app/collections/orders.json"] = (_req, res) =>
      sendJson(res, 200, {
        orders: [unpaidOrder("o-1", 1042, 342), unpaidOrder("o-2", 1077, 45), unpaidOrder("o-3", 1101, 3)],
        total: 3,
        outstanding_cents: 450_000,
        currency: "USD",
        page: 1,
        per_page: 10,
      });
    renderScreen("collections", "/collections");

    const rows = await screen.findAllByTestId("unpaid-order-row");
    expect(api.requests.some((r) => r.path === "/app/collections/orders.json?page=1&per_page=10")).toBe(true);
    expect(within(rows[0]!).getByRole("link", { name: "#1042" })).toHaveAttribute("href", "/orders/o-1");
    const ages = rows.map((row) => within(row).getByTestId("order-age"));
    expect(ages.map((age) => age.textContent)).toEqual(["342 days", "45 days", "3 days"]);
    expect(ages.map((age) => age.dataset.tone)).toEqual(["destructive", "warning", "muted"]);
    expect(screen.getByTestId("outstanding")).toHaveTextContent("$4,500 outstanding across 3 orders");
    expect(screen.getByText("No AI employees in this department yet")).toBeInTheDocument();
  });

  it("says so when the company has no department of the kind, pointing to AI employees", async () => {
    api.routes["GET /app/ai_departments.json"] = (_req, res) =>
      sendJson(res, 200, [department("dep-sales", "Sales", 1)]);
    renderScreen("support", "/support");

    expect(await screen.findByText("This company has no support department yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to AI employees" })).toHaveAttribute("href", "/ai_employees");
    expect(api.requests.map((r) => r.path)).toEqual(["/app/ai_departments.json"]);
  });
});
