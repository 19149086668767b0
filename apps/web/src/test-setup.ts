import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { loadOverlayKit } from "./components/ui/deferred-overlays.ts";

// Component tests start with the overlay kit in, as a page is after its first interaction: a swap in
// the middle of a Testing Library click would leave it pressing the replaced element. The deferred
// loading itself is tested on fresh modules in components/ui/deferred-overlays.test.tsx.
// The component tests talk to a real HTTP server on 127.0.0.1 (src/test/local-api.ts): a round trip and
// the refetch it triggers can pass Testing Library's default 1 s on a busy two-core machine, which made
// waits such as the template sync's fail now and then; and what a lazy chunk renders (a chart, a sheet)
// waits on a clean clone for Vite to transform that chunk's modules, which there took more than 10 s.
// Every waitFor/findBy* without its own timeout waits up to 20 s (a fast machine still moves on the
// moment the thing shows); a wait still fails when the thing never happens. Web tests use this waitFor
// rather than vi.waitFor, whose default is 1 s.
configure({ asyncUtilTimeout: 20_000 });

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
