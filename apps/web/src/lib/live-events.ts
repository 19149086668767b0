import { isSessionValid, LIVE_EVENTS_HEARTBEAT_SECONDS, type LiveEvent } from "@foreman/contract";
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { apiRequest } from "./api-client.ts";
import { isApiError, isUnauthorized } from "./api-error.ts";
import { liveEventFromFrame } from "./live-event-frame.ts";
import { tellLiveEventObservers } from "./live-event-observers.ts";
import { getSelectedCompany, subscribeSelectedCompany } from "./selected-company.ts";
import { readSession } from "./session-cookie.ts";
import { createSseParser } from "./sse-parser.ts";

// The live event stream (`GET /app/events`): one connection per tab, shared by every screen that
// listens, opened when the first listener arrives and closed shortly after the last one leaves. It is
// read with fetch (EventSource cannot send the bearer and company headers), through the API client so
// the headers, the refresh of an expired session and the sign-out on 401 are the same as every call.
//
// It reconnects by itself: with backoff after a failure or a closed stream, at once when the company
// changes or the browser comes back online, and when the access token expires (the API client refreshes
// it on the way). Events that happened while it was away are not replayed: listeners pass
// `onReconnect` to refetch what they show.

export type LiveEventHandler = (event: LiveEvent) => void;
export type LiveEventSubscriber = { onEvent: LiveEventHandler; onReconnect?: () => void };

/** idle: nobody listens; connecting: the first attempt; open: events flow; reconnecting: waiting to retry. */
export type LiveEventsStatus = "idle" | "connecting" | "open" | "reconnecting";

export const liveEventsConfig = {
  /** Backoff after a failure: min(base · 2^n, max), ±20% so tabs do not retry in step. */
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  /** A stream silent this long (no event, no heartbeat) is taken for dead and replaced. */
  silenceLimitMs: LIVE_EVENTS_HEARTBEAT_SECONDS * 1000 * 2.5,
  /** How long the connection outlives its last listener (navigating between two live screens). */
  lingerMs: 2000,
  /** A connection that stayed up this long resets the backoff. */
  stableAfterMs: 10_000,
};

const subscribers = new Set<LiveEventSubscriber>();
const statusListeners = new Set<() => void>();
let status: LiveEventsStatus = "idle";

let running = false;
let current: AbortController | null = null;
let attempt = 0;
let everOpened = false;
/** Not connected and not retrying: waiting for a company, a session, or a new listener. */
let stalled = false;
let serverRetryMs: number | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;
let stopWatching: (() => void) | null = null;

