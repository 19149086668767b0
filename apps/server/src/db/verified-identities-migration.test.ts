import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/test/database.ts";
import { MIGRATIONS_DIR, migrate } from "./migrate.ts";

// The migration that adds customer_identities, on a database written before it: a customer WhatsApp
// already wrote from gets their number as a verified identity; a phone typed on the channel API does not.
// And a WhatsApp number stored before any token was shown to reach it (a squat) is released.

type Journal = { entries: { tag: string }[] };
const journal = (): Journal => JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"));

/** A copy of the migrations folder that stops before the migration creating customer_identities. */
function migrationsBeforeIdentities(): { folder: string; remove: () => void } {
  const all = journal();
  const index = all.entries.findIndex((entry) =>
    readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), "utf8").includes('CREATE TABLE "customer_identities"'),
  );
  if (index < 0) throw new Error("no migration creates customer_identities");
  const folder = mkdtempSync(path.join(tmpdir(), "foreman-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const entries = all.entries.slice(0, index);
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...all, entries }));
  for (const entry of entries)
    copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const ids = {
  company: "00000000-0000-4000-8000-000000000001",
  squatter: "00000000-0000-4000-8000-000000000003",
  stoppedAtRegister: "00000000-0000-4000-8000-000000000004",
  connection: "00000000-0000-4000-8000-000000000002",
  whatsappCustomer: "00000000-0000-4000-8000-000000000010",
  laterSameNumber: "00000000-0000-4000-8000-000000000011",
  typedPhone: "00000000-0000-4000-8000-000000000012",
};

describe("the customer identities migration", () => {
  let database: TestDatabase;
  const query = async (statement: ReturnType<typeof sql>) =>
    ((await database.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    const before = migrationsBeforeIdentities();
    try {
      await migrate(database, before.folder);
    } finally {
      before.remove();
    }
    await database.db.execute(sql`
      insert into companies (id, name) values
        (${ids.company}, 'Northwind Supply'), (${ids.squatter}, 'Squatter'), (${ids.stoppedAtRegister}, 'Andes')`);
    await database.db.execute(sql`
      insert into whatsapp_connections (id, company_id, state, step, waba_id, phone_number_id, connected_at, registered_at) values
        (${ids.connection}, ${ids.company}, 'connected', null, '800000000000001', '900000000000001', now(), now()),
        (gen_random_uuid(), ${ids.squatter}, 'disconnected', 'phone_number', '800000000000002', '900000000000009', null, null),
        (gen_random_uuid(), ${ids.stoppedAtRegister}, 'disconnected', 'register', '800000000000003', '900000000000003', null, null)`);
    await database.db.execute(sql`
      insert into customers (id, company_id, full_name, phone, created_at) values
        (${ids.whatsappCustomer}, ${ids.company}, 'Lucía', '+5491100000002', '2026-01-01T00:00:00Z'),
        (${ids.laterSameNumber}, ${ids.company}, 'Lucía again', '+5491100000002', '2026-02-01T00:00:00Z'),
        (${ids.typedPhone}, ${ids.company}, 'Website visitor', '+5491100000003', '2026-01-01T00:00:00Z')`);
    await database.db.execute(sql`
      insert into conversations (company_id, display_id, inbox_id, channel, customer_id, whatsapp_connection_id) values
        (${ids.company}, 1, 1, 'whatsapp', ${ids.whatsappCustomer}, ${ids.connection}),
        (${ids.company}, 2, 1, 'whatsapp', ${ids.laterSameNumber}, ${ids.connection}),
        (${ids.company}, 3, 2, 'webchat', ${ids.typedPhone}, null)`);
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("releases a number whose onboarding never got past the token checks, and keeps the others", async () => {
    expect(
      await query(sql`select company_id, phone_number_id from whatsapp_connections order by phone_number_id`),
    ).toEqual([
      { company_id: ids.company, phone_number_id: "900000000000001" },
      { company_id: ids.stoppedAtRegister, phone_number_id: "900000000000003" },
    ]);
  });

  it("gives the number WhatsApp wrote from to its oldest customer, and nothing to a typed phone", async () => {
    expect(await query(sql`select customer_id, kind, value from customer_identities order by value`)).toEqual([
      { customer_id: ids.whatsappCustomer, kind: "whatsapp", value: "+5491100000002" },
    ]);
  });
});
