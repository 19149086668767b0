import type { Company } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { describeError, isUnauthorized } from "#web/lib/api-error.ts";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import { toast } from "#web/lib/toast-store.ts";

/** Switching company saves it, invalidates every cached answer and reloads the current route. */
export function useSwitchCompany(): (company: Company) => Promise<void> {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    async (company: Company) => {
      setSelectedCompany(company);
      try {
        await queryClient.invalidateQueries(undefined, { throwOnError: true });
      } catch (error) {
        // A failed refresh is only reported; the route reload below shows what could be loaded.
        if (!isUnauthorized(error)) {
          toast({
            title: "Some data could not be refreshed",
            description: describeError(error),
            variant: "destructive",
          });
        }
      }
      await router.invalidate();
    },
    [queryClient, router],
  );
}