function setStatus(next: LiveEventsStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function deliver(event: LiveEvent) {
  for (const subscriber of [...subscribers]) {
    try {
      subscriber.onEvent(event);
    } catch (error) {
      // One screen's broken handler must not silence the others.
      console.error("A live event handler failed", error);
    }
  }
  tellLiveEventObservers(event);
}

function announceReconnect() {
  for (const subscriber of [...subscribers]) {
    try {
      subscriber.onReconnect?.();
    } catch (error) {
      console.error("A live event reconnect handler failed", error);
    }
  }
}

function retryDelay(): number {
  const base = serverRetryMs ?? liveEventsConfig.retryBaseMs;
  const delay = Math.min(base * 2 ** attempt, liveEventsConfig.retryMaxMs);
  attempt += 1;
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

function scheduleRetry(delay = retryDelay()) {
  clearTimeout(retryTimer);
  if (!running) return;
  setStatus(everOpened ? "reconnecting" : "connecting");
  retryTimer = setTimeout(() => void connect(), delay);
}

/** Drops the current stream (if any) and connects again now. */
function reconnectNow() {
  if (!running) return;
  current?.abort();
  current = null;
  attempt = 0;
  clearTimeout(retryTimer);
  void connect();
}

// setTimeout takes at most 2^31 − 1 ms; a token that lives longer is simply re-checked then.
const MAX_TIMEOUT_MS = 2_147_483_647;

async function connect(): Promise<void> {
  clearTimeout(retryTimer);
  if (!running) return;
  const controller = new AbortController();
  current = controller;
  const isCurrent = () => running && current === controller;

  stalled = false;
  setStatus(everOpened ? "reconnecting" : "connecting");
  const companyId = getSelectedCompany()?.id;
  // Signed out or no company yet: wait; the company watcher (or a new listener) starts it again.
  if (!companyId || !isSessionValid(readSession())) {
    stalled = true;
    return;
  }

  let response: Response;
  try {
    response = await apiRequest<Response>("/app/events", {
      companyScoped: true,
      companyId,
      responseType: "stream",
      signal: controller.signal,
    });
  } catch (error) {
    if (!isCurrent()) return;
    // The API client has already signed the tab out; the screens unmount and stop listening.
    if (isUnauthorized(error)) {
      stalled = true;
      return;
    }
    if (isApiError(error) && error.retryAfterSeconds !== undefined)
      return scheduleRetry(error.retryAfterSeconds * 1000);
    return scheduleRetry();
  }
  if (!isCurrent() || !response.body) {
    if (isCurrent()) scheduleRetry();
    return;
  }

  const openedAt = Date.now();
  if (everOpened) announceReconnect();
  everOpened = true;
  setStatus("open");

  const parser = createSseParser(
    (frame) => {
      const event = liveEventFromFrame(frame);
      if (event && isCurrent()) deliver(event);
    },
    {
      onRetry: (milliseconds) => {
        serverRetryMs = milliseconds;
      },
    },
  );

  // A new token is needed when this one expires: reconnecting then makes the API client refresh it.
  const session = readSession();
  const expiresInMs = session ? (session.createdAt + session.expiresIn) * 1000 - Date.now() : MAX_TIMEOUT_MS;
  const expiryTimer = setTimeout(reconnectNow, Math.min(Math.max(expiresInMs + 1000, 1000), MAX_TIMEOUT_MS));
  const watchdog = setInterval(() => {
    if (Date.now() - parser.lastActivity() > liveEventsConfig.silenceLimitMs) controller.abort();
  }, liveEventsConfig.silenceLimitMs / 5);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || !isCurrent()) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch {
    // Aborted (reconnect, stop, silence) or the network dropped: handled below.
  } finally {
    clearTimeout(expiryTimer);
    clearInterval(watchdog);
    reader.cancel().catch(() => {});
  }
  if (Date.now() - openedAt >= liveEventsConfig.stableAfterMs) attempt = 0;
  // Closed by the server or the network, or silent too long: try again (a reconnect already did).
  if (isCurrent()) {
    current = null;
    scheduleRetry();
  }
}

function watch(): () => void {
  let companyId = getSelectedCompany()?.id;
  const stopCompany = subscribeSelectedCompany(() => {
    const next = getSelectedCompany()?.id;
    if (next === companyId) return;
    companyId = next;
    reconnectNow();
  });
  const onOnline = () => {
    if (status !== "open") reconnectNow();
  };
  window.addEventListener("online", onOnline);
  return () => {
    stopCompany();
    window.removeEventListener("online", onOnline);
  };
}

function start() {
  clearTimeout(lingerTimer);
  if (running) {
    // A listener arriving after a 401 (signed in again) or while waiting for a company: try now.
    if (stalled) reconnectNow();
    return;
  }
  running = true;
  attempt = 0;
  stopWatching = watch();
  void connect();
}

function stop() {
  running = false;
  current?.abort();
  current = null;
  clearTimeout(retryTimer);
  stopWatching?.();
  stopWatching = null;
  everOpened = false;
  stalled = false;
  serverRetryMs = null;
  setStatus("idle");
}

/** Listens to the stream; the returned function stops listening (the stream closes when nobody does). */
export function subscribeLiveEvents(subscriber: LiveEventSubscriber): () => void {
  subscribers.add(subscriber);
  start();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size > 0) return;
    clearTimeout(lingerTimer);
    lingerTimer = setTimeout(() => {
      if (subscribers.size === 0) stop();
    }, liveEventsConfig.lingerMs);
  };
}

export function getLiveEventsStatus(): LiveEventsStatus {
  return status;
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/**
 * Calls `handler` with every live event of the selected company while the component is mounted, and
 * `onReconnect` when the stream comes back after a break (refetch what may have been missed). The
 * latest handlers are used without reconnecting, so inline functions are fine.
 */
export function useLiveEvents(handler: LiveEventHandler, options: { onReconnect?: () => void } = {}): void {
  const latest = useRef({ handler, onReconnect: options.onReconnect });
  useLayoutEffect(() => {
    latest.current = { handler, onReconnect: options.onReconnect };
  });
  useEffect(
    () =>
      subscribeLiveEvents({
        onEvent: (event) => latest.current.handler(event),
        onReconnect: () => latest.current.onReconnect?.(),
      }),
    [],
  );
}

/** The stream's state, for a "Live" / "Reconnecting…" hint. */
export function useLiveEventsStatus(): LiveEventsStatus {
  return useSyncExternalStore(subscribeStatus, getLiveEventsStatus, () => "idle");
}
