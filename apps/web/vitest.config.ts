import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    // A secure origin, as in production, so the Secure session cookie is kept.
    environmentOptions: { jsdom: { url: "https://localhost/" } },
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
    // Room for overlayKitWait: the first overlay of a file waits for its lazy chunk to be transformed.
    testTimeout: 30_000,
  },
});
