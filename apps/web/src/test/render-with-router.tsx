import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";

/**
 * Renders `ui` inside a real TanStack router on an in-memory history, so `Link` and `useLocation`
 * work. A catch-all child route lets the test start (and navigate) anywhere.
 */
export function renderWithRouter(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  // The router resets the scroll position after navigating; jsdom only logs "not implemented".
  window.scrollTo = () => {};
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const anyPath = createRoute({ getParentRoute: () => rootRoute, path: "$", component: () => null });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, anyPath]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(<RouterProvider router={router} />);
  return { ...result, router };
}
