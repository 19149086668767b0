import { expect, test } from "@playwright/test";
import { demo, signIn } from "./helpers.ts";

test("signing up creates an account and lands on the dashboard", async ({ page }) => {
  const email = `new-${Date.now()}@example.com`;
  await page.goto("/sign_up");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel("Company name").fill("Compiler Works");
  await page.getByLabel("Password", { exact: true }).fill("a long enough password");
  await page.getByLabel("Confirm password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "AI sales dashboard" })).toBeVisible();
  await expect(page.getByText("Compiler Works").first()).toBeVisible();
});

test("sign-up shows the spec's validation messages and keeps what was typed", async ({ page }) => {
  await page.goto("/sign_up");
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel(/email/i).fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Must be at least 8 characters")).toBeVisible();
  await expect(page.getByText("Required").first()).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Grace");
  await expect(page).toHaveURL(/\/sign_up/);
});

test("a taken email is refused with a clear message", async ({ page }) => {
  await page.goto("/sign_up");
  await page.getByLabel("First name").fill("Demo");
  await page.getByLabel("Last name").fill("Again");
  await page.getByLabel(/email/i).fill(demo.email);
  await page.getByLabel("Company name").fill("Duplicate Co");
  await page.getByLabel("Password", { exact: true }).fill("a long enough password");
  await page.getByLabel("Confirm password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Email has already been taken")).toBeVisible();
  await expect(page).toHaveURL(/\/sign_up/);
});

test("a wrong password shows the spec's message", async ({ page }) => {
  await page.goto("/sign_in");
  await page.getByLabel("Email").fill(demo.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid username or password. Please try again.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(demo.email);
});

test("a signed-out visit to /orders goes through sign-in and back to /orders", async ({ page }) => {
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/sign_in\?redirect=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get("redirect") ?? "")).toContain("/orders");
  await signIn(page, demo, /\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: /All orders/ })).toBeVisible();
});

test("a signed-in user opening /sign_in is sent into the app", async ({ page }) => {
  await signIn(page);
  await page.goto("/sign_in");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("signing out ends the session", async ({ page, context }) => {
  await signIn(page);
  await page.locator("#app-sidebar").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign_in/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "session")).toBeUndefined();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign_in\?redirect=/);
});

test("an expired session without a refresh token goes to /sign_in", async ({ page, context }) => {
  await signIn(page);
  const session = (await context.cookies()).find((c) => c.name === "session");
  expect(session).toBeDefined();
  const value = JSON.parse(decodeURIComponent(session!.value));
  const expired = { ...value, refreshToken: undefined, createdAt: value.createdAt - 3 * 3600 };
  await context.addCookies([{ ...session!, value: encodeURIComponent(JSON.stringify(expired)) }]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign_in/);
});

test("an expired session with a refresh token is refreshed before the next call", async ({ page, context }) => {
  await signIn(page);
  const session = (await context.cookies()).find((c) => c.name === "session")!;
  const value = JSON.parse(decodeURIComponent(session.value));
  const expired = { ...value, createdAt: value.createdAt - 3 * 3600 };
  await context.addCookies([{ ...session, value: encodeURIComponent(JSON.stringify(expired)) }]);
  const refresh = page.waitForRequest((r) => r.url().includes("/oauth/token") && r.method() === "POST");
  await page.goto("/dashboard");
  await refresh;
  await expect(page.getByRole("heading", { name: "AI sales dashboard" })).toBeVisible();
  const renewed = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === "session")!.value));
  expect(renewed.accessToken).not.toBe(value.accessToken);
});
