import type { Executor } from "#server/db/client.ts";

// Statements prepared once per database handle and name. drizzle then builds their SQL once, and on
// PostgreSQL they run as named statements: each pooled connection parses and plans one once, and
// keeps its plan, where an unnamed query is planned on every run (a join of seven tables took
// PostgreSQL 1.2 ms to plan and 0.2 ms to run). The statement's text must be the same for a name.

const byHandle = new WeakMap<Executor, Map<string, unknown>>();

/** The statement `build` prepares under `name` on this handle (built on first use, then reused). */
export function preparedOnce<T>(db: Executor, name: string, build: (name: string) => T): T {
  let statements = byHandle.get(db);
  if (!statements) {
    statements = new Map();
    byHandle.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}
