import type { CompanySettings, CompanySettingsPatch } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { companySettingsQueryKey, meQueryKey, updateCompanySettings } from "./api.ts";

/**
 * Saves settings of the selected company: the answer becomes the cached settings, and /app/me.json is
 * fetched again, so the switcher's name and the screens' time zone change at once.
 */
export function useSaveCompanySettings(companyId: string): (patch: CompanySettingsPatch) => Promise<CompanySettings> {
  const queryClient = useQueryClient();
  return useCallback(
    async (patch) => {
      const saved = await updateCompanySettings(companyId, patch);
      queryClient.setQueryData(companySettingsQueryKey(companyId), saved);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      return saved;
    },
    [companyId, queryClient],
  );
}
