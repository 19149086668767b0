import type { LiveEvent } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { observeLiveEvents } from "#web/lib/live-events.ts";
import { type ToastOptions, toast } from "#web/lib/toast-store.ts";
import { notificationSettingsQueryOptions } from "../api.ts";

// The one place live events become toasts, for a user whose "Live toasts" switch is on. It hears the
// stream while a screen keeps it open (inbox, conversations, support, action items…) and never opens
// one itself. Mounted once in the signed-in layout.

/** The toast an event raises on `pathname`, or none: the action items screen already shows a new one. */
export function liveToastFor(event: LiveEvent, pathname: string): ToastOptions | null {
  if (event.type === "task.created" && !pathname.startsWith("/action_items"))
    return {
      title: "New action item",
      description: "An AI employee needs an answer or an approval. Open Action items to decide.",
    };
  return null;
}

export function LiveToasts() {
  const on = useQuery({ ...notificationSettingsQueryOptions(), select: (settings) => settings.toasts }).data === true;
  const pathname = useLocation({ select: (location) => location.pathname });
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (!on) return;
    return observeLiveEvents((event) => {
      const options = liveToastFor(event, where.current);
      if (options) toast(options);
    });
  }, [on]);
  return null;
}
