import { useEffect } from "react";

/**
 * Runs `task` once the browser has painted the next frame: a requestAnimationFrame callback runs just
 * before that paint, and a timeout set from it runs after. Answers a function that cancels it.
 */
export function afterNextPaint(task: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
}

/**
 * Starts a chunk's download once the page has painted. A screen's heavy chunk (a chart library) then
 * no longer shares a phone's bandwidth, or its main thread, with what the first paint waits for. A
 * failure is left to whatever renders the chunk, which asks for it again.
 */
export function useLoadAfterPaint(load: () => Promise<unknown>): void {
  useEffect(() => afterNextPaint(() => void load().catch(() => undefined)), [load]);
}
