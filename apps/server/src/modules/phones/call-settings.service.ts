import type { CallSettings, UpdateCallSettings } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { findCallSettings, upsertCallSettings } from "./phones.repository.ts";

// The company's call settings: whether calls are recorded (callers are told so) and where a hand-off to
// a person is dialled. A company that never saved any has recording off and no fallback number.

export const DEFAULT_CALL_SETTINGS: CallSettings = { recordingEnabled: false, fallbackNumber: null };

export async function readCallSettings(db: Executor, companyId: string): Promise<CallSettings> {
  const row = await findCallSettings(db, companyId);
  return row ? { recordingEnabled: row.recordingEnabled, fallbackNumber: row.fallbackNumber } : DEFAULT_CALL_SETTINGS;
}

/** Applies the settings given; a change to nothing writes nothing. */
export async function changeCallSettings(
  db: Executor,
  companyId: string,
  patch: UpdateCallSettings,
  now: Date,
): Promise<CallSettings> {
  const current = await readCallSettings(db, companyId);
  const next: CallSettings = {
    recordingEnabled: patch.recordingEnabled ?? current.recordingEnabled,
    fallbackNumber: patch.fallbackNumber !== undefined ? patch.fallbackNumber : current.fallbackNumber,
  };
  if (next.recordingEnabled === current.recordingEnabled && next.fallbackNumber === current.fallbackNumber)
    return current;
  await upsertCallSettings(db, companyId, next, now);
  return next;
}
