import { formatCallDuration } from "@foreman/contract";
import { useEffect, useState } from "react";
import { cn } from "#web/lib/utils.ts";
import { type CallClock, callClockRuns, callElapsedSeconds } from "../call-time.ts";

// A tick lands just after each whole second of the call, so the shown time turns when a second does.
const TICK_MARGIN_MS = 20;

/** The seconds a live call has run, ticking locally each second while it is answered and not ended. */
export function useCallElapsed(call: CallClock): number {
  const runs = callClockRuns(call);
  const { answeredAt } = call;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!runs || !answeredAt) return;
    const start = Date.parse(answeredAt);
    if (!Number.isFinite(start)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const into = (((current - start) % 1000) + 1000) % 1000;
      timer = setTimeout(tick, 1000 - into + TICK_MARGIN_MS);
    };
    tick();
    return () => clearTimeout(timer);
  }, [runs, answeredAt]);
  return callElapsedSeconds(call, runs ? now : Date.now());
}

/** "m:ss" (h:mm:ss from an hour): the running time of a call, or its duration once ended. */
export function CallTimer({ call, className }: { call: CallClock; className?: string }) {
  const seconds = useCallElapsed(call);
  return (
    // role="timer": screen readers do not announce each tick (its live region is off).
    <span
      role="timer"
      aria-label="Call time"
      className={cn("font-mono tabular-nums", className)}
      data-testid="call-timer"
    >
      {formatCallDuration(seconds)}
    </span>
  );
}
