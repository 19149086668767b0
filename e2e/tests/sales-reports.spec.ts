import { formatCount, formatMoney } from "@foreman/contract";
import { expect, type Page, test } from "@playwright/test";
import { chunkNamesOf } from "../../scripts/lib/page-javascript.mjs";
import { apiGet, expectNoSidewaysScroll, expectStacked, signIn } from "./helpers.ts";

type Reports = {
  currency: string;
  bucket: "day" | "week" | "month";
  funnel: { stage: string; count: number }[];
  sales_over_time: { date: string; amount: number }[];
  leads_over_time: { date: string; count: number }[];
  purchase_orders: { state: string; count: number; amount: number }[];
  channels: { channel: string; count: number }[];
};

/** The same call the page makes, with the page's own session and company. */
const fetchReports = (page: Page, query: Record<string, string>) =>
  apiGet<Reports>(page, "/app/companies/{companyId}/sales_reports.json", query);

const report = (page: Page, name: string) => page.getByTestId(`report-${name}`);

async function expectFigures(page: Page, api: Reports) {
  if ((api.funnel[0]?.count ?? 0) === 0) {
    await expect(report(page, "funnel").getByText("No leads in this period")).toBeVisible();
  }
  for (const { stage, count } of api.funnel) {
    if (count === 0 && api.funnel[0]?.count === 0) continue;
    await expect(page.getByTestId(`funnel-${stage}`).getByTestId("funnel-count")).toHaveText(formatCount(count));
  }
  const sales = api.sales_over_time.reduce((sum, point) => sum + point.amount, 0);
  await expect(report(page, "sales").getByTestId("report-figure")).toHaveText(formatMoney(sales, api.currency));
  const leads = api.leads_over_time.reduce((sum, point) => sum + point.count, 0);
  await expect(report(page, "leads").getByTestId("report-figure")).toHaveText(formatCount(leads));
  const orders = api.purchase_orders.reduce((sum, row) => sum + row.count, 0);
  await expect(report(page, "orders").getByTestId("report-figure")).toHaveText(formatCount(orders));
  for (const { channel, count } of api.channels) {
    if (leads > 0)
      await expect(page.getByTestId(`channel-${channel}`).getByTestId("channel-count")).toHaveText(formatCount(count));
  }
}

