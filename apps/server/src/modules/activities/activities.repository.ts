import type { ActivityKind, ActivitySubjectType } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { activities } from "#server/db/schema/index.ts";

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
};

/**
 * Appends activities to the company's log. Call it with the transaction that makes the change, so the
 * change and its record commit together or not at all.
 */
export async function recordActivities(db: Executor, entries: NewActivity[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activities).values(
    entries.map(({ companyId, kind, actor, subject, summary, details }) => ({
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
    })),
  );
}

export async function recordActivity(db: Executor, entry: NewActivity): Promise<void> {
  await recordActivities(db, [entry]);
}
