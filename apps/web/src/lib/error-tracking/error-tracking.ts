// Error tracking's start in the page, kept to a few hundred bytes of the first download: it only
// catches errors and, once the page has loaded and is idle, asks the server whether to track them at
// all. Only then, and only with a DSN, does the SDK load (sentry-client.ts, chunks of its own).

type Capture = (error: unknown) => void;

// The contract's CLIENT_CONFIG_PATH, written out: importing the contract here would put every part of it
// that any page shares into the entry (error-tracking.test.ts checks they agree).
export const CONFIG_PATH = "/client_config.json";

// Errors raised before the answer: a few are kept, for the SDK to send once it has started.
const early: unknown[] = [];
let capture: Capture = (error) => {
  if (early.length < 10) early.push(error);
};
const onError = (event: ErrorEvent | PromiseRejectionEvent) =>
  capture("reason" in event ? event.reason : (event.error ?? event.message));

/** Reports an error that was caught (the error screen's); dropped when there is no error tracking. */
export function captureError(error: unknown): void {
  capture(error);
}

/** Hands the early errors to `next`, which takes every later one too. */
function handOver(next: Capture): void {
  removeEventListener("error", onError);
  removeEventListener("unhandledrejection", onError);
  capture = next;
  for (const error of early.splice(0)) next(error);
}

function loadIfConfigured(): Promise<void> {
  // Without a browser DSN (or without an answer) this fetch is all that happens.
  return fetch(CONFIG_PATH)
    .then((response) => response.json())
    .then((config) =>
      config?.sentry ? import("./sentry-client.ts").then((client) => client.startSentry(config)) : () => {},
    )
    .catch(() => () => {})
    .then(handOver);
}

/**
 * Called once, first thing: errors are kept from now on; once the page has loaded and is idle, the
 * server's answer decides. Resolves when it has (the SDK started, or nothing will be).
 */
export function startErrorTracking(): Promise<void> {
  addEventListener("error", onError);
  addEventListener("unhandledrejection", onError);
  return new Promise((resolve) =>
    addEventListener("load", () => (window.requestIdleCallback ?? setTimeout)(() => resolve(loadIfConfigured())), {
      once: true,
    }),
  );
}
