import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, companyLogos } from "#server/db/schema/index.ts";

// Queries only: the logo's bytes (company_logos) and the URL /app/me.json serves (companies.logo_small_url).

export type StoredLogo = { sha256: string; contentType: string; image: Uint8Array };

/** Replaces the company's logo (one per company) and points `logo_small_url` at it. */
export async function upsertCompanyLogo(db: Executor, companyId: string, logo: StoredLogo, url: string): Promise<void> {
  const updatedAt = new Date();
  await db
    .insert(companyLogos)
    .values({ companyId, ...logo, updatedAt })
    .onConflictDoUpdate({ target: companyLogos.companyId, set: { ...logo, updatedAt } });
  await db.update(companies).set({ logoSmallUrl: url }).where(eq(companies.id, companyId));
}

/** Removes the company's logo and its URL; false when it had neither (nothing was written). */
export async function deleteCompanyLogo(db: Executor, companyId: string): Promise<boolean> {
  const removed = await db
    .delete(companyLogos)
    .where(eq(companyLogos.companyId, companyId))
    .returning({ companyId: companyLogos.companyId });
  const cleared = await db
    .update(companies)
    .set({ logoSmallUrl: null })
    .where(and(eq(companies.id, companyId), isNotNull(companies.logoSmallUrl)))
    .returning({ id: companies.id });
  return removed.length > 0 || cleared.length > 0;
}

/** The served bytes of a logo by the hash of its content (two companies with the same logo share it). */
export async function findLogoImage(db: Executor, sha256: string): Promise<StoredLogo | null> {
  const [row] = await db
    .select({ sha256: companyLogos.sha256, contentType: companyLogos.contentType, image: companyLogos.image })
    .from(companyLogos)
    .where(eq(companyLogos.sha256, sha256))
    .limit(1);
  return row ?? null;
}
