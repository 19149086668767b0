import { defineConfig } from "vitest/config";

// One Vitest run, five projects: pure contract rules, web components (jsdom), the server on a real
// database (scripts/test-server.mjs runs that project once per database engine), the import rules
// that hold the code's shape (scripts/architecture), and the fault scenarios (scripts/faults).
export default defineConfig({
  test: {
    projects: [
      "packages/contract",
      "apps/web",
      "apps/server",
      // The code's shape, and the fake of Meta's Graph API the WhatsApp tests and demo stand on.
      {
        test: {
          name: "architecture",
          environment: "node",
          include: ["scripts/architecture/**/*.test.mjs", "scripts/whatsapp/**/*.test.mjs"],
          // The import rules read every source file, and the fake's tests talk HTTP: seconds on a busy
          // machine, past Vitest's 5 s default (docs/testing.md).
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      // The real server as a process under SIGTERM and kill -9 (scripts/faults): seconds per scenario, one
      // file at a time; a first start may build the web app.
      {
        test: {
          name: "faults",
          environment: "node",
          include: ["scripts/faults/**/*.test.mjs"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
