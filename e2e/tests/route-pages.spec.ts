import { expect, type Page, type Request, test } from "@playwright/test";
import { chunkNamesOf } from "../../scripts/lib/page-javascript.mjs";
import { apiGet, signIn } from "./helpers.ts";

// Each route's page names the scripts the route needs up front (apps/web/build/route-pages.ts), so a
// phone fetches them side by side. A script named there that the page never runs is bytes a phone
// waited for: every preloaded file must run on a cold load of its route, and the route must draw.

/** The scripts the page's HTML names for preloading. */
async function preloadsOf(page: Page, url: string): Promise<string[]> {
  const response = await page.request.get(url, { headers: { accept: "text/html" } });
  expect(response.ok()).toBe(true);
  const html = await response.text();
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1] ?? "");
}

/** Loads `path` cold and returns the preloaded files whose code never ran. */
async function unusedPreloads(page: Page, path: string, drawn: () => Promise<void>) {
  const preloads = await preloadsOf(page, path);
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  // Until no script has been on its way for half a second ("networkidle" never comes while the live
  // stream is open).
  let inFlight = 0;
  let lastChange = Date.now();
  const count = (change: number) => (request: Request) => {
    if (request.resourceType() !== "script") return;
    inFlight += change;
    lastChange = Date.now();
  };
  const started = count(1);
  const ended = count(-1);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  await page.goto(path);
  await drawn();
  await expect.poll(() => inFlight === 0 && Date.now() - lastChange >= 500, { intervals: [100] }).toBe(true);
  page.off("request", started);
  page.off("requestfinished", ended);
  page.off("requestfailed", ended);
  const coverage = await page.coverage.stopJSCoverage();
  // A module that ran has its top level (the function spanning the whole file) counted at least once.
  const ran = new Set(
    coverage
      .filter((entry) =>
        entry.functions.some((fn) => fn.ranges[0]?.startOffset === 0 && (fn.ranges[0]?.count ?? 0) > 0),
      )
      .map((entry) => new URL(entry.url).pathname),
  );
  const names = chunkNamesOf();
  return {
    preloads,
    unused: preloads.filter((file) => !ran.has(file)).map((file) => `${file} (${names.get(file) ?? "?"})`),
  };
}

test("a cold /sign_in runs every script its page preloads", async ({ page }) => {
  const { preloads, unused } = await unusedPreloads(page, "/sign_in", () =>
    expect(page.getByLabel("Email")).toBeVisible(),
  );
  expect(preloads.length).toBeGreaterThan(0);
  expect(unused).toEqual([]);
});

test("a cold mailed link's page runs every script its page preloads, without the app's", async ({ page }) => {
  // Without a token each says at once that the link does not work, without asking the server.
  const routes: [string, string][] = [
    ["/reset_password", "This link no longer works"],
    ["/confirm_email", "This link no longer works"],
    ["/accept_invitation", "This invitation can't be used"],
  ];
  for (const [path, heading] of routes) {
    const tab = await page.context().newPage();
    const { preloads, unused } = await unusedPreloads(tab, path, () =>
      expect(tab.getByRole("heading", { level: 1, name: heading })).toBeVisible(),
    );
    await tab.close();
    expect(preloads.length, path).toBeGreaterThan(0);
    expect(unused, path).toEqual([]);
    // Started without the router, as a cold /sign_in is.
    const names = chunkNamesOf();
    expect(
      preloads.map((file) => names.get(file)),
      path,
    ).not.toContain("app-framework");
  }
});

test("a cold signed-in page runs every script its page preloads", async ({ page }) => {
  await signIn(page);
  const { conversations } = await apiGet<{ conversations: { id: string }[] }>(page, "/app/conversations.json", {
    per_page: "1",
  });
  const conversation = conversations[0]?.id;
  expect(conversation, "a demo conversation").toBeTruthy();
  const routes: [string, (tab: Page) => Promise<void>][] = [
    ["/dashboard", (tab) => expect(tab.getByTestId("indicator-totalSalesAmount")).toBeVisible()],
    ["/inbox", (tab) => expect(tab.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible()],
    ["/settings", (tab) => expect(tab.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible()],
    [`/conversations/${conversation}`, (tab) => expect(tab.getByRole("textbox").first()).toBeVisible()],
  ];
  for (const [path, drawn] of routes) {
    // Each in a fresh tab of the signed-in browser: a cold load.
    const tab = await page.context().newPage();
    const { preloads, unused } = await unusedPreloads(tab, path, () => drawn(tab));
    await tab.close();
    expect(preloads.length, path).toBeGreaterThan(5);
    expect(unused, path).toEqual([]);
  }
});

test("a page no route matches is the plain index.html", async ({ page }) => {
  expect(await preloadsOf(page, "/no-such-page")).toEqual([]);
});
