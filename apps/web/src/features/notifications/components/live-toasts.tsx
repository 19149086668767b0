import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { observeLiveEvents } from "#web/lib/live-event-observers.ts";

// The one place live events become toasts, for a user whose "Live toasts" switch is on. It hears the
// stream while a screen keeps it open (inbox, conversations, support, action items…) and never opens
// one itself. Mounted once in the signed-in layout; what an event shows, and the user's switch, load
// with the first event heard, so the shell carries only this listener.

export function LiveToasts() {
  const queryClient = useQueryClient();
  const pathname = useLocation({ select: (location) => location.pathname });
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);
  useEffect(
    () =>
      observeLiveEvents((event) => {
        void import("./live-toast-for.ts").then(({ raiseLiveToast }) =>
          raiseLiveToast(queryClient, event, where.current),
        );
      }),
    [queryClient],
  );
  return null;
}
