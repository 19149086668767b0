import { formatCount, formatMoney, formatPercentChange, percentChange } from "@foreman/contract";
import { expect, type Page, test } from "@playwright/test";
import { apiGet, expectNoSidewaysScroll, expectStacked, signIn } from "./helpers.ts";

type Indicators = {
  total_sales_amount: { present: number; past: number; currency: string };
  leads_count: { present: number; past: number };
  won: { present: number; past: number };
};

/** The same call the page makes, with the page's own session and company. */
const fetchIndicators = (page: Page, query: Record<string, string>) =>
  apiGet<Indicators>(page, "/app/companies/{companyId}/sales_indicators.json", query);

const card = (page: Page, key: string) => page.getByTestId(`indicator-${key}`);

async function expectFigures(page: Page, api: Indicators) {
  const sales = api.total_sales_amount;
  await expect(card(page, "totalSalesAmount").getByTestId("indicator-present")).toHaveText(
    formatMoney(sales.present, sales.currency),
  );
  await expect(card(page, "totalSalesAmount").getByTestId("indicator-past")).toHaveText(
    `vs ${formatMoney(sales.past, sales.currency)} last period`,
  );
  await expect(card(page, "leadsCount").getByTestId("indicator-present")).toHaveText(
    formatCount(api.leads_count.present),
  );
  await expect(card(page, "won").getByTestId("indicator-present")).toHaveText(formatCount(api.won.present));
  await expect(card(page, "won").getByTestId("indicator-change")).toHaveText(
    formatPercentChange(percentChange(api.won.present, api.won.past)),
  );
}

test("the dashboard shows the figures the API gives for the same period", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "AI sales dashboard" })).toBeVisible();
  // The route's default frame is monthly, even though the endpoint's own default is daily.
  await expect(page.getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");
  await expectFigures(page, await fetchIndicators(page, { relative_date: "monthly" }));
  await expect(page.getByRole("heading", { name: "Leads breakdown" })).toBeVisible();
  await expect(
    page
      .getByTestId("leads-table")
      .getByRole("link", { name: /Open conversation/ })
      .first(),
  ).toHaveAttribute("href", /^\/conversations\/[0-9a-f-]{36}$/);
});

test("changing the time frame changes the address and the figures", async ({ page }) => {
  await signIn(page);
  const monthly = await fetchIndicators(page, { relative_date: "monthly" });
  await expectFigures(page, monthly);

  await page.getByRole("button", { name: "Week" }).click();
  await expect(page).toHaveURL(/timeFrame=weekly/);
  await expect(page.getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "true");
  const weekly = await fetchIndicators(page, { relative_date: "weekly" });
  expect(weekly.leads_count.present).toBeLessThan(monthly.leads_count.present);
  await expectFigures(page, weekly);

  // Keyboard: Tab to "Today" and press Enter.
  await page.getByRole("button", { name: "Today" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/timeFrame=daily/);
  await expectFigures(page, await fetchIndicators(page, { relative_date: "daily" }));

  await page.getByRole("button", { name: "Month" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a custom range is validated, applied together and cleared", async ({ page }) => {
  await signIn(page);
  const range = page.getByRole("form", { name: "Custom date range" });
  const from = range.getByLabel("From");
  const to = range.getByLabel("To");

  await from.fill("2026-03-10");
  await range.getByRole("button", { name: "Apply range" }).click();
  await expect(range.getByText("Enter an end date")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await to.fill("2026-03-01");
  await range.getByRole("button", { name: "Apply range" }).click();
  await expect(range.getByText("The end date must be on or after the start date")).toBeVisible();
  // Nothing typed is lost on an error.
  await expect(from).toHaveValue("2026-03-10");
  await expect(to).toHaveValue("2026-03-01");

  // A range inside the seeded year, ending today so it always has data.
  const today = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  await from.fill(start);
  await to.fill(today);
  await range.getByRole("button", { name: "Apply range" }).click();
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      return [params.get("q[created_at_gteq]"), params.get("q[created_at_lteq]")];
    })
    .toEqual([start, today]);
  for (const name of ["Today", "Week", "Month"]) {
    await expect(page.getByRole("button", { name })).toHaveAttribute("aria-pressed", "false");
  }
  await expectFigures(page, await fetchIndicators(page, { "q[created_at_gteq]": start, "q[created_at_lteq]": today }));

  await range.getByRole("button", { name: "Clear" }).click();
  await expect(page).not.toHaveURL(/created_at/);
  await expect(page.getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");
});

/** The stage badges of the breakdown's rows, once the rows shown are of one stage (the old ones stay, dimmed, while new ones load). */
const stagesShown = (page: Page) =>
  page
    .getByTestId("leads-table")
    .locator("tbody tr td:nth-child(5)")
    .allInnerTexts()
    .then((texts) => [...new Set(texts.map((text) => text.trim()))]);

test("the stage filter narrows the leads breakdown", async ({ page }) => {
  await signIn(page);
  const table = page.getByTestId("leads-table");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await page.getByLabel("Stage").selectOption("won");
  await expect.poll(() => stagesShown(page)).toEqual(["Won"]);
});

test("the stage filter lives in the address: it survives a reload, and back/forward step through it", async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByTestId("leads-table").getByRole("row").nth(1)).toBeVisible();
  await page.getByLabel("Stage").selectOption("qualified");
  await expect(page).toHaveURL(/[?&]stage=qualified\b/);
  await expect.poll(() => stagesShown(page)).toEqual(["Qualified lead"]);

  await page.reload();
  await expect(page.getByLabel("Stage")).toHaveValue("qualified");
  await expect.poll(() => stagesShown(page)).toEqual(["Qualified lead"]);

  // A new time frame keeps the stage.
  await page.getByRole("button", { name: "Week" }).click();
  await expect(page).toHaveURL(/timeFrame=weekly/);
  await expect(page).toHaveURL(/[?&]stage=qualified\b/);

  await page.getByLabel("Stage").selectOption("");
  await expect(page).not.toHaveURL(/stage=/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]stage=qualified\b/);
  await expect(page.getByLabel("Stage")).toHaveValue("qualified");

  // An unknown stage is ignored and leaves the address.
  await page.goto("/dashboard?stage=negotiating");
  await expect(page.getByLabel("Stage")).toHaveValue("");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a phone-width dashboard is usable: no sideways scroll, cards stacked", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  const first = card(page, "totalSalesAmount");
  const second = card(page, "totalCustomers");
  await expect(first).toBeVisible();
  await expectStacked(first, second);
  await expect(page.getByTestId("leads-list")).toBeVisible();
  await expect(page.getByTestId("leads-table")).toBeHidden();
  await expectNoSidewaysScroll(page);
});

test("a failed indicators call is reported, shows zeros, and the breakdown still renders", async ({ page }) => {
  await page.route("**/sales_indicators.json*", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"internal_error"}' }),
  );
  await signIn(page);
  await expect(page.getByText("Couldn't load the sales indicators", { exact: true })).toBeVisible();
  await expect(card(page, "leadsCount").getByTestId("indicator-present")).toHaveText("0");
  await expect(card(page, "won").getByTestId("indicator-change")).toHaveText("+0%");
  await expect(page.getByTestId("leads-table").locator("tbody tr").first()).toBeVisible();
});
