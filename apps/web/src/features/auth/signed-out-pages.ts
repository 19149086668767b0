// The pages a signed-out visitor uses. Besides their routes, a cold load of one of them starts without
// the router (src/signed-out-app.tsx): the entry needs this list, and both need the titles, without
// the pages themselves.

export const SIGNED_OUT_PATHS = ["/sign_in", "/sign_up"] as const;
export type SignedOutPath = (typeof SIGNED_OUT_PATHS)[number];

export function isSignedOutPath(pathname: string): pathname is SignedOutPath {
  return (SIGNED_OUT_PATHS as readonly string[]).includes(pathname);
}

export const SIGNED_OUT_TITLES: Record<SignedOutPath, string> = {
  "/sign_in": "Sign in · Foreman",
  "/sign_up": "Sign up · Foreman",
};
