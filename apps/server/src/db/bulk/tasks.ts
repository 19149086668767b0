import type { Executor } from "#server/db/client.ts";
import { taskMessages, tasks } from "#server/db/schema/index.ts";
import { bulkInsert } from "./bulk-insert.ts";

// Bulk inserts of tasks and their assistant threads, for the demo seed (see bulkInsert).

export type NewTask = typeof tasks.$inferInsert;
export type NewTaskMessage = typeof taskMessages.$inferInsert;

export const insertTasks = (db: Executor, rows: NewTask[]) => bulkInsert(db, tasks, rows);
export const insertTaskMessages = (db: Executor, rows: NewTaskMessage[]) => bulkInsert(db, taskMessages, rows);
