import { DEPARTMENT_KINDS } from "@foreman/contract";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { setCompanyCurrency } from "#server/db/bulk/company.ts";
import type { Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema/index.ts";
import { aiDepartments, aiEmployees } from "#server/db/schema/index.ts";
import { insertCompany, insertMembership } from "#server/modules/companies/companies.repository.ts";
import { insertStandardDepartments } from "#server/modules/departments/departments.repository.ts";
import { raiseWithBackend } from "./bench-priority.ts";
import { insertBenchUser } from "./bench-user.ts";
import { type BenchWorkspace, withSecondaryIndexesDeferred } from "./bench-workspace.ts";
import { sendCopy } from "./copy-rows.ts";
import { profileOf } from "./scale-rows.ts";
import { ScaleRowsThread } from "./scale-rows-thread.ts";

// The ten-million-order workspace, loaded with COPY on PostgreSQL: the sales benchmark's companies and
// rows (bench-workspace.ts) plus what the per-employee outcomes read (departments, AI employees,
// each conversation's first exchange). One connection does everything, so its settings hold throughout.

export type ScaleWorkspace = BenchWorkspace & {
  rows: number;
  /** Where the time went (ms): set-up, the COPY load, rebuilding the indexes, vacuum analyze. */
  phases: { setup: number; load: number; indexes: number; vacuum: number };
};

const SCALE_TABLES = [
  "customers",
  "delivery_addresses",
  "products",
  "conversations",
  "messages",
  "leads",
  "quotes",
  "line_items",
];

/** The sales department's AI employees, who get the leads; one more in each other department. */
const SALES_EMPLOYEES = ["Nora Quinn", "Leo Hart", "Ivy Chen"];

export async function seedScaleWorkspace(
  url: string,
  options: { orders: number; companies: number; months: number; onProgress?: (done: number) => void },
): Promise<ScaleWorkspace> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await raiseWithBackend(client);
    const db = drizzle({ client, schema }) as unknown as Db;
    // Index builds sort in memory rather than in many small runs on disk.
    await client.query("set maintenance_work_mem = '1GB'");
    const now = new Date();
    const companies = await createCompanies(db, options.companies, now);
    const setupDone = performance.now();
    const perCompany = Math.ceil(options.orders / options.companies);
    let rows = 0;
    let loadDone = 0;
    await withSecondaryIndexesDeferred(db, SCALE_TABLES, async () => {
      await client.query("begin");
      await emptyTablesForFreeze(client);
      // No triggers (as pg_restore --disable-triggers): foreign keys are not checked row by row (the
      // generator builds every reference from rows it wrote; each check is an index probe of the parent),
      // and the conversations carry the first-reply times the trigger on messages would have set.
      await client.query("set local session_replication_role = replica");
      // A worker thread builds the next company's rows while this one streams the current one's.
      const thread = new ScaleRowsThread();
      try {
        const build = (index: number) =>
          thread.build({ ...companies[index]!, companyIndex: index, orders: perCompany, months: options.months, now });
        let next = build(0);
        for (let index = 0; index < companies.length; index++) {
          const batches = await next;
          if (index + 1 < companies.length) next = build(index + 1);
          for (const batch of batches) rows += await sendCopy(client, batch);
          options.onProgress?.(index + 1);
        }
      } finally {
        await thread.close();
      }
      await client.query("commit");
      loadDone = performance.now();
    });
    const indexesDone = performance.now();
    await client.query("vacuum analyze");
    const vacuumDone = performance.now();
    return {
      companyIds: companies.map((company) => company.companyId),
      orders: perCompany * options.companies,
      rows,
      seedMs: vacuumDone - started,
      phases: {
        setup: setupDone - started,
        load: loadDone - setupDone,
        indexes: indexesDone - loadDone,
        vacuum: vacuumDone - indexesDone,
      },
    };
  } finally {
    await client.end();
  }
}

/** A workspace loaded before (the bench's --reuse, to time changed code on the same data): its companies. */
export async function loadedScaleWorkspace(url: string): Promise<ScaleWorkspace> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const companies = await client.query<{ id: string }>("select id from companies order by created_at, id");
    const orders = await client.query<{ n: string }>("select count(*) as n from quotes");
    return {
      companyIds: companies.rows.map((row) => row.id),
      orders: Number(orders.rows[0]!.n),
      rows: 0,
      seedMs: 0,
      phases: { setup: 0, load: 0, indexes: 0, vacuum: 0 },
    };
  } finally {
    await client.end();
  }
}

/**
 * COPY FREEZE needs its tables truncated in the same transaction. They are empty (a fresh database with
 * only the companies made above); checked first, since TRUNCATE … CASCADE also empties the tables that
 * refer to them (tickets, tasks, calls…).
 */
async function emptyTablesForFreeze(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ used: boolean }>(
    `select ${SCALE_TABLES.map((table) => `exists (select 1 from "${table}")`).join(" or ")} as used`,
  );
  if (rows[0]!.used) throw new Error("the scale workspace loads into an empty database only");
  await client.query(`truncate ${SCALE_TABLES.map((table) => `"${table}"`).join(", ")} cascade`);
}

/**
 * The user, the companies (half selling like Northwind, half like Andes, as in bench-workspace.ts),
 * their memberships, the five standard departments and seven AI employees each.
 */
async function createCompanies(db: Db, count: number, now: Date) {
  const userId = await insertBenchUser(db);
  const hiredAt = new Date(now.getTime() - 400 * 86_400_000);
  const companies = [];
  for (let index = 0; index < count; index++) {
    const profile = profileOf(index);
    const company = await db.transaction(async (tx) => {
      const { id: companyId } = await insertCompany(tx, { name: `Bench company ${index + 1}` });
      await setCompanyCurrency(tx, companyId, profile.currencies[0]!.code);
      await insertMembership(tx, { userId, companyId, role: "member" });
      const departments = await insertStandardDepartments(tx, companyId, "en");
      await tx.update(aiDepartments).set({ isActive: true }).where(eq(aiDepartments.id, departments.sales));
      const hires = [
        ...SALES_EMPLOYEES.map((name) => ({ name, role: "Sales representative", departmentId: departments.sales })),
        ...DEPARTMENT_KINDS.filter((kind) => kind !== "sales").map((kind) => ({
          name: `${kind[0]!.toUpperCase()}${kind.slice(1)} agent`,
          role: `${kind} agent`,
          departmentId: departments[kind],
        })),
      ];
      const hired = await tx
        .insert(aiEmployees)
        .values(hires.map((hire) => ({ ...hire, companyId, createdAt: hiredAt, updatedAt: hiredAt })))
        .returning({ id: aiEmployees.id, name: aiEmployees.name });
      return { companyId, salesEmployees: hired.slice(0, SALES_EMPLOYEES.length) };
    });
    companies.push(company);
  }
  return companies;
}
