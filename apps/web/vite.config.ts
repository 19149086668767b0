import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Paths the API server owns; in development Vite forwards them to it (same origin in production).
const apiPaths = ["/app", "/oauth", "/users.json", "/internal", "/api", "/files", "/healthz", "/readyz"];
const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  // The router plugin must run before react() so route files are split before JSX is compiled.
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      // Building a zod schema has no side effects, so a schema nothing uses is dropped: the shell
      // imports pure rules from `@foreman/contract` (package marked side-effect free) without
      // pulling zod into the initial bundle. Never call z.config() at module level for its effect.
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        // Every signed-in page needs React, the router and Query: one chunk for them, not a dozen
        // slivers that each compress on their own once lazy routes share pieces of them.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core))[\\/]/,
            },
            // Everything the entry imports statically is fetched on every load anyway: one chunk for it.
            // Left to itself, Rolldown splits it again each time a lazy screen shares a piece of it
            // (adding the sales reports took /dashboard from 146.6 to 149.4 KB gzip that way; 147.2 with this).
            { name: "shell", tags: ["$initial"], priority: 1 },
          ],
        },
      },
    },
  },
});
