import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ana, railDepartments, signIn } from "./helpers.ts";

test("switching company changes the departments and keeps the choice", async ({ page }) => {
  await signIn(page);
  const switcher = page.locator("#app-sidebar").getByRole("button", { name: "Switch company" });
  await expect(switcher).toContainText("Andes Comercial");
  await expect(railDepartments(page).filter({ hasText: "" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "AI Ventas" })).toBeVisible();

  await switcher.click();
  await page.getByRole("menuitemradio", { name: /Northwind Supply/ }).click();
  await expect(switcher).toContainText("Northwind Supply");
  await expect(page.getByRole("link", { name: "AI Sales" })).toBeVisible();
  await expect(page.getByRole("link", { name: "AI Ventas" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "AI Sales" })).toHaveAttribute("href", "/sales");

  await page.reload();
  await expect(switcher).toContainText("Northwind Supply");
  await expect(page.getByRole("link", { name: "AI Sales" })).toBeVisible();
});

test("Spanish department names link to the five department screens", async ({ page }) => {
  await signIn(page);
  const expected = {
    "AI Ventas": "/sales",
    "AI Retención": "/retention",
    "AI Soporte": "/support",
    "AI Cobranza": "/collections",
    "AI Analítica": "/analytics",
  };
  for (const [name, href] of Object.entries(expected)) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
});

test("a user of one company sees a static company card, not a switcher", async ({ page }) => {
  await signIn(page, ana);
  const sidebar = page.locator("#app-sidebar");
  await expect(sidebar.getByText("Andes Comercial")).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "Switch company" })).toHaveCount(0);
});

test("the main navigation highlights the current entry by exact path", async ({ page }) => {
  await signIn(page);
  const nav = page.locator("#app-sidebar").getByRole("navigation", { name: "Main" });
  const names = ["Dashboard", "Inbox", "Assistant", "Orders", "Sales reports", "Training"];
  const workspace = nav.getByRole("region", { name: "Workspace" }).getByRole("link");
  await expect(workspace).toHaveText(names);
  await nav.getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
});

test("theme and the collapsed sidebar survive a reload", async ({ page }) => {
  await signIn(page);
  const sidebar = page.locator("#app-sidebar");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.keyboard.press("ControlOrMeta+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");

  await sidebar.getByRole("button", { name: "Toggle theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);

  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");

  await page.keyboard.press("ControlOrMeta+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
});

test("the shell and the sign-in page have no serious accessibility violations", async ({ page }) => {
  await page.goto("/sign_in");
  await expect(page.getByLabel("Email")).toBeVisible();
  const signInScan = await new AxeBuilder({ page }).analyze();
  expect(signInScan.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await signIn(page);
  await expect(page.getByRole("heading", { name: "AI sales dashboard" })).toBeVisible();
  const shellScan = await new AxeBuilder({ page }).analyze();
  expect(shellScan.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("the menu slides in with the brand link and navigates", async ({ page }) => {
    await signIn(page);
    await expect(page.locator("#app-sidebar")).toBeHidden();
    await expect(page.getByRole("complementary", { name: "AI departments" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Foreman home" })).toHaveAttribute("href", "/");
    await expect(menu.getByRole("link", { name: "AI Ventas" })).toBeVisible();
    await menu.getByRole("link", { name: "Sales reports" }).click();
    await expect(page).toHaveURL(/\/sales_reports$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { name: "Sales reports" })).toBeVisible();
  });
});
