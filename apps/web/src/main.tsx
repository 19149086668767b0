import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ThemeProvider } from "./components/theme/theme-provider.tsx";
import { DeferredToaster } from "./lib/deferred-toaster.tsx";
import { queryClient } from "./lib/query-client.ts";
import { router } from "./router.tsx";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <DeferredToaster />
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
