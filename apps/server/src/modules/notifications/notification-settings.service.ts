import type { NotificationPreferences, NotificationPreferencesPatch, NotificationSettings } from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { findUserPreferences, savePreferences } from "./preferences.repository.ts";

// The signed-in user's own notification switches (not a company's: they hold in every company).

export type SettingsDeps = { db: Db; config: Pick<Config, "mail"> };

async function readSettings(db: Executor, userId: string) {
  const found = await findUserPreferences(db, userId);
  if (!found) throw httpError(404, "not_found", "No such user");
  return found;
}

function answer(deps: SettingsDeps, email: string, preferences: NotificationPreferences): NotificationSettings {
  return { ...preferences, email, smtpConfigured: deps.config.mail.smtpUrl !== undefined };
}

export async function getNotificationSettings(deps: SettingsDeps, userId: string): Promise<NotificationSettings> {
  const { email, preferences } = await readSettings(deps.db, userId);
  return answer(deps, email, preferences);
}

/** Applies the switches given; a patch that changes nothing writes nothing (a user on the defaults keeps no row). */
export async function updateNotificationSettings(
  deps: SettingsDeps,
  userId: string,
  patch: NotificationPreferencesPatch,
): Promise<NotificationSettings> {
  return deps.db.transaction(async (tx) => {
    const { email, preferences } = await readSettings(tx, userId);
    const next: NotificationPreferences = { ...preferences };
    for (const [key, value] of Object.entries(patch) as [keyof NotificationPreferences, boolean | undefined][])
      if (value !== undefined) next[key] = value;
    const changed = (Object.keys(next) as (keyof NotificationPreferences)[]).some(
      (key) => next[key] !== preferences[key],
    );
    if (changed) await savePreferences(tx, userId, next);
    return answer(deps, email, next);
  });
}
