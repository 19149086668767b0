import { defineConfig } from "vitest/config";

// One Vitest run, four projects: pure contract rules, web components (jsdom), the server on a real
// database (scripts/test-server.mjs runs that project once per database engine), and the import rules
// that hold the code's shape (scripts/architecture).
export default defineConfig({
  test: {
    projects: [
      "packages/contract",
      "apps/web",
      "apps/server",
      { test: { name: "architecture", environment: "node", include: ["scripts/architecture/**/*.test.mjs"] } },
    ],
  },
});
