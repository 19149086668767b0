// The pages a cold load draws without the router (src/signed-out-app.tsx): sign-in and sign-up, and the
// pages mailed links open. The entry needs this list, and the routes and the cold start the titles,
// without the pages themselves.

/** For signed-out visitors only: with a session, the app's guard sends the visitor on. */
export const SIGNED_OUT_PATHS = ["/sign_in", "/sign_up"] as const;
export type SignedOutPath = (typeof SIGNED_OUT_PATHS)[number];

/** Opened from a mail, signed in or out; each has its cold start in src/standalone/<name>.tsx. */
export const LINK_PAGE_PATHS = ["/reset_password", "/confirm_email", "/accept_invitation"] as const;
export type LinkPagePath = (typeof LINK_PAGE_PATHS)[number];

export type StandalonePath = SignedOutPath | LinkPagePath;

export function isSignedOutPath(pathname: string): pathname is SignedOutPath {
  return (SIGNED_OUT_PATHS as readonly string[]).includes(pathname);
}

export function isLinkPagePath(pathname: string): pathname is LinkPagePath {
  return (LINK_PAGE_PATHS as readonly string[]).includes(pathname);
}

/** Whether a cold load of the address starts without the router. */
export function startsWithoutRouter(pathname: string): pathname is StandalonePath {
  return isSignedOutPath(pathname) || isLinkPagePath(pathname);
}

/**
 * Whether the page is drawn without the router for this visitor. With a session, the sign-in pages go
 * on into the app, and an invitation needs it (who is signed in, joining); the other two do not.
 */
export function drawnWithoutRouter(path: StandalonePath, signedIn: boolean): boolean {
  return !signedIn || path === "/reset_password" || path === "/confirm_email";
}

export const STANDALONE_TITLES: Record<StandalonePath, string> = {
  "/sign_in": "Sign in · Foreman",
  "/sign_up": "Sign up · Foreman",
  "/reset_password": "Choose a new password · Foreman",
  "/confirm_email": "Confirm your email · Foreman",
  "/accept_invitation": "Your invitation · Foreman",
};
