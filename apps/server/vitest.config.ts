import { defineProject } from "vitest/config";

// Server integration tests: real HTTP through app.inject on a real database. TEST_DB=pglite (default)
// or TEST_DB=postgres with DATABASE_URL, where each test file gets its own fresh database.
export default defineProject({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test/global-setup.ts"],
    // On a busy two-core machine a PGlite (WASM) database opens in tens of seconds and seeding the demo
    // workspace in a beforeAll takes minutes: 30 s per test and 60 s per hook were passed under load.
    // Bounds only a hung test reaches (docs/testing.md).
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // expect.poll's own default is 1 s: shorter than a background job, a NOTIFY or a mail can take on a
    // busy two-core machine. A poll still ends the moment its condition holds (docs/testing.md).
    expect: { poll: { timeout: 10_000 } },
    // Two cores: two files at a time keeps PGlite instances and argon2 hashing from starving each other.
    maxWorkers: 2,
  },
});