async function openReports(page: Page) {
  await signIn(page);
  await page.getByRole("navigation").getByRole("link", { name: "Sales reports" }).first().click();
  await expect(page).toHaveURL(/\/sales_reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sales reports" })).toBeVisible();
}

test("the reports show what the API gives for the month, with every chart drawn", async ({ page }) => {
  await openReports(page);
  await expect(page).toHaveTitle("Sales reports · Foreman");
  // The route's default frame is monthly; it stays out of the address.
  await expect(page.getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");
  const monthly = await fetchReports(page, { relative_date: "monthly" });
  expect(monthly.funnel[0]?.count, "the seeded month has leads").toBeGreaterThan(0);
  await expectFigures(page, monthly);

  // A chart draws as it nears the screen: each is scrolled to, as a reader would.
  for (const name of ["sales", "leads", "channels", "orders"]) {
    await report(page, name).scrollIntoViewIfNeeded();
    await expect(report(page, name).locator("svg.recharts-surface")).toBeVisible();
  }
  // Each chart has a name, and its figures as a table for screen readers.
  await expect(page.getByRole("application", { name: /^Total sales by day: / })).toBeVisible();
  await expect(page.getByRole("table", { name: "Leads by day" })).toBeAttached();
  // Completed orders read "Won", as everywhere else.
  const won = monthly.purchase_orders.find((row) => row.state === "completed");
  await expect(
    page
      .getByRole("table", { name: "Purchase orders by state" })
      .getByRole("row", { name: /^Won/ })
      .getByRole("cell")
      .first(),
  ).toHaveText(formatCount(won?.count ?? 0));
});

test("changing the time frame changes the address and the figures", async ({ page }) => {
  await openReports(page);
  const monthly = await fetchReports(page, { relative_date: "monthly" });
  await expectFigures(page, monthly);

  await page.getByRole("button", { name: "Week" }).click();
  await expect(page).toHaveURL(/\/sales_reports\?timeFrame=weekly$/);
  await expect(page.getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "true");
  const weekly = await fetchReports(page, { relative_date: "weekly" });
  expect(weekly.funnel[0]?.count).toBeLessThan(monthly.funnel[0]?.count ?? 0);
  await expectFigures(page, weekly);

  await page.getByRole("button", { name: "Today" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/timeFrame=daily/);
  await expectFigures(page, await fetchReports(page, { relative_date: "daily" }));

  await page.getByRole("button", { name: "Month" }).click();
  await expect(page).toHaveURL(/\/sales_reports$/);
  await expectFigures(page, monthly);
});

test("a custom range applies to every report and groups a long range by week", async ({ page }) => {
  await openReports(page);
  const range = page.getByRole("form", { name: "Custom date range" });
  const today = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
  await range.getByLabel("From").fill(start);
  await range.getByLabel("To").fill(today);
  await range.getByRole("button", { name: "Apply range" }).click();
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      return [params.get("q[created_at_gteq]"), params.get("q[created_at_lteq]")];
    })
    .toEqual([start, today]);

  const api = await fetchReports(page, { "q[created_at_gteq]": start, "q[created_at_lteq]": today });
  expect(api.bucket).toBe("week");
  await expectFigures(page, api);
  await expect(report(page, "sales").getByText("Completed orders, by week")).toBeVisible();
  await expect(report(page, "sales").locator(".recharts-xAxis-tick-labels text").first()).toContainText("Week of");

  await range.getByRole("button", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/sales_reports$/);
  await expect(page.getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");
});

test("a phone-width run is usable: one column, charts drawn, no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  await page.goto("/sales_reports");
  const funnel = report(page, "funnel");
  const sales = report(page, "sales");
  await expect(funnel).toBeVisible();
  await expect(sales.locator("svg.recharts-surface")).toBeVisible();
  await expectStacked(funnel, sales);
  // A chart far below the screen is not drawn until it is scrolled near.
  await expect(report(page, "orders").getByTestId("chart-slot")).toBeAttached();
  await expect(report(page, "orders").locator("svg.recharts-surface")).toHaveCount(0);
  await report(page, "orders").scrollIntoViewIfNeeded();
  await expect(report(page, "orders").locator("svg.recharts-surface")).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("a failed reports call is reported and every report shows its empty state", async ({ page }) => {
  await page.route("**/sales_reports.json*", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"internal_error"}' }),
  );
  await openReports(page);
  await expect(page.getByText("Couldn't load the sales reports", { exact: true })).toBeVisible();
  await expect(report(page, "funnel").getByText("No leads in this period")).toBeVisible();
  await expect(report(page, "sales").getByText("No sales in this period")).toBeVisible();
  await expect(report(page, "leads").getByText("No leads in this period")).toBeVisible();
  await expect(report(page, "channels").getByText("No leads in this period")).toBeVisible();
  await expect(report(page, "orders").getByText("No orders in this period")).toBeVisible();
  await expect(page.locator("svg.recharts-surface")).toHaveCount(0);
  // The frame bar still works: the screen is degraded, not broken.
  await page.getByRole("button", { name: "Week" }).click();
  await expect(page).toHaveURL(/timeFrame=weekly/);
});

test("the dashboard never downloads the charts; the reports screen does", async ({ page }) => {
  // Most built files are named by their hash alone: the build's manifest tells which holds the charts.
  const chunks = chunkNamesOf();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() !== "script") return;
    const path = new URL(request.url()).pathname;
    scripts.push(chunks.get(path) ?? path);
  });
  await signIn(page);
  await expect(page.getByTestId("indicator-totalSalesAmount")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => path.includes("report-charts"))).toEqual([]);

  await page.getByRole("navigation").getByRole("link", { name: "Sales reports" }).first().click();
  await expect(report(page, "sales").locator("svg.recharts-surface")).toBeVisible();
  expect(scripts.some((path) => path.includes("report-charts"))).toBe(true);
});
