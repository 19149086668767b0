import { isSameSitePath } from "@foreman/contract";
import { isSignedOutPath } from "./signed-out-pages.ts";

const HOME = "/dashboard";

/**
 * Where to go after signing in or up (or when a signed-in visitor reaches a sign-in page): the
 * `redirect` value when it is a page on this site, else /dashboard. A redirect that points at a
 * sign-in page is unwrapped to that page's own `redirect`, so nobody bounces off /sign_in.
 */
export function postAuthDestination(redirect: string | undefined, depth = 0): string {
  if (!isSameSitePath(redirect) || depth > 3) return HOME;
  const url = new URL(redirect, "http://same.site");
  if (!isSignedOutPath(url.pathname)) return redirect;
  return postAuthDestination(url.searchParams.get("redirect") ?? undefined, depth + 1);
}
