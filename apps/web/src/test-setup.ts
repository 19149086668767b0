import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { loadOverlayKit } from "./components/ui/deferred-overlays.ts";

// Component tests start with the overlay kit in, as a page is after its first interaction: a swap in
// the middle of a Testing Library click would leave it pressing the replaced element. The deferred
// loading itself is tested on fresh modules in components/ui/deferred-overlays.test.tsx.
beforeEach(async () => {
  await loadOverlayKit();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing what the code under test wrote
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});
