import type { LiveEvent } from "@foreman/contract";

// Who hears the live stream without opening it (the live toasts). Kept apart from live-events.ts so the
// signed-in shell can listen without loading the stream's code: only screens that open a stream load
// it, and it tells the observers registered here.

type LiveEventObserver = (event: LiveEvent) => void;

const observers = new Set<LiveEventObserver>();

/** Hears every event while some screen keeps the stream open. The returned function stops hearing. */
export function observeLiveEvents(observer: LiveEventObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Called by the stream for each event it delivers. */
export function tellLiveEventObservers(event: LiveEvent): void {
  for (const observer of [...observers]) {
    try {
      observer(event);
    } catch (error) {
      console.error("A live event observer failed", error);
    }
  }
}
