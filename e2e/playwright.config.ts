import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/ensure-chromium.mjs";

// The suite drives the production build served by the real server on a fresh embedded database.
const port = Number(process.env.E2E_PORT ?? 3100);
// A fake of Meta's Graph API (scripts/whatsapp/fake-graph-api.mjs) stands in for WhatsApp: the server
// sends through it, and it plays customers by posting signed webhooks to the server.
const whatsappPort = Number(process.env.E2E_WHATSAPP_PORT ?? port + 10);
const whatsappUrl = `http://127.0.0.1:${whatsappPort}`;
// The specs reach the fake too (tests/whatsapp-inbox.spec.ts): they read its address from here.
process.env.E2E_WHATSAPP_URL = whatsappUrl;
// A local mailbox (scripts/email/mail-sink.mjs) takes every mail the server sends over real SMTP; the
// specs read reset links and invitations out of it over HTTP.
const mailSmtpPort = Number(process.env.E2E_MAIL_SMTP_PORT ?? port + 20);
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? port + 21);
process.env.E2E_MAIL_URL = `http://127.0.0.1:${mailHttpPort}`;
process.env.E2E_RUN_ID ??= String(Date.now());
// The secret that signs POST /webhooks/email, made up for the run: the server gets it, and so do the
// specs that play a mail forwarder (tests/email.spec.ts).
process.env.E2E_EMAIL_WEBHOOK_SECRET ??= randomBytes(24).toString("hex");
const dataDir = path.join(tmpdir(), `foreman-e2e-${process.env.E2E_RUN_ID}`);
const executablePath = findChromium() ?? undefined;

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  // One browser at a time: on 2 cores, two Chromiums beside the server starved each other, and journeys
  // that take 15 s alone (four periods of charts on /sales_reports) ran past 30 s.
  workers: 1,
  // No retries, in CI either: a test that passes only on its second try is a flake to fix, not to hide.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Bounds for a busy two-core machine (docs/testing.md): each wait still ends the moment its condition
  // holds, so a fast machine never waits them out.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 860 } } }],
  webServer: [
    {
      command: `node ../scripts/whatsapp/fake-graph-api.mjs --port ${whatsappPort} --webhook http://127.0.0.1:${port}/webhooks/whatsapp`,
      url: `${whatsappUrl}/sdk.js`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
    },
    {
      command: `node ../scripts/email/mail-sink.mjs --smtp-port ${mailSmtpPort} --http-port ${mailHttpPort} --quiet`,
      url: `http://127.0.0.1:${mailHttpPort}/mails`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
    },
    {
      command: "node ../scripts/start.mjs",
      url: `http://localhost:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
      // Every browser of the run shares one client address, and the conversation specs seed a 500-message
      // thread through the API: a higher per-address ceiling than production's keeps the specs from
      // throttling each other.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        SEED_DEMO: "true",
        RATE_LIMIT_MAX: "20000",
        // What the fake's CLI prints to start Foreman with (its app secret signs the webhooks).
        WHATSAPP_APP_ID: "1234567890",
        WHATSAPP_APP_SECRET: "fake-app-secret-offline-demo",
        WHATSAPP_CONFIG_ID: "fake-config",
        WHATSAPP_VERIFY_TOKEN: "fake-verify-token",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        WHATSAPP_GRAPH_URL: whatsappUrl,
        WHATSAPP_SDK_URL: `${whatsappUrl}/sdk.js`,
        // Inbound mail by webhook; outbound mail to the local mailbox.
        EMAIL_WEBHOOK_SECRET: process.env.E2E_EMAIL_WEBHOOK_SECRET,
        SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
        // The help centre's contact form mails here (tests/help.spec.ts reads it from the mailbox).
        SUPPORT_EMAIL: "support@foreman.example",
      },
    },
  ],
});
