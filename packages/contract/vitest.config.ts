import { defineProject } from "vitest/config";

// The rules are pure, but a few tests work through large inputs (attachments at the size limit): Vitest's
// 5 s default per test is too close to what they take on a busy two-core machine (docs/testing.md).
export default defineProject({
  test: {
    name: "contract",
    environment: "node",
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
