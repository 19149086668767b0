import type { Db } from "#server/db/client.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { NotifyDeps } from "../notifications/index.ts";
import type { TelephonyProvider } from "../telephony/index.ts";
import type { VoiceUrls } from "./voice-urls.ts";

/** What the calls' services work with (calls.plugin.ts builds it once from the app). */
export type CallDeps = {
  db: Db;
  queue: JobQueue;
  events: EventBus;
  telephony: TelephonyProvider;
  urls: VoiceUrls;
  /** Tells staff of a message left for them (an action item's mail). */
  notify: NotifyDeps;
  /** How long a turn waits for the AI employee's answer before saying "One moment" (TURN_WAIT_MS). */
  turnWaitMs: number;
};

/**
 * A turn waits this long for the AI employee before the caller hears "One moment" and the provider
 * asks again: well inside the provider's 15 s webhook timeout, and long enough for a model's answer.
 */
export const TURN_WAIT_MS = 8_000;
