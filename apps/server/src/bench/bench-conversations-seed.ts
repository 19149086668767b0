import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import { bulkInsert } from "#server/db/bulk/bulk-insert.ts";
import type { Db } from "#server/db/client.ts";
import { aiEmployees, conversations, customers, leads, messages, tasks } from "#server/db/schema/index.ts";
import { insertCompany, insertMembership } from "#server/modules/companies/companies.repository.ts";
import { insertDepartment, insertEmployees } from "#server/modules/departments/index.ts";
import { type BenchCompany, buildCompanyConversations, type CompanyConversations } from "./bench-conversations.ts";
import { insertBenchUser } from "./bench-user.ts";
import { withSecondaryIndexesDeferred } from "./bench-workspace.ts";
import { copyRows } from "./copy-rows.ts";

// Writes the conversations-at-scale workspace: companies managed by one bench user, each with five AI
// employees and its share of customers, conversations, messages, leads and tasks. PostgreSQL takes the
// rows through COPY (a client of the seeding pool); PGlite through bulkInsert's JSON documents, one
// transaction per company. The tables' secondary indexes are built once at the end, then analysed; the
// tables' triggers are off meanwhile (the rows carry what they would keep, such as first replies).

export type SeededCompany = { companyId: string; probe: CompanyConversations["probe"] };
export type ConversationsWorkspace = {
  userId: string;
  companies: SeededCompany[];
  counts: { conversations: number; messages: number; leads: number; tasks: number; customers: number };
  seedMs: number;
};

const TABLES = ["customers", "conversations", "leads", "messages", "tasks"];

type Writer = (data: CompanyConversations) => Promise<number>;

/** Messages written through COPY on one connection. */
function copyWriter(pool: pg.Pool): Writer {
  return async (data) => {
    const client = await pool.connect();
    try {
      await copyRows(client, customers, data.customers);
      await copyRows(client, conversations, data.conversations);
      await copyRows(client, leads, data.leads);
      const written = await copyRows(client, messages, data.messages());
      await copyRows(client, tasks, data.tasks);
      return written;
    } finally {
      client.release();
    }
  };
}

/** Messages written through bulkInsert, in one transaction. */
function bulkWriter(db: Db): Writer {
  return (data) =>
    db.transaction(async (tx) => {
      await bulkInsert(tx, customers, data.customers);
      await bulkInsert(tx, conversations, data.conversations);
      await bulkInsert(tx, leads, data.leads);
      const rows = [...data.messages()];
      await bulkInsert(tx, messages, rows);
      await bulkInsert(tx, tasks, data.tasks);
      return rows.length;
    });
}

export async function seedConversationsWorkspace(
  db: Db,
  options: {
    conversations: number;
    companies: number;
    /** PostgreSQL: COPY through this pool; absent: bulk inserts (PGlite). */
    copyPool?: pg.Pool;
    onProgress?: (done: number) => void;
  },
): Promise<ConversationsWorkspace> {
  const started = performance.now();
  const userId = await insertBenchUser(db);
  const write = options.copyPool ? copyWriter(options.copyPool) : bulkWriter(db);
  const perCompany = Math.ceil(options.conversations / options.companies);
  const now = new Date();
  const seeded: SeededCompany[] = [];
  const counts = { conversations: 0, messages: 0, leads: 0, tasks: 0, customers: 0 };
  await withUserTriggersDisabled(db, TABLES, () =>
    withSecondaryIndexesDeferred(db, TABLES, async () => {
      for (let index = 0; index < options.companies; index++) {
        const company = await createCompany(db, userId, index);
        const data = buildCompanyConversations(company, perCompany, now);
        counts.messages += await write(data);
        counts.conversations += data.conversations.length;
        counts.leads += data.leads.length;
        counts.tasks += data.tasks.length;
        counts.customers += data.customers.length;
        seeded.push({ companyId: company.companyId, probe: data.probe });
        options.onProgress?.(index + 1);
      }
    }),
  );
  // What autovacuum would have done on a live PostgreSQL: statistics, and a visibility map for
  // index-only scans. (PGlite runs no autovacuum.)
  for (const table of TABLES) await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  return { userId, companies: seeded, counts, seedMs: performance.now() - started };
}

/** A company the bench user owns, with a sales department of five AI employees. */
async function createCompany(db: Db, userId: string, index: number): Promise<BenchCompany> {
  return db.transaction(async (tx) => {
    const { id: companyId } = await insertCompany(tx, { name: `Bench company ${index + 1}` });
    await insertMembership(tx, { userId, companyId, role: "owner" });
    const department = await insertDepartment(tx, { companyId, name: "Sales", sortOrder: 1, isActive: true });
    await insertEmployees(
      tx,
      ["Ava", "Bruno", "Chloe", "Dario", "Emma"].map((name) => ({
        companyId,
        departmentId: department.id,
        name,
        role: "Sales agent",
      })),
    );
    const employees = await tx
      .select({ id: aiEmployees.id, name: aiEmployees.name })
      .from(aiEmployees)
      .where(eq(aiEmployees.companyId, companyId));
    return { companyId, aiEmployees: employees, staffUserId: userId, seed: index + 1 };
  });
}

/**
 * Runs a bulk load with the tables' own triggers off (not the foreign keys' checks), as a restore does:
 * a statement trigger that reads messages back per conversation would, with the indexes deferred, scan
 * the whole table for each of them. The loaded rows must carry what the triggers would have written.
 */
async function withUserTriggersDisabled(db: Db, tables: readonly string[], load: () => Promise<void>) {
  for (const table of tables) await db.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
  try {
    await load();
  } finally {
    for (const table of tables) await db.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
  }
}
