import type { Department } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { byName } from "#server/lib/sort.ts";
import { listDepartments } from "./departments.repository.ts";

/** The company's AI departments, sorted by name. */
export async function getDepartments(db: Executor, companyId: string): Promise<Department[]> {
  const rows = await listDepartments(db, companyId);
  return rows.sort(byName);
}
