import {
  ANSWER_LANGUAGE_LABELS,
  COMPANY_LANGUAGE_LABELS,
  type CompanyRole,
  type CompanySettings,
  type CompanySettingsPatch,
  canManage,
  MANAGER_ROLE_REQUIRED,
  OWNER_ONLY_SETTING,
} from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import type { EventBus } from "../events/index.ts";
import { findCompanySettings, updateCompanySettings } from "./companies.repository.ts";

/** The company's settings; the caller's membership was checked by the company scope. */
export async function getCompanySettings(db: Db, companyId: string): Promise<CompanySettings> {
  const settings = await findCompanySettings(db, companyId);
  if (!settings) throw httpError(404, "not_found", "Company not found");
  return settings;
}

/**
 * Who may change what: owners and admins change the settings, but whether everyone must sign in with
 * two-factor is the owners' alone (an admin must not be able to lift it). Throws the 403 before
 * anything is written.
 */
export function assertMayChangeSettings(role: CompanyRole, patch: CompanySettingsPatch): void {
  if (patch.requireTwoFactor !== undefined && role !== "owner") throw httpError(403, "forbidden", OWNER_ONLY_SETTING);
  if (!canManage(role)) throw httpError(403, "forbidden", MANAGER_ROLE_REQUIRED);
}

/** What the activity log says of a change: one phrase per setting changed. */
function settingsSummary(patch: CompanySettingsPatch): string {
  const phrases: string[] = [];
  if (patch.membersMayApprove !== undefined)
    phrases.push(patch.membersMayApprove ? "Allowed members to approve" : "Left approvals to owners and admins");
  if (patch.language !== undefined)
    phrases.push(`Set the company's language to ${COMPANY_LANGUAGE_LABELS[patch.language]}`);
  if (patch.requireTwoFactor !== undefined)
    phrases.push(
      patch.requireTwoFactor ? "Required two-factor sign-in of everyone" : "Stopped requiring two-factor sign-in",
    );
  if (patch.name !== undefined) phrases.push(`Renamed the company to ${patch.name}`);
  if (patch.timeZone !== undefined) phrases.push(`Set the time zone to ${patch.timeZone}`);
  if (patch.currency !== undefined) phrases.push(`Set the main currency to ${patch.currency}`);
  if (patch.answerLanguages !== undefined)
    phrases.push(
      `Set the AI employees' languages to ${patch.answerLanguages.map((code) => ANSWER_LANGUAGE_LABELS[code]).join(", ")}`,
    );
  if (patch.businessHours !== undefined)
    phrases.push(patch.businessHours ? "Changed the business hours" : "Set the business hours to always open");
  return phrases.join("; ");
}

/**
 * Changes the company's settings (the route has checked `assertMayChangeSettings`) with its
 * activity, then tells every instance so `/app/me.json` shows the change at once.
 */
export async function changeCompanySettings(
  deps: { db: Db; events: EventBus },
  companyId: string,
  userId: string,
  patch: CompanySettingsPatch,
): Promise<CompanySettings> {
  const settings = await deps.db.transaction(async (tx) => {
    const updated = await updateCompanySettings(tx, companyId, patch);
    await recordActivity(tx, {
      companyId,
      kind: "company.settings_changed",
      actor: await staffActor(tx, userId),
      subject: { type: "company", id: companyId },
      summary: settingsSummary(patch),
      details: { ...patch },
    });
    return updated;
  });
  await deps.events.notify({ topic: "company.changed", companyId });
  // Every open page of the company reads /app/me.json again: a new zone moves its times at once.
  await deps.events.publish(companyId, { type: "company.updated" });
  return settings;
}
