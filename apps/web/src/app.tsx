import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ThemeProvider } from "./components/theme/theme-provider.tsx";
import { DeferredToaster } from "./lib/deferred-toaster.tsx";
import { queryClient } from "./lib/query-client.ts";
import { router } from "./router.tsx";

// The app: every page through the router, with the query cache. A cold load of /sign_in or /sign_up
// does without both until the visitor has signed in (signed-out-app.tsx).

/** Loads the current address's route (its chunks, guards and loaders) without drawing it yet. */
export async function loadCurrentRoute(): Promise<void> {
  await router.load();
}

export function startApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <DeferredToaster />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
}
