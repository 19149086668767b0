import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, type Request, test } from "@playwright/test";
import { chunkNamesOf } from "../../scripts/lib/page-javascript.mjs";
import { readReplayRecording } from "../../scripts/sentry/envelope.mjs";
import { type FakeIngest, type ReceivedEnvelope, startFakeIngest } from "../../scripts/sentry/fake-ingest.mjs";
import { demo } from "./helpers.ts";

// Error tracking in the browser. The suite's server has no DSN: a page asks /client_config.json once
// and fetches nothing of the SDK. A second server, started here with SENTRY_DSN and SENTRY_BROWSER_DSN
// pointing at a fake Sentry ingest on 127.0.0.1 (scripts/sentry/fake-ingest.mjs), shows what arrives
// from a browser error: the release, the spec's sample rates, a replay, and none of the secrets typed or
// shown on the way.

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const suitePort = Number(process.env.E2E_PORT ?? 3100);
// The fakes of playwright.config.ts use +10, +20 and +21.
const trackedPort = suitePort + 31;
const tracked = `http://localhost:${trackedPort}`;
const BROWSER_PROJECT = "2";
// What each built file holds: most chunks are named by their hash alone, so the build's manifest tells
// which one is our loader (`sentry-client`) and which the SDK (`sentry`).
const chunkOf = (url: string) => chunkNamesOf().get(new URL(url).pathname) ?? url;

/** Every request the page makes, and the scripts it downloads. */
function watchRequests(page: Page) {
  const requests: Request[] = [];
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on("request", (request) => requests.push(request));
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.push({ url: response.url(), body: response.text().catch(() => "") });
  });
  return { requests, scripts };
}

/** A cold load of `url`, until the page has asked for its configuration and the network is quiet. */
async function loadAndSettle(page: Page, url: string) {
  const configAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === "/client_config.json");
  await page.goto(url);
  await configAnswer;
  // Whatever the answer set off (nothing, without a DSN) has been asked for by now.
  await page.waitForLoadState("networkidle");
}

test.describe("without a DSN", () => {
  test("sign-in and the dashboard ask the configuration once, call no ingest and download no SDK", async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    const { requests, scripts } = watchRequests(page);
    await loadAndSettle(page, "/sign_in");
    const configOf = () => requests.filter((request) => new URL(request.url()).pathname === "/client_config.json");
    expect(configOf()).toHaveLength(1);
    await expect((await configOf()[0]!.response())!.json()).resolves.toMatchObject({ sentry: null });

    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password", { exact: true }).fill(demo.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await loadAndSettle(page, "/dashboard");
    expect(configOf()).toHaveLength(2);

    expect(requests.filter((request) => new URL(request.url()).origin !== origin).map((r) => r.url())).toEqual([]);
    expect(requests.filter((request) => /\/api\/\d+\/envelope/.test(request.url()))).toEqual([]);
    const sdk = [];
    for (const script of scripts) if ((await script.body).includes("sentry.javascript")) sdk.push(script.url);
    expect(sdk).toEqual([]);
    expect(scripts.filter((script) => /sentry/i.test(chunkOf(script.url)))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(5);
  });
});

