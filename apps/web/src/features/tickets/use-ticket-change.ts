import type { TicketDetail } from "@foreman/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { describeError, isExplainedElsewhere } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { afterTicketChange, ticketsKeys } from "./api.ts";

/** One change from the preview: the call, which action it is (its button waits), and what to say after. */
export type TicketChangeRequest = {
  action: string;
  run: () => Promise<TicketDetail>;
  done: string;
  failed: string;
};

/**
 * Runs the preview's changes one at a time: on success the ticket is replaced at once, the list, counts
 * and activity refetch, and `announce` says what happened (the preview shows the change itself, so no
 * toast: one would also take the first Escape meant for the preview). A refusal says why in a toast and
 * refetches the ticket (someone may have changed it).
 */
export function useTicketChange(ticketId: string, announce: (message: string) => void) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TicketChangeRequest) => request.run(),
    onSuccess: async (ticket, request) => {
      announce(request.done);
      await afterTicketChange(queryClient, companyId, ticket);
    },
    onError: (error, request) => {
      if (!isExplainedElsewhere(error))
        toast({ title: request.failed, description: describeError(error), variant: "destructive" });
      void queryClient.invalidateQueries({ queryKey: ticketsKeys.detail(companyId, ticketId) });
    },
  });
}
