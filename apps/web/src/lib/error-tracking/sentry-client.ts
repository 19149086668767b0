import {
  type ClientConfig,
  camelizeKeys,
  ERROR_TRACKING_DATA_COLLECTION,
  scrubBreadcrumb,
  scrubEvent,
} from "@foreman/contract";

// The browser's Sentry SDK (Sentry or GlitchTip), loaded only when the server gives a DSN, and only after
// the page has painted: it and its session replay never weigh on a page's first download.

// rrweb's event types for the page's address (meta) and the SDK's own entries (custom: breadcrumbs,
// network requests, options), the ones a replay records besides the masked page itself.
const META_EVENT = 4;
const CUSTOM_EVENT = 5;
// Long enough for any browser to report its first paint; a page that never does still gets tracked.
const PAINT_WAIT_MS = 5_000;

/** Resolves once the page has painted content (or after PAINT_WAIT_MS). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    setTimeout(done, PAINT_WAIT_MS);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length > 0) done();
      });
      observer.observe({ type: "paint", buffered: true });
    } catch {
      // No paint timing in this browser: the timeout decides.
    }
  });
}

type RecordingEvent = { type: number; data?: unknown };

/** The replay's own entries cleaned like events (its addresses, breadcrumbs, requests' URLs). */
function scrubRecordingEvent<T extends RecordingEvent>(event: T): T {
  if (event.type === META_EVENT || event.type === CUSTOM_EVENT) return { ...event, data: scrubBreadcrumb(event.data) };
  return event;
}

/**
 * Starts the SDK with the server's settings (the wire's snake_case answer of GET /client_config.json)
 * and returns how to report an error to it.
 */
export async function startSentry(wire: unknown): Promise<(error: unknown) => void> {
  const { release, sentry: settings } = camelizeKeys<ClientConfig>(wire);
  if (!settings) return () => {};
  await afterFirstPaint();
  const Sentry = await import("@sentry/browser");
  Sentry.init({
    dsn: settings.dsn,
    release,
    environment: settings.environment,
    // Nothing about users, no cookies, headers or bodies (the contract says what).
    dataCollection: ERROR_TRACKING_DATA_COLLECTION,
    // Transactions, as self-hosted Sentry and GlitchTip read them (the SDK's default streams spans instead).
    traceLifecycle: "static",
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
    integrations: [
      Sentry.browserTracingIntegration(),
      // Every text, input and image masked: a replay shows where things were, never what they said.
      Sentry.replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        beforeAddRecordingEvent: scrubRecordingEvent,
      }),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  // Replay events pass event processors but not beforeSend: the page addresses they list are cleaned here.
  Sentry.addEventProcessor((event) => (event.type === "replay_event" ? scrubEvent(event) : event));
  return (error) => {
    Sentry.captureException(error);
  };
}
