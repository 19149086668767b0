import type { SalesReports } from "@foreman/contract";
import { QueryClient } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { EMPTY_SALES_REPORTS, salesReportsQueryOptions } from "../api.ts";
import { SalesReportsGrid } from "./sales-reports-page.tsx";

// Recharts sizes its charts with a ResizeObserver, which jsdom lacks; jsdom has no layout either, so
// the charts draw nothing here and the tests read the figures every card carries as text.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(() => {
  globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
});
const api = signedInLocalApi();

const REPORTS: SalesReports = {
  currency: "USD",
  bucket: "week",
  funnel: [
    { stage: "leads", count: 40 },
    { stage: "qualified", count: 30 },
    { stage: "quoting", count: 20 },
    { stage: "following_up", count: 16 },
    { stage: "won", count: 10 },
  ],
  salesOverTime: [
    { date: "2026-11-02", amount: 1500 },
    { date: "2026-11-09", amount: 0 },
    { date: "2026-11-16", amount: 2500.5 },
  ],
  leadsOverTime: [
    { date: "2026-11-02", count: 15 },
    { date: "2026-11-09", count: 5 },
    { date: "2026-11-16", count: 20 },
  ],
  purchaseOrders: [
    { state: "confirmed", count: 0, amount: 0 },
    { state: "pending", count: 1, amount: 100 },
    { state: "cancelled", count: 2, amount: 300 },
    { state: "draft_sent", count: 0, amount: 0 },
    { state: "sent", count: 3, amount: 900 },
    { state: "draft", count: 0, amount: 0 },
    { state: "completed", count: 10, amount: 4000.5 },
    { state: "started", count: 0, amount: 0 },
  ],
  channels: [
    { channel: "whatsapp", count: 10 },
    { channel: "email", count: 20 },
    { channel: "phone", count: 6 },
    { channel: "sms", count: 4 },
  ],
};

const card = (testId: string) => screen.getByTestId(testId);
const figure = (testId: string) => within(card(testId)).getByTestId("report-figure");

function expectAllEmpty() {
  expect(within(card("report-funnel")).getByText("No leads in this period")).toBeInTheDocument();
  expect(within(card("report-sales")).getByText("No sales in this period")).toBeInTheDocument();
  expect(within(card("report-leads")).getByText("No leads in this period")).toBeInTheDocument();
  expect(within(card("report-channels")).getByText("No leads in this period")).toBeInTheDocument();
  expect(within(card("report-orders")).getByText("No orders in this period")).toBeInTheDocument();
  expect(figure("report-sales")).toHaveTextContent("$0");
  expect(figure("report-leads")).toHaveTextContent("0");
  expect(figure("report-funnel")).toHaveTextContent("—");
  // Nothing to draw: no chart is even loaded.
  expect(screen.queryAllByTestId("chart-slot")).toHaveLength(0);
}

describe("sales reports screen", () => {
  it("shows an empty state on every report when the period has nothing", () => {
    render(<SalesReportsGrid data={EMPTY_SALES_REPORTS} />);
    expectAllEmpty();
  });

  it("reports a failed call and still renders, with the empty reports", async () => {
    api.routes["GET /app/companies/company-9/sales_reports.json"] = (_req, res) =>
      sendJson(res, 500, { error: "internal_error" });
    const data = await new QueryClient().fetchQuery(salesReportsQueryOptions("company-9", { timeFrame: "monthly" }));

    expect(api.requests[0]?.path).toBe("/app/companies/company-9/sales_reports.json?relative_date=monthly");
    expect(api.requests[0]?.headers["x-company-id"]).toBe("company-9");
    expect(data).toBe(EMPTY_SALES_REPORTS);
    expect(getToasts()).toMatchObject([{ title: "Couldn't load the sales reports", variant: "destructive" }]);
    render(<SalesReportsGrid data={data} />);
    expectAllEmpty();
  });

  it("asks for a custom range with both bounds", async () => {
    api.routes["GET /app/companies/company-9/sales_reports.json"] = (_req, res) =>
      sendJson(res, 200, { ...EMPTY_SALES_REPORTS, bucket: "month" });
    const data = await new QueryClient().fetchQuery(
      salesReportsQueryOptions("company-9", {
        timeFrame: "monthly",
        "q[created_at_gteq]": "2026-01-01",
        "q[created_at_lteq]": "2026-06-30",
      }),
    );
    expect(decodeURIComponent(api.requests[0]?.path ?? "")).toBe(
      "/app/companies/company-9/sales_reports.json?q[created_at_gteq]=2026-01-01&q[created_at_lteq]=2026-06-30",
    );
    expect(data.bucket).toBe("month");
    expect(getToasts()).toHaveLength(0);
  });

  it("shows the funnel, the totals and each report's figures as text", async () => {
    render(<SalesReportsGrid data={REPORTS} />);

    const funnel = card("report-funnel");
    expect(figure("report-funnel")).toHaveTextContent("25%");
    const stage = (name: string) => within(funnel).getByTestId(`funnel-${name}`);
    expect(within(stage("leads")).getByTestId("funnel-count")).toHaveTextContent("40");
    expect(within(stage("qualified")).getByTestId("funnel-step")).toHaveTextContent("75% from Leads");
    expect(within(stage("qualified")).getByTestId("funnel-share")).toHaveTextContent("75% of leads");
    expect(within(stage("following_up")).getByText("Following up")).toBeInTheDocument();
    expect(within(stage("won")).getByTestId("funnel-step")).toHaveTextContent("62.5% from Following up");

    expect(figure("report-sales")).toHaveTextContent("$4,001");
    expect(figure("report-leads")).toHaveTextContent("40");
    // The charts' text equivalents: one row per bucket, with the full date.
    const salesTable = within(card("report-sales")).getByRole("table", { name: "Total sales by week" });
    expect(within(salesTable).getByRole("rowheader", { name: "Week of Nov 16, 2026" })).toBeInTheDocument();
    expect(within(salesTable).getByText("$2,501")).toBeInTheDocument();
    const leadsTable = within(card("report-leads")).getByRole("table", { name: "Leads by week" });
    expect(within(leadsTable).getAllByRole("row")).toHaveLength(4);

    const orders = within(card("report-orders")).getByRole("table", { name: "Purchase orders by state" });
    const won = within(orders).getByRole("row", { name: /Won/ });
    expect(
      within(won)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["10", "$4,001"]);
    expect(figure("report-orders")).toHaveTextContent("16");

    const email = within(card("report-channels")).getByTestId("channel-email");
    expect(email).toHaveTextContent("Email");
    expect(email).toHaveTextContent("50%");

    // The chart slots hold their place; the charts load in their own chunk.
    expect(screen.getAllByTestId("chart-slot")).toHaveLength(4);
  });
});
