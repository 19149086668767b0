import { type GettingStarted, gettingStartedOf } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/lib/http-error.ts";
import { dismissGettingStarted, findGettingStarted } from "./getting-started.repository.ts";

/** The company's checklist, each step read from its rows; the caller's membership was checked by the scope. */
export async function getGettingStarted(db: Db, companyId: string): Promise<GettingStarted> {
  const found = await findGettingStarted(db, companyId);
  if (!found) throw notFound("Company not found");
  return gettingStartedOf(found.done, found.dismissed);
}

/** Hides the checklist for every member (the route has checked the caller is an owner or admin). */
export async function dismissChecklist(db: Db, companyId: string): Promise<GettingStarted> {
  await dismissGettingStarted(db, companyId);
  return getGettingStarted(db, companyId);
}
