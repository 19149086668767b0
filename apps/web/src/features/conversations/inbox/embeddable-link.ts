import { isSameSitePath } from "@foreman/contract";

// The link the inbox puts in its frame: a path on this site (our own conversation view) or an http(s)
// address (the chat tool's single sign-on). Anything else — empty, `javascript:`, another scheme — is
// no link at all, and the inbox says "No sso link found".

export function embeddableLink(link: unknown): string | null {
  if (typeof link !== "string" || link.trim() === "") return null;
  if (isSameSitePath(link)) return link;
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
