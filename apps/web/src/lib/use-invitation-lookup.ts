import type { InvitationPreview } from "@foreman/contract";
import { useCallback, useEffect, useState } from "react";
import type { InvitationLookupOutcome } from "./invitation-lookup.ts";

// What an invitation link is for, as the pages around it read it without the query cache: the
// invitation page (features/team) and sign-up from an invitation (features/auth). Both draw on a cold
// load, which starts without TanStack Query (signed-out-app.tsx).

export type InvitationLookup =
  | { state: "loading" }
  | { state: "ready"; preview: InvitationPreview }
  | { state: "failed"; dead: boolean; message: string };

/** The page's code could not be fetched (offline, or a new version replaced the files). */
const LOOKUP_UNAVAILABLE = "The page could not finish loading. Check your connection and try again.";

/**
 * `POST /invitations/lookup.json` once per token (none without one), and a retry. `lookup`, a function
 * declared once (not per render), is lib/invitation-lookup.ts's or an import() of it, for a page that
 * should not fetch it up front.
 */
export function useInvitationLookup(
  token: string | undefined,
  lookup: (token: string) => Promise<InvitationLookupOutcome>,
): [InvitationLookup, () => void] {
  const [state, setState] = useState<InvitationLookup>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    let live = true;
    // Retrying is a fresh lookup.
    if (attempt > 0) setState({ state: "loading" });
    lookup(token).then(
      (outcome) => {
        if (!live) return;
        setState(outcome.ok ? { state: "ready", preview: outcome.preview } : { state: "failed", ...outcome });
      },
      () => {
        if (live) setState({ state: "failed", dead: false, message: LOOKUP_UNAVAILABLE });
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt, lookup]);
  return [state, useCallback(() => setAttempt((count) => count + 1), [])];
}