test.describe("with a DSN", () => {
  let ingest: FakeIngest;
  let server: ChildProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    // A fresh database seeded with the demo workspace: the longest part of this spec.
    test.setTimeout(240_000);
    ingest = await startFakeIngest();
    dataDir = mkdtempSync(path.join(tmpdir(), "foreman-e2e-sentry-"));
    server = spawn(process.execPath, [path.join(REPO_ROOT, "scripts/start.mjs")], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: "ignore",
      env: {
        ...process.env,
        PORT: String(trackedPort),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        SEED_DEMO: "true",
        RATE_LIMIT_MAX: "20000",
        SENTRY_DSN: ingest.dsn(1),
        SENTRY_BROWSER_DSN: ingest.dsn(Number(BROWSER_PROJECT)),
        SENTRY_ENVIRONMENT: "e2e",
      },
    });
    await expect
      .poll(
        () =>
          fetch(`${tracked}/readyz`).then(
            (response) => response.status,
            () => 0,
          ),
        {
          timeout: 220_000,
          intervals: [500],
        },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server?.pid) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    await ingest?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const fromBrowser = () => ingest.envelopes.filter((envelope) => envelope.projectId === BROWSER_PROJECT);
  const itemsOf = (type: string) =>
    fromBrowser().flatMap((envelope) =>
      envelope.items.filter((item) => item.header.type === type).map((item) => ({ envelope, item })),
    );

  test("a browser error arrives with the release and sample rates, a masked replay, and no secret", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const release = ((await (await fetch(`${tracked}/client_config.json`)).json()) as { release: string }).release;

    await page.goto(`${tracked}/sign_in`);
    // The SDK starts after the first paint; what is typed from now on is under its eyes.
    await page.waitForFunction(() => "__SENTRY__" in window, undefined, { timeout: 30_000 });
    const sdkTiming = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name));
      return {
        loadEnd: navigation.loadEventEnd,
        paint: paint?.startTime ?? Number.POSITIVE_INFINITY,
        scripts: scripts.map((entry) => ({ url: entry.name, start: entry.startTime })),
      };
    });
    // Never part of the first download: our small loader is asked for after the load event, the SDK and
    // its replay (the `sentry` chunk) after the first paint too.
    const startOf = (name: string) => sdkTiming.scripts.find((entry) => chunkOf(entry.url) === name)?.start;
    expect(startOf("sentry-client")).toBeGreaterThanOrEqual(sdkTiming.loadEnd);
    expect(startOf("sentry")).toBeGreaterThanOrEqual(sdkTiming.loadEnd);
    expect(startOf("sentry")).toBeGreaterThanOrEqual(sdkTiming.paint);

    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password", { exact: true }).fill(demo.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A customer's message on screen (reached inside the app, so the replay keeps everything since sign-in).
    await page.getByRole("link", { name: "Conversations" }).first().click();
    await expect(page).toHaveURL(/\/conversations$/);
    await page.getByTestId("conversation-row").first().click();
    const content = page.getByTestId("message-content").first();
    await expect(content).toBeVisible();
    const messageText = ((await content.textContent()) ?? "").trim();
    const senderName = ((await page.getByTestId("message-sender").first().textContent()) ?? "").trim();
    expect(messageText.length).toBeGreaterThan(12);

    const session = (await page.context().cookies()).find((cookie) => cookie.name === "session");
    const tokens = JSON.parse(decodeURIComponent(session?.value ?? "{}")) as {
      accessToken: string;
      refreshToken: string;
    };
    expect(tokens.accessToken.length).toBeGreaterThan(20);

    // An error nobody catches, naming an email address.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("E2E failure while showing demo@example.com's thread");
      });
    });

    await expect
      .poll(() => itemsOf("event").length, { timeout: 30_000, message: "the error's event at the ingest" })
      .toBeGreaterThan(0);
    const { envelope, item } = itemsOf("event").find(({ item }) =>
      JSON.stringify(item.payload).includes("E2E failure"),
    )!;
    const event = item.payload as {
      release: string;
      environment: string;
      exception: { values: { value: string }[] };
      contexts: { trace: { trace_id: string } };
    };
    expect(event.release).toBe(release);
    expect(event.environment).toBe("e2e");
    expect(event.exception.values[0]!.value).toBe("E2E failure while showing [Filtered]'s thread");
    // Traces sampled at 1, in the envelope's trace context.
    expect((envelope.header as { trace: { sample_rate: string; release: string } }).trace).toMatchObject({
      sample_rate: "1",
      release,
    });

    // The replay of the session with the error: sent because the on-error rate is 1 (the session rate is 0.1).
    await expect
      .poll(() => itemsOf("replay_recording").length, { timeout: 30_000, message: "the replay at the ingest" })
      .toBeGreaterThan(0);
    const recordings = itemsOf("replay_recording").map(({ item }) =>
      readReplayRecording(Buffer.isBuffer(item.payload) ? item.payload : Buffer.from(String(item.payload))),
    );
    const events = recordings.flatMap((recording) => recording.events) as {
      type: number;
      data?: { tag?: string; payload?: Record<string, unknown> };
    }[];
    const options = events.find((entry) => entry.data?.tag === "options")?.data?.payload;
    expect(options).toMatchObject({
      sessionSampleRate: 0.1,
      errorSampleRate: 1,
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
    // Compressed (zlib) in the replay's worker: the page's policy lets it start (worker-src blob:, only
    // with a DSN).
    for (const { item } of itemsOf("replay_recording")) {
      const bytes = item.payload as Buffer;
      expect(bytes[bytes.indexOf(0x0a) + 1], "a zlib stream after the recording's header line").toBe(0x78);
    }
    // Kept from the error on ("buffer"), or, for the one session in ten the session rate samples, from the
    // start ("session"): Sentry draws that at random on each page load, so either is right here.
    const replayEvent = itemsOf("replay_event")[0]?.item.payload as { replay_type: string; release: string };
    expect(replayEvent).toMatchObject({ release });
    expect(["buffer", "session"]).toContain(replayEvent.replay_type);

    // Nothing that arrived, replays unpacked, holds a credential, the password typed, an email address, the
    // message shown or its sender's name.
    const everything = [
      ...fromBrowser().map((received: ReceivedEnvelope) => received.raw),
      ...recordings.map((recording) => JSON.stringify(recording.events)),
      ...ingest.envelopes.filter((received) => received.projectId !== BROWSER_PROJECT).map((received) => received.raw),
    ].join("\n");
    for (const secret of [
      demo.password,
      demo.email,
      tokens.accessToken,
      tokens.refreshToken,
      encodeURIComponent(tokens.accessToken),
      messageText,
      senderName,
    ])
      expect(everything.includes(secret), `something sent holds ${secret.slice(0, 12)}…`).toBe(false);
  });
});
