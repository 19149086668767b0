import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

export const demo = { email: "demo@example.com", password: "foreman-demo" };
export const ana = { email: "ana@example.com", password: "foreman-demo" };

/** A short suffix no other run uses, for the names and addresses a journey makes. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

export type NewOwner = { email: string; password: string; company: string; companyId: string; token: string };

/**
 * A new owner with a company of their own, made through the API as the sign-up form does: journeys that
 * change settings or an account use one, so the shared demo users and companies are never changed.
 */
export async function signUpOwner(page: Page, label: string, company = `Lantern ${label} ${uniqueSuffix()}`) {
  const email = `${label}-${uniqueSuffix()}@example.com`;
  const password = "Lantern-Orchard-42";
  const response = await page.request.post("/users.json", {
    headers: { "X-Client-ID": "foreman-web" },
    data: {
      user: {
        first_name: "Rosa",
        last_name: "Parks",
        email,
        password,
        password_confirmation: password,
        company_name: company,
      },
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { company: { id: string; name: string } };
  const owner: NewOwner = {
    email,
    password,
    company: body.company.name,
    companyId: body.company.id,
    token: response.headers()["access-token"] ?? "",
  };
  return owner;
}

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

/**
 * A GET to the API with the page's own session and selected company, as the app makes it; answers
 * the JSON body (snake_case, as on the wire). `{companyId}` in the path becomes the selected company.
 */
export async function apiGet<T>(page: Page, path: string, params: Record<string, string> = {}): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "session");
  expect(cookie, "the session cookie").toBeTruthy();
  const session = JSON.parse(decodeURIComponent(cookie?.value ?? "")) as { accessToken: string };
  // The app stores the selected company once the user call has answered.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("selectedCompany"))).not.toBeNull();
  const stored = await page.evaluate(() => localStorage.getItem("selectedCompany"));
  const company = JSON.parse(stored ?? "{}") as { id: string };
  const response = await page.request.get(path.replaceAll("{companyId}", encodeURIComponent(company.id)), {
    params,
    headers: {
      Authorization: `Bearer ${session.accessToken}`,
      "X-Company-ID": company.id,
      "X-Client-ID": "foreman-web",
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** Nothing on the page is wider than the window: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** `lower` sits below `upper` in one column (left edges aligned), as cards stack on a phone. */
export async function expectStacked(upper: Locator, lower: Locator) {
  const [a, b] = [await upper.boundingBox(), await lower.boundingBox()];
  expect(b?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1);
  expect(Math.abs((a?.x ?? 0) - (b?.x ?? 0))).toBeLessThan(1);
}

/** Makes Northwind Supply (the English demo company) the selected one, through the sidebar's switcher. */
export async function switchToNorthwind(page: Page) {
  const switcher = page.locator("#app-sidebar").getByRole("button", { name: "Switch company" });
  await expect(switcher).toContainText(/Andes Comercial|Northwind Supply/);
  if (!((await switcher.textContent()) ?? "").includes("Northwind Supply")) {
    await switcher.click();
    await page.getByRole("menuitemradio", { name: /Northwind Supply/ }).click();
    await expect(switcher).toContainText("Northwind Supply");
  }
}

/** The page's session and selected company, as the app sends them. */
export async function sessionHeaders(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "session");
  const session = JSON.parse(decodeURIComponent(cookie?.value ?? "{}")) as { accessToken: string };
  await expect.poll(() => page.evaluate(() => localStorage.getItem("selectedCompany"))).not.toBeNull();
  const company = JSON.parse((await page.evaluate(() => localStorage.getItem("selectedCompany"))) ?? "{}") as {
    id: string;
  };
  return { Authorization: `Bearer ${session.accessToken}`, "X-Company-ID": company.id, "X-Client-ID": "foreman-web" };
}

/** axe finds nothing serious or critical on the page (or in the part `selector` names). */
export async function expectAccessible(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  const audit = await (selector ? builder.include(selector) : builder).analyze();
  const serious = audit.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]))).toEqual([]);
}
