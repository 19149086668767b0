import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { apiGet, signIn } from "./helpers.ts";

// The orders list and detail screens on the seeded demo data.

const rows = (page: Page) => page.getByTestId("order-row");
const statusFilter = (page: Page) => page.getByRole("navigation", { name: "Filter by status" });
/** The first row's title link (the customer's name links to the same order). */
const firstOrderLink = (page: Page) => rows(page).first().getByRole("link").first();
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });
const firstNumber = (page: Page) => rows(page).first().getByRole("cell").nth(2);

type QuotesPage = {
  quotes: { number: number; customer: { full_name: string; organization: string | null } | null }[];
};

async function openOrders(page: Page, query = "") {
  await signIn(page);
  await page.goto(`/orders${query}`);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /All orders/ })).toBeVisible();
}

test("filtering orders by state changes the URL and shows only that state", async ({ page }) => {
  await openOrders(page);
  const allTotal = Number((await page.getByTestId("orders-total").textContent())?.replace(/,/g, ""));
  expect(allTotal).toBeGreaterThan(0);
  await expect(rows(page).first()).toBeVisible();

  await statusFilter(page).getByRole("link", { name: "Won", exact: true }).click();
  await expect(page).toHaveURL(/[?&]state=completed\b/);
  await expect(statusFilter(page).getByRole("link", { name: "Won", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(rows(page).first()).toBeVisible();
  const wonTotal = Number((await page.getByTestId("orders-total").textContent())?.replace(/,/g, ""));
  expect(wonTotal).toBeGreaterThan(0);
  expect(wonTotal).toBeLessThan(allTotal);
  const badges = rows(page).getByTestId("order-status");
  const count = await badges.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(badges.nth(i)).toHaveText("Won");

  // Reloading keeps the filter: it lives in the address.
  await page.reload();
  await expect(rows(page).getByTestId("order-status").first()).toHaveText("Won");

  await statusFilter(page).getByRole("link", { name: "All", exact: true }).click();
  await expect(page).not.toHaveURL(/state=/);
  await expect(page.getByTestId("orders-total")).toHaveText(allTotal.toLocaleString("en-US"));
});

test("opening an order shows its details, and its PDF downloads", async ({ page }) => {
  await openOrders(page);
  const firstLink = firstOrderLink(page);
  const title = (await firstLink.textContent()) ?? "";
  await firstLink.click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  for (const label of ["Order ID", "Full name", "Company", "Amount", "Status", "Created at", "Conversation ID"]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  for (const section of ["Items", "Customer info", "Delivery address", "Summary"]) {
    await expect(page.getByText(section, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("columnheader", { name: "SKU" })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(/\d/);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^order-\d+\.pdf$/);
  const file = await readFile(await download.path());
  expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test("cancelling an open order asks first, then shows it as Cancelled", async ({ page }) => {
  // The seed is relative to today: take the first open state that has an order this month.
  await signIn(page);
  let state = "";
  for (const [value, label] of [
    ["pending", "Pending"],
    ["confirmed", "Confirmed"],
    ["sent", "Sent"],
    ["draft_sent", "Draft sent"],
  ]) {
    await page.goto(`/orders?state=${value}`);
    const outcome = rows(page)
      .first()
      .or(page.getByRole("heading", { name: "No orders" }));
    await expect(outcome).toBeVisible();
    if (await rows(page).count()) {
      state = label as string;
      break;
    }
  }
  expect(state, "an open order in the seeded month").not.toBe("");
  await firstOrderLink(page).click();
  await expect(page.getByText("Order ID", { exact: true })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText(state);

  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Cancellation typically takes 1-2 working days.");
  await dialog.getByRole("button", { name: "Cancel order" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  // A cancelled order cannot be cancelled again.
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
});

test("an unknown order id shows the Order Not Found page with a way back", async ({ page }) => {
  await signIn(page);
  await page.goto("/orders/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Order Not Found" })).toBeVisible();
  await expect(
    page.getByText("The order you are looking for doesn't exist or you don't have permission to view it."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Back to orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
});

test("the page number lives in the address: it survives a reload and back/forward step through pages", async ({
  page,
}) => {
  await openOrders(page);
  await expect(pagination(page)).toContainText(/^1–20 of/);
  const firstOfPage1 = await firstNumber(page).textContent();

  await pagination(page).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  // The seeded month holds more than 20 orders; how many more depends on the day.
  await expect(pagination(page)).toContainText(/^21–\d+ of/);
  const secondPageRange = (await pagination(page).textContent()) ?? "";
  const firstOfPage2 = await firstNumber(page).textContent();
  expect(firstOfPage2).not.toBe(firstOfPage1);

  await page.reload();
  await expect(pagination(page)).toHaveText(secondPageRange);
  await expect(firstNumber(page)).toHaveText(firstOfPage2 ?? "");

  await page.goBack();
  await expect(page).not.toHaveURL(/page=/);
  await expect(firstNumber(page)).toHaveText(firstOfPage1 ?? "");
  await page.goForward();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(firstNumber(page)).toHaveText(firstOfPage2 ?? "");

  // Another state is another list: it starts from its first page.
  await statusFilter(page).getByRole("link", { name: "Won", exact: true }).click();
  await expect(page).toHaveURL(/[?&]state=completed\b/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(pagination(page)).toContainText(/^1–/);

  // A page that is not a page number reads as the first page and leaves the address.
  await page.goto("/orders?page=abc");
  await expect(pagination(page)).toContainText(/^1–20 of/);
  await expect(page).not.toHaveURL(/page=/);
});

test("each order shows its customer, as the API gives it, on wide screens and on phones", async ({ page }) => {
  await openOrders(page);
  const api = await apiGet<QuotesPage>(page, "/app/quotes.json", { per_page: "1" });
  const [first] = api.quotes;
  expect(first, "an order in the seeded month").toBeTruthy();
  await expect(page.getByRole("columnheader", { name: "Customer" })).toBeVisible();
  await expect(firstNumber(page)).toHaveText(`#${first?.number}`);
  const cell = rows(page).first().getByRole("cell").nth(1);
  const customer = first?.customer;
  if (customer) {
    const name = cell.getByTestId("order-customer");
    await expect(name).toContainText(customer.full_name);
    if (customer.organization) await expect(name).toContainText(customer.organization);
  } else {
    await expect(cell).toHaveText(/—/);
  }

  await page.setViewportSize({ width: 375, height: 800 });
  const card = page.getByTestId("order-card").first();
  await expect(card).toBeVisible();
  await expect(card).toContainText(customer ? customer.full_name : "No customer");
});
