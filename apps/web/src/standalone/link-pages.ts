import { lazy } from "react";
import type { LinkPages } from "#web/features/auth/components/standalone-auth-pages.tsx";

// The mailed links' pages on a cold load, one file each, named as its route file: the build preloads
// the file's chunk in that address's page (apps/web/build/route-pages.ts).
export const LINK_PAGES: LinkPages = {
  "/reset_password": lazy(() => import("./reset_password.tsx")),
  "/confirm_email": lazy(() => import("./confirm_email.tsx")),
  "/accept_invitation": lazy(() => import("./accept_invitation.tsx")),
};
