import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    // A secure origin, as in production, so the Secure session cookie is kept.
    environmentOptions: { jsdom: { url: "https://localhost/" } },
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    setupFiles: ["./src/test-setup.ts"],
    // Room for overlayKitWait (the first overlay of a file waits for its lazy chunk to be transformed) and
    // for several 10 s waits in a row on a busy two-core machine: a bound only a hung test reaches.
    testTimeout: 60_000,
    // The setup's beforeEach loads the overlay kit, which a busy machine can take past Vitest's 10 s.
    hookTimeout: 60_000,
    // Testing Library's waits (waitFor, findBy*) wait up to 20 s (src/test-setup.ts); expect.poll 10 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
