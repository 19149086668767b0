import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import {
  describePageJavaScript,
  JAVASCRIPT_BUDGETS_KB,
  kb,
  measurePageJavaScript,
} from "../../scripts/lib/page-javascript.mjs";
import { demo } from "./helpers.ts";

// The JavaScript budgets, held on the production build the suite serves (the bench prints the same
// figures: `npm run bench -- bundle`). A crossed budget fails with every file's size in the message.
const within = (budgetKb: number) => budgetKb * 1024;

test("a cold /sign_in and a cold signed-in /dashboard stay within their JavaScript budgets", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const signIn = await measurePageJavaScript(page, async () => {
      await page.goto(`${baseURL}/sign_in`);
      await page.getByLabel("Email").waitFor();
    });
    const signInReport = describePageJavaScript("A cold /sign_in", signIn);
    expect(signIn.gzip, `${signInReport}\nbudget: ${JAVASCRIPT_BUDGETS_KB.signIn} KB`).toBeLessThanOrEqual(
      within(JAVASCRIPT_BUDGETS_KB.signIn),
    );

    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password").fill(demo.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/dashboard");

    // A fresh tab with the session cookie: everything the signed-in shell and the dashboard need.
    const shell = await context.newPage();
    const dashboard = await measurePageJavaScript(shell, async () => {
      await shell.goto(`${baseURL}/dashboard`);
      await expect(shell.getByRole("heading", { level: 1, name: "AI sales dashboard" })).toBeVisible();
      await expect(shell.getByTestId("indicator-totalSalesAmount")).toBeVisible();
    });
    const dashboardReport = describePageJavaScript("A cold signed-in /dashboard", dashboard);
    expect(dashboard.gzip, `${dashboardReport}\nbudget: ${JAVASCRIPT_BUDGETS_KB.dashboard} KB`).toBeLessThanOrEqual(
      within(JAVASCRIPT_BUDGETS_KB.dashboard),
    );
  } finally {
    await context.close();
  }
});

test("the website chat loader stays within its budget", async ({ request, baseURL }) => {
  const response = await request.get(`${baseURL}/widget.js`);
  expect(response.ok()).toBe(true);
  const gzip = gzipSync(await response.body(), { level: 9 }).length;
  expect(gzip, `/widget.js: ${kb(gzip)} gzip; budget ${JAVASCRIPT_BUDGETS_KB.widgetLoader} KB`).toBeLessThanOrEqual(
    within(JAVASCRIPT_BUDGETS_KB.widgetLoader),
  );
});
