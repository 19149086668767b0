import { defineConfig } from "vitest/config";

// One Vitest run, three projects: pure contract rules, web components (jsdom), and the server
// on a real database (scripts/test-server.mjs runs that project once per database engine).
export default defineConfig({
  test: {
    projects: ["packages/contract", "apps/web", "apps/server"],
  },
});
