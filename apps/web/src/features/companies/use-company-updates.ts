import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { observeLiveEvents } from "#web/lib/live-event-observers.ts";
import { meQueryKey } from "#web/lib/me.ts";

/**
 * Reads the company again when its settings change elsewhere (a colleague renamed it or moved its time
 * zone): `company.updated` on the live stream refetches /app/me.json and the settings. It listens while
 * a screen keeps the stream open; other pages catch up
 * when the window regains focus once /app/me.json is a minute old.
 */
export function useCompanyUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      observeLiveEvents((event) => {
        if (event.type !== "company.updated") return;
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        // Every company's settings key starts so (companySettingsQueryKey).
        void queryClient.invalidateQueries({ queryKey: ["company-settings"] });
      }),
    [queryClient],
  );
}
