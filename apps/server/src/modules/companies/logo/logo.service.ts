import type { Db } from "#server/db/client.ts";
import { recordActivity, staffActor } from "../../activities/index.ts";
import type { EventBus } from "../../events/index.ts";
import { deleteCompanyLogo, upsertCompanyLogo } from "./logo.repository.ts";
import { normalizeLogo } from "./logo-image.ts";

type Deps = { db: Db; events: EventBus };
export type LogoAnswer = { logoSmallUrl: string | null };

/** Where a logo is served: named by the hash of its bytes, so a new logo is a new URL and caches never go stale. */
export const logoUrlOf = (sha256: string) => `/logos/${sha256}.webp`;

/**
 * Makes the upload the company's logo (the route has checked the caller is an owner or admin): checked
 * and re-encoded first, then stored with its activity in one transaction; then every instance drops its
 * cached /app/me.json so every member's switcher shows it.
 */
export async function changeCompanyLogo(
  deps: Deps,
  companyId: string,
  userId: string,
  upload: Uint8Array,
): Promise<LogoAnswer> {
  const logo = await normalizeLogo(upload);
  const url = logoUrlOf(logo.sha256);
  await deps.db.transaction(async (tx) => {
    await upsertCompanyLogo(tx, companyId, logo, url);
    await recordActivity(tx, {
      companyId,
      kind: "company.logo_changed",
      actor: await staffActor(tx, userId),
      subject: { type: "company", id: companyId },
      summary: "Changed the company logo",
      details: { url },
    });
  });
  await deps.events.notify({ topic: "company.changed", companyId });
  return { logoSmallUrl: url };
}

/** Removes the company's logo (the initials show again). Without a logo there is nothing to do or log. */
export async function removeCompanyLogo(deps: Deps, companyId: string, userId: string): Promise<LogoAnswer> {
  const removed = await deps.db.transaction(async (tx) => {
    if (!(await deleteCompanyLogo(tx, companyId))) return false;
    await recordActivity(tx, {
      companyId,
      kind: "company.logo_removed",
      actor: await staffActor(tx, userId),
      subject: { type: "company", id: companyId },
      summary: "Removed the company logo",
    });
    return true;
  });
  if (removed) await deps.events.notify({ topic: "company.changed", companyId });
  return { logoSmallUrl: null };
}
