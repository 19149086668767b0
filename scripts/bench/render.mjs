// Render times on a phone: a page of 50 conversations and a 500-message thread at 375 px in
// Chromium, against the built product on a fresh demo database. Every figure is taken inside the page
// (performance.now() and requestAnimationFrame), so it is what a user would see, not test-runner time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, ensureChromium } from "../ensure-chromium.mjs";
import { benchAiEmployeesTable } from "./render-ai-employees.mjs";
import { startServer, stopServer } from "./server-process.mjs";
import { percentile } from "./stats.mjs";

const RUNS = 5;
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ms = (value) => `${Math.round(value)} ms`;
const summarize = (values) => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  min: Math.min(...values),
  max: Math.max(...values),
});
const line = (label, values) => {
  const s = summarize(values);
  console.log(
    `  ${label.padEnd(52)} median ${ms(s.p50).padStart(7)}  min ${ms(s.min).padStart(7)}  max ${ms(s.max).padStart(7)}  (${values.length} runs)`,
  );
};

/** The API with the signed-in page's session and company, as the app calls it. */
async function apiFor(page, base) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "session");
  const { accessToken } = JSON.parse(decodeURIComponent(cookie.value));
  await page.waitForFunction(() => localStorage.getItem("selectedCompany"));
  const { id: companyId } = JSON.parse(await page.evaluate(() => localStorage.getItem("selectedCompany")));
  const headers = { Authorization: `Bearer ${accessToken}`, "X-Company-ID": companyId, "X-Client-ID": "foreman-web" };
  return async (method, url, body) => {
    // A FormData goes as multipart (fetch writes its boundary); other bodies as JSON.
    const multipart = body instanceof FormData;
    const response = await fetch(base + url, {
      method,
      headers: body && !multipart ? { ...headers, "Content-Type": "application/json" } : headers,
      body: body && !multipart ? JSON.stringify(body) : body,
    });
    if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
    return url.endsWith(".csv") ? response.text() : response.json();
  };
}

// In the page: `__benchWhen(ready)` starts a clock and resolves `__benchAt` with the ms until `ready()`
// first holds, checked every frame; the first measurement of a page counts from the navigation's start.
function installClock() {
  window.__benchWhen = (ready, from = performance.now()) => {
    window.__benchAt = new Promise((resolve) => {
      const tick = () => (ready() ? resolve(performance.now() - from) : requestAnimationFrame(tick));
      requestAnimationFrame(tick);
    });
  };
  window.__benchWhen(() => document.querySelectorAll('[data-testid="conversation-card"]').length >= 50, 0);
}
const benchResult = (page) => page.evaluate(() => window.__benchAt);

