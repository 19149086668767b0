import { isSessionValid } from "@foreman/contract";
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { readSession } from "#web/lib/session-cookie.ts";

// Pages for signed-out visitors only: with a valid session, go to the root path and pass the
// requested address along as `redirect`.
export const Route = createFileRoute("/(auth)")({
  beforeLoad: ({ location }) => {
    if (isSessionValid(readSession())) {
      throw redirect({ to: "/", search: { redirect: location.href }, replace: true });
    }
  },
  component: Outlet,
});
