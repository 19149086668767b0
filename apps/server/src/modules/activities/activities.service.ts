import type { ActivitiesPage, ActivitiesQuery, Activity } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { type ActivityRow, countActivities, listActivities } from "./activities.repository.ts";

/** A row as the API shows it: the actor's id is the user's or the AI employee's, null for the system. */
export function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    kind: row.kind,
    actor: { type: row.actorType, id: row.actorUserId ?? row.actorAiEmployeeId ?? null, name: row.actorName },
    subject: { type: row.subjectType, id: row.subjectId },
    summary: row.summary,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /app/activities.json`: the company's activities the query matches, newest first, with their total. */
export async function getActivitiesPage(
  db: Executor,
  companyId: string,
  query: ActivitiesQuery,
): Promise<ActivitiesPage> {
  const filter = {
    companyId,
    actorType: query.actorType,
    actorId: query.actorId,
    subjectType: query.subjectType,
    subjectId: query.subjectId,
    kind: query.kind,
    createdAtGteq: query.createdAtGteq ? new Date(query.createdAtGteq) : undefined,
    createdAtLteq: query.createdAtLteq ? new Date(query.createdAtLteq) : undefined,
  };
  const [rows, total] = await Promise.all([
    listActivities(db, filter, query.perPage, (query.page - 1) * query.perPage),
    countActivities(db, filter),
  ]);
  return { activities: rows.map(toActivity), total, page: query.page, perPage: query.perPage };
}