/** Frame times while scrolling `selector` (or the window) through its whole height and back. */
function scrollFrames(page, selector, step) {
  return page.evaluate(
    async ([selector, step]) => {
      const el = selector ? document.querySelector(selector) : document.scrollingElement;
      const deltas = [];
      for (const direction of [1, -1]) {
        let last = performance.now();
        await new Promise((resolve) => {
          const frame = (now) => {
            deltas.push(now - last);
            last = now;
            const before = el.scrollTop;
            el.scrollTop += direction * step;
            if (el.scrollTop === before) resolve();
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
      }
      return deltas;
    },
    [selector, step],
  );
}

export async function benchRender({ port = 3192 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-render-"));
  // One browser from one address seeds 500 messages and loads pages again and again: a higher
  // per-address ceiling than production's, as the e2e suite has, keeps the bench from being throttled.
  const { child } = await startServer({ port, dataDir, env: { RATE_LIMIT_MAX: "20000" } });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const base = `http://127.0.0.1:${port}`;
  try {
    const signIn = await (await browser.newContext({ baseURL: base })).newPage();
    await signIn.goto("/sign_in");
    await signIn.getByLabel("Email").fill("demo@example.com");
    await signIn.getByLabel("Password").fill("foreman-demo");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await signIn.waitForURL("**/dashboard");
    const api = await apiFor(signIn, base);

    // A 500-message thread: 500 staff messages into one of the demo's conversations, through the API.
    const { conversations } = await api("GET", "/app/conversations.json?per_page=1&status=resolved");
    const target = conversations[0];
    for (let sent = 0; sent < 500; sent += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api("POST", `/app/conversations/${target.id}/messages.json`, {
            content: `Bench message ${sent + i + 1} of 500`,
          }),
        ),
      );
    }
    const { messages } = await api("GET", `/app/conversations/${target.id}/messages.json?limit=1`);
    const newestId = messages.at(-1).id;

    const phone = await browser.newContext({
      ...PHONE,
      baseURL: base,
      storageState: await signIn.context().storageState(),
    });
    const listLoad = [];
    const nextPage = [];
    const threadOpen = [];
    const olderPages = [];
    let cardFrames = [];
    let threadFrames = [];
    let threadSize = 0;
    for (let run = 0; run < RUNS; run++) {
      const page = await phone.newPage();
      // 1. /conversations from the address bar to its 50th card in the document.
      await page.addInitScript(installClock);
      await page.goto("/conversations");
      listLoad.push(await benchResult(page));

      // 2. The next page: click → its 50 cards.
      const firstId = await page.getByTestId("conversation-card").first().getAttribute("data-id");
      await page.evaluate(
        (firstId) =>
          window.__benchWhen(() => {
            const cards = document.querySelectorAll('[data-testid="conversation-card"]');
            return cards.length === 50 && cards[0].dataset.id !== firstId;
          }),
        firstId,
      );
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
      nextPage.push(await benchResult(page));
      if (run === 0) cardFrames = await scrollFrames(page, null, 100);

      // 3. The thread: click its card → the newest message on screen.
      await page.goto(`/conversations?q=${target.display_id}`);
      const card = page.locator(`[data-testid="conversation-card"][data-id="${target.id}"]`);
      await card.waitFor();
      await page.evaluate(
        (id) =>
          window.__benchWhen(() => {
            const box = document.querySelector(`[data-message-id="${id}"]`)?.getBoundingClientRect();
            return Boolean(box && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight);
          }),
        newestId,
      );
      await card.getByRole("link").click();
      threadOpen.push(await benchResult(page));

      // 4. Each older page of 100: click → its rows in the thread.
      const older = page.getByRole("button", { name: "Load older messages" });
      // (From the top of the thread, as a reader gets there; the view holds its place for a moment after each.)
      const hasOlder = async () => {
        await page.locator('[data-testid="message-thread"]').evaluate((el) => {
          el.scrollTop = 0;
        });
        return older.isVisible();
      };
      while (await hasOlder()) {
        const count = await page.getByTestId("message").count();
        await page.evaluate(
          (count) => window.__benchWhen(() => document.querySelectorAll('[data-testid="message"]').length > count),
          count,
        );
        await older.click();
        olderPages.push(await benchResult(page));
        await page.waitForTimeout(300);
      }
      if (run === 0) {
        threadSize = await page.getByTestId("message").count();
        await page.waitForTimeout(1200);
        threadFrames = await scrollFrames(page, '[data-testid="message-thread"]', 150);
      }
      await page.close();
    }

    console.log("\nRender on a phone (375 px, Chromium), in the page:");
    line("/conversations, navigation → 50 cards", listLoad);
    line("next page of 50, click → rendered", nextPage);
    line(`thread of ${threadSize} messages, click → newest visible`, threadOpen);
    line("older page of 100 messages, click → rendered", olderPages);
    for (const [label, frames] of [
      ["scrolling 50 cards, frame time", cardFrames],
      [`scrolling ${threadSize} messages down and up, frame time`, threadFrames],
    ]) {
      const s = summarize(frames);
      console.log(
        `  ${label.padEnd(52)} median ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms over ${frames.length} frames`,
      );
    }

    const table = await benchAiEmployeesTable({
      browser,
      storageState: await signIn.context().storageState(),
      base,
      api,
    });
    console.log(`\nThe AI employees table with ${table.employees} employees (desktop, Chromium), in the page:`);
    line("/ai_employees, navigation → first page of rows", table.samples.load);
    line("sort by revenue, click → rows reordered", table.samples.sort);
    line("search, keystroke → matches shown (200 ms debounce)", table.samples.search);
    line("next page of 25, click → rendered", table.samples.next);
  } finally {
    await browser.close();
    await stopServer(child, port);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
