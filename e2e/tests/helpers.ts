import { expect, type Page } from "@playwright/test";

export const demo = { email: "demo@example.com", password: "foreman-demo" };
export const ana = { email: "ana@example.com", password: "foreman-demo" };

/** Signs in through the real form; `expectPath` is where the app should land afterwards. */
export async function signIn(page: Page, user = demo, expectPath: string | RegExp = /\/dashboard$/) {
  if (!page.url().includes("/sign_in")) await page.goto("/sign_in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(expectPath);
}

/** The department rail's links, by their accessible names (`AI {name}`). */
export function railDepartments(page: Page) {
  return page.getByRole("navigation", { name: "Departments" }).getByRole("link");
}
