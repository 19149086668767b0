/**
 * Loads the browser's locale data on another thread while the page's code and data download (see
 * intl-warm-up.worker.ts). Nothing waits for it: a formatter made before it is done loads what it needs
 * itself, as it would have anyway. Where workers are missing (tests, old browsers) it does nothing.
 */
export function warmUpIntl(): void {
  if (typeof Worker !== "function") return;
  try {
    const worker = new Worker(new URL("./intl-warm-up.worker.ts", import.meta.url), { type: "module" });
    const stop = () => worker.terminate();
    worker.addEventListener("message", stop);
    worker.addEventListener("error", stop);
  } catch {
    // A browser that refuses the worker (a policy, a privacy mode) loads the data on first use instead.
  }
}
