import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

// The orders list and detail screens (spec §2) on the seeded demo data.

const rows = (page: Page) => page.getByTestId("order-row");
const statusFilter = (page: Page) => page.getByRole("navigation", { name: "Filter by status" });

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
  const firstLink = rows(page).first().getByRole("link");
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
  await rows(page).first().getByRole("link").click();
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
