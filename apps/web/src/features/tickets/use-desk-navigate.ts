import { useNavigate, useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { isLatestPath } from "#web/lib/latest-path.ts";
import type { DeskPatch } from "./desk-search.ts";

/**
 * Writes a change of the desk's filters, sort, page or preview into the `/support` address. A search
 * typed a moment before leaving applies after its pause: by then the user is elsewhere, and navigating
 * here again would pull them back, so a change arriving off `/support` is dropped.
 */
export function useDeskNavigate() {
  const navigate = useNavigate();
  const router = useRouter();
  return useCallback(
    (patch: DeskPatch, options: { replace?: boolean } = {}) => {
      if (!isLatestPath(router, "/support")) return;
      void navigate({ from: "/support", to: "/support", search: (prev) => ({ ...prev, ...patch }), ...options });
    },
    [navigate, router],
  );
}
