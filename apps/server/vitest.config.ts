import { defineProject } from "vitest/config";

// Server integration tests: real HTTP through app.inject on a real database. TEST_DB=pglite (default)
// or TEST_DB=postgres with DATABASE_URL, where each test file gets its own fresh database.
export default defineProject({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps PGlite instances and argon2 hashing from starving each other.
    maxWorkers: 2,
  },
});
