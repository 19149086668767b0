import type { ActivityKind, ActivitySubjectType, ActorType } from "@foreman/contract";
import { and, count, eq, gte, lte, or, type SQL } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { activities } from "#server/db/schema/index.ts";
import { descIndexed } from "#server/lib/index-order.ts";
import { findStaffName } from "./staff-name.ts";

/** Who did it: a staff user, an AI employee or the system; the name is copied into the log. */
export type Actor =
  | { type: "user"; id: string; name: string }
  | { type: "ai_employee"; id: string; name: string }
  | { type: "system"; name?: string };

export type NewActivity = {
  companyId: string;
  kind: ActivityKind;
  actor: Actor;
  subject: { type: ActivitySubjectType; id: string };
  /** One line a person reads: "Hired Sofía in Sales". */
  summary: string;
  details?: Record<string, unknown>;
  /** When it happened; now by default (the demo seed writes a history). */
  createdAt?: Date;
};

/**
 * Appends activities to the company's log. Call it with the transaction that makes the change, so the
 * change and its record commit together or not at all.
 */
export async function recordActivities(db: Executor, entries: NewActivity[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activities).values(
    entries.map(({ companyId, kind, actor, subject, summary, details, createdAt }) => ({
      companyId,
      kind,
      actorType: actor.type,
      actorUserId: actor.type === "user" ? actor.id : null,
      actorAiEmployeeId: actor.type === "ai_employee" ? actor.id : null,
      actorName: actor.name ?? "Foreman",
      subjectType: subject.type,
      subjectId: subject.id,
      summary,
      details: details ?? {},
      ...(createdAt ? { createdAt } : {}),
    })),
  );
}

export async function recordActivity(db: Executor, entry: NewActivity): Promise<void> {
  await recordActivities(db, [entry]);
}

export type ActivitiesFilter = {
  companyId: string;
  actorType?: ActorType | undefined;
  /** A staff user's or an AI employee's id. */
  actorId?: string | undefined;
  subjectType?: ActivitySubjectType | undefined;
  subjectId?: string | undefined;
  kind?: ActivityKind | undefined;
  createdAtGteq?: Date | undefined;
  createdAtLteq?: Date | undefined;
};

function where(filter: ActivitiesFilter): SQL | undefined {
  return and(
    eq(activities.companyId, filter.companyId),
    filter.actorType ? eq(activities.actorType, filter.actorType) : undefined,
    filter.actorId
      ? or(eq(activities.actorUserId, filter.actorId), eq(activities.actorAiEmployeeId, filter.actorId))
      : undefined,
    filter.subjectType ? eq(activities.subjectType, filter.subjectType) : undefined,
    filter.subjectId ? eq(activities.subjectId, filter.subjectId) : undefined,
    filter.kind ? eq(activities.kind, filter.kind) : undefined,
    filter.createdAtGteq ? gte(activities.createdAt, filter.createdAtGteq) : undefined,
    filter.createdAtLteq ? lte(activities.createdAt, filter.createdAtLteq) : undefined,
  );
}

export type ActivityRow = typeof activities.$inferSelect;

/** A page of the company's activities, newest first (id breaks ties), in activities_company_created_idx's order. */
export function listActivities(db: Executor, filter: ActivitiesFilter, limit: number, offset: number) {
  return db
    .select()
    .from(activities)
    .where(where(filter))
    .orderBy(descIndexed(activities.createdAt), descIndexed(activities.id))
    .limit(limit)
    .offset(offset);
}

/** How many of the company's activities the filter matches (the total beside a page). */
export async function countActivities(db: Executor, filter: ActivitiesFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(activities).where(where(filter));
  return row!.n;
}

/** A staff member as the actor of what they did (their name as it is now, "" if they are gone). */
export async function staffActor(db: Executor, userId: string): Promise<Actor> {
  return { type: "user", id: userId, name: (await findStaffName(db, userId)) ?? "" };
}
