import type { LiveEvent } from "@foreman/contract";
import type { QueryClient } from "@tanstack/react-query";
import { type ToastOptions, toast } from "#web/lib/toast-store.ts";
import { notificationSettingsQueryOptions } from "../api.ts";

// What a live event shows as a toast, loaded by LiveToasts with the first event it hears: the shell
// carries only the listener.

/** The toast an event raises on `pathname`, or none: the action items screen already shows a new one. */
export function liveToastFor(event: LiveEvent, pathname: string): ToastOptions | null {
  if (event.type === "task.created" && !pathname.startsWith("/action_items"))
    return {
      title: "New action item",
      description: "An AI employee needs an answer or an approval. Open Action items to decide.",
    };
  return null;
}

/** Raises the toast `event` calls for on `pathname`, when the user keeps live toasts on. */
export async function raiseLiveToast(queryClient: QueryClient, event: LiveEvent, pathname: string): Promise<void> {
  const options = liveToastFor(event, pathname);
  if (!options) return;
  const settings = await queryClient.fetchQuery(notificationSettingsQueryOptions());
  if (settings.toasts) toast(options);
}
