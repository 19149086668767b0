import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "#web/lib/live-events.ts";
import { ticketsKeys } from "./api.ts";

/**
 * Keeps the desk current while it is open: a ticket opened or changed by anyone (staff elsewhere, an AI
 * employee) refetches the list, its counts and an open preview; a new message refetches the preview's
 * conversation. After a break in the stream, everything on screen is refetched.
 */
export function useLiveTickets(companyId: string) {
  const queryClient = useQueryClient();
  const refreshTickets = () => void queryClient.invalidateQueries({ queryKey: ticketsKeys.all(companyId) });
  useLiveEvents(
    (event) => {
      if (event.type === "ticket.updated") refreshTickets();
      else if (event.type === "message.created")
        void queryClient.invalidateQueries({ queryKey: ticketsKeys.messages(companyId, event.conversationId) });
    },
    { onReconnect: refreshTickets },
  );
}
