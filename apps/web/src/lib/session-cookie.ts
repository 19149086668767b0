import { parseSession, SESSION_COOKIE_MAX_AGE_DAYS, SESSION_COOKIE_NAME, type Session } from "@foreman/contract";

// The browser session lives in the `session` cookie: JSON of the Session, 30 days,
// Secure, SameSite=Strict, path /.

const MAX_AGE_SECONDS = SESSION_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

// Browsers drop a Secure cookie set from a plain-http page that is not localhost; there the flag
// would mean "never signed in", so it is only added where the page is a secure context.
function secureAttribute(): string {
  const secure = typeof window === "undefined" || window.isSecureContext !== false;
  return secure ? "; Secure" : "";
}

/** The stored session, or null when there is none or it cannot be read (treated as signed out). */
export function readSession(): Session | null {
  const raw = readCookie(SESSION_COOKIE_NAME);
  if (!raw) return null;
  try {
    return parseSession(JSON.parse(decodeURIComponent(raw)));
  } catch {
    return null;
  }
}

export function writeSession(session: Session): void {
  const value = encodeURIComponent(JSON.stringify(session));
  // biome-ignore lint/suspicious/noDocumentCookie: the route guards read the session synchronously; the async Cookie Store API is not in every browser
  document.cookie = `${SESSION_COOKIE_NAME}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secureAttribute()}`;
}

export function deleteSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${SESSION_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Strict${secureAttribute()}`;
}
