import { decodeSearchKeys } from "@foreman/contract";
import { createRouter, defaultParseSearch, stringifySearchWith } from "@tanstack/react-router";
import { FullScreenLoading } from "./components/feedback/full-screen-loading.tsx";
import { setUnauthorizedHandler } from "./lib/api-client.ts";
import { routerConfig } from "./lib/config.ts";
import { queryClient } from "./lib/query-client.ts";
import { NotFound } from "./routes/-not-found.tsx";
import { RouteError } from "./routes/-route-error.tsx";
import { routeTree } from "./routeTree.gen.ts";

export const router = createRouter({
  routeTree,
  context: { queryClient },
  ...routerConfig,
  defaultPreload: "intent",
  scrollRestoration: true,
  // Search keys are URL-decoded first, so `q%5Bcreated_at_gteq%5D` reads as `q[created_at_gteq]`.
  parseSearch: (search) => decodeSearchKeys(defaultParseSearch(search)),
  // Text values are written as they are (`?sso_conversation_id=12`, not `="12"`): the search
  // validators read numbers back as text, so quoting them to keep their type is not needed.
  stringifySearch: stringifySearchWith(JSON.stringify),
  defaultErrorComponent: RouteError,
  defaultPendingComponent: () => <FullScreenLoading />,
  defaultNotFoundComponent: NotFound,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// A 401 (or a refused refresh) ends the session: go to sign in, remembering where the user was
// going (the latest location, which is the pending one when a loader's call failed).
setUnauthorizedHandler(() => {
  const { pathname, href } = router.latestLocation;
  if (pathname === "/sign_in" || pathname === "/sign_up") return;
  void router.navigate({ to: "/sign_in", search: { redirect: href }, replace: true }).then(() => queryClient.clear());
});
