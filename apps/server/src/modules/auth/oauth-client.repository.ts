import { WEB_CLIENT_ID } from "@foreman/contract";
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type OauthApplication, oauthApplications } from "#server/db/schema/auth.ts";

export async function findApplicationByUid(db: Executor, uid: string): Promise<OauthApplication | undefined> {
  const [row] = await db.select().from(oauthApplications).where(eq(oauthApplications.uid, uid)).limit(1);
  return row;
}

/** Inserts the SPA's public client (`foreman-web`) unless it exists; returns it either way. */
export async function ensureWebClient(db: Executor): Promise<OauthApplication> {
  // Read first: every start but the first finds it, and a write (even one that inserts nothing) costs a
  // cold PGlite tens of milliseconds of the start-up.
  const existing = await findApplicationByUid(db, WEB_CLIENT_ID);
  if (existing) return existing;
  await db
    .insert(oauthApplications)
    .values({ uid: WEB_CLIENT_ID, name: "Foreman web", confidential: false, scopes: "" })
    .onConflictDoNothing({ target: oauthApplications.uid });
  const row = await findApplicationByUid(db, WEB_CLIENT_ID);
  if (!row) throw new Error("the web OAuth client could not be created");
  return row;
}
