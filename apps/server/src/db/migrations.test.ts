import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/test/database.ts";
import { MIGRATIONS_DIR, migrate } from "./migrate.ts";

// The conversations migration (0002) on a database that already holds data written before it: the identity
// column numbers existing companies, old conversations get sensible values, and the new tables' checks hold.

type Rows = { rows: Record<string, unknown>[] };

/** A copy of the migrations folder that stops after `count` migrations. */
function migrationsUpTo(count: number): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "foreman-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[]) {
    copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const ids = {
  northwind: "00000000-0000-4000-8000-000000000001",
  andes: "00000000-0000-4000-8000-000000000002",
  department: "00000000-0000-4000-8000-000000000010",
  employee: "00000000-0000-4000-8000-000000000011",
  conversation: "00000000-0000-4000-8000-000000000020",
  silentConversation: "00000000-0000-4000-8000-000000000021",
};

describe("the conversations migration", () => {
  let database: TestDatabase;
  const query = async (statement: ReturnType<typeof sql>) =>
    ((await database.db.execute(statement)) as unknown as Rows).rows;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    const before = migrationsUpTo(2);
    try {
      await migrate(database, before.folder);
    } finally {
      before.remove();
    }
    // Data as it was before that migration: two companies, a lead with its conversation and AI employee, and a lone conversation.
    await database.db.execute(sql`
      insert into companies (id, name, created_at) values
        (${ids.northwind}, 'Northwind Supply', '2026-01-01T00:00:00Z'),
        (${ids.andes}, 'Andes Comercial', '2026-01-02T00:00:00Z')`);
    await database.db.execute(sql`
      insert into ai_departments (id, company_id, name) values (${ids.department}, ${ids.northwind}, 'Sales')`);
    await database.db.execute(sql`
      insert into ai_employees (id, company_id, department_id, name, role)
      values (${ids.employee}, ${ids.northwind}, ${ids.department}, 'Nora Quinn', 'Sales')`);
    await database.db.execute(sql`
      insert into conversations (id, company_id, display_id, inbox_id, channel, created_at) values
        (${ids.conversation}, ${ids.northwind}, 1, 1, 'whatsapp', '2026-03-04T05:06:07Z'),
        (${ids.silentConversation}, ${ids.andes}, 1, 2, 'email', '2026-03-05T00:00:00Z')`);
    await database.db.execute(sql`
      insert into leads (company_id, source, channel, person_name, ai_employee_id, conversation_id)
      values (${ids.northwind}, 'WhatsApp', 'whatsapp', 'Ana Soto', ${ids.employee}, ${ids.conversation})`);
    await migrate(database);
  });

  afterAll(async () => {
    await database?.close();
  });

  it("numbers the existing companies' chat accounts, and new companies continue the sequence", async () => {
    const existing = await query(sql`select chat_account_id from companies order by chat_account_id`);
    const numbers = existing.map((row) => row.chat_account_id as number);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    for (const n of numbers) expect(n).toBeGreaterThan(0);
    const [fresh] = await query(sql`insert into companies (name) values ('New Co') returning chat_account_id`);
    expect(fresh!.chat_account_id as number).toBeGreaterThan(Math.max(...numbers));
    await expect(
      database.db.execute(sql`insert into companies (name, chat_account_id) values ('Dup', ${numbers[0]})`),
    ).rejects.toThrow();
  });

  it("gives old conversations their creation as last activity, their lead's AI employee, open and AI-handled", async () => {
    const rows = await query(sql`
      select id, status, handled_by, ai_employee_id, last_activity_at = created_at as activity_is_creation
      from conversations order by display_id, inbox_id`);
    expect(rows).toEqual([
      {
        id: ids.conversation,
        status: "open",
        handled_by: "ai",
        ai_employee_id: ids.employee,
        activity_is_creation: true,
      },
      {
        id: ids.silentConversation,
        status: "open",
        handled_by: "ai",
        ai_employee_id: null,
        activity_is_creation: true,
      },
    ]);
  });

  it("refuses values outside the checks", async () => {
    const refused = (statement: ReturnType<typeof sql>) => expect(database.db.execute(statement)).rejects.toThrow();
    await refused(sql`update conversations set status = 'closed' where id = ${ids.conversation}`);
    await refused(sql`update conversations set handled_by = 'robot' where id = ${ids.conversation}`);
    await refused(sql`
      insert into messages (company_id, conversation_id, sender_type, sender_name, content)
      values (${ids.northwind}, ${ids.conversation}, 'user', 'Ana', 'Hi')`);
    // Message times are kept to the millisecond (the page cursor is a JS Date).
    await refused(sql`
      insert into messages (company_id, conversation_id, sender_type, sender_name, content, created_at)
      values (${ids.northwind}, ${ids.conversation}, 'customer', 'Ana', 'Hi', '2026-03-04T05:06:07.123456Z')`);
    const task = (columns: Record<string, string | null>) => {
      const values = {
        company_id: ids.northwind,
        action_type: "question",
        title: "t",
        question: "q",
        due_at: "2026-12-01T00:00:00Z",
        assignable_type: "Conversation",
        assignable_id: ids.conversation,
        conversation_id: ids.conversation,
        ...columns,
      };
      const names = sql.join(
        Object.keys(values).map((name) => sql.identifier(name)),
        sql`, `,
      );
      const params = sql.join(
        Object.values(values).map((value) => sql`${value}`),
        sql`, `,
      );
      return sql`insert into tasks (${names}) values (${params})`;
    };
    await refused(task({ action_type: "approve" }));
    await refused(task({ state: "open" }));
    await refused(task({ decision: "authorized" })); // a question takes no decision
    await refused(task({ action_type: "authorize", decision: "maybe" }));
    await refused(task({ state: "done" })); // done without a resolution time
    await refused(task({ resolved_at: "2026-11-01T00:00:00Z" })); // to do with one
    await refused(task({ assignable_type: "Order" }));
    await refused(task({ type: "Tasks::Other" }));
    await database.db.execute(
      task({ action_type: "authorize", state: "done", decision: "left_pending", resolved_at: "2026-11-01T00:00:00Z" }),
    );
    const [row] = await query(sql`select type, tags, state from tasks`);
    expect(row).toEqual({ type: "Tasks::HumanResponse", tags: [], state: "done" });
  });

  it("stores attachment bytes and checks their size", async () => {
    const [message] = await query(sql`
      insert into messages (company_id, conversation_id, sender_type, sender_name, content)
      values (${ids.northwind}, ${ids.conversation}, 'customer', 'Ana', 'Photo') returning id, created_at`);
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await database.db.execute(sql`
      insert into attachments (company_id, message_id, file_name, content_type, byte_size, access_key, data)
      values (${ids.northwind}, ${message!.id}, 'a.bin', 'application/octet-stream', 5, 'key', ${bytes})`);
    const [stored] = await query(sql`select encode(data, 'hex') as hex from attachments`);
    expect(stored!.hex).toBe("000102faff");
    await expect(
      database.db.execute(sql`
        insert into attachments (company_id, message_id, file_name, content_type, byte_size, access_key, data)
        values (${ids.northwind}, ${message!.id}, 'b.bin', 'application/octet-stream', 4, 'key', ${bytes})`),
    ).rejects.toThrow();
  });

  it("deletes a conversation's messages, attachments and tasks with it", async () => {
    await database.db.execute(sql`delete from conversations where id = ${ids.conversation}`);
    const [counts] = await query(sql`
      select (select count(*)::int from messages) as messages, (select count(*)::int from attachments) as attachments,
        (select count(*)::int from tasks) as tasks`);
    expect(counts).toEqual({ messages: 0, attachments: 0, tasks: 0 });
  });
});

// The skills migration (0011): before it every AI employee could use every tool; after it, skills grant
// tools, so each company gets the standard four (a skill it already had by that name gains the tools)
// and every employee gets all four, so nothing it could do before is lost.
describe("the skill tools migration", () => {
  let database: TestDatabase;
  const query = async (statement: ReturnType<typeof sql>) =>
    ((await database.db.execute(statement)) as unknown as Rows).rows;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    const before = migrationsUpTo(11);
    try {
      await migrate(database, before.folder);
    } finally {
      before.remove();
    }
    await database.db.execute(sql`
      insert into companies (id, name) values (${ids.northwind}, 'Northwind Supply'), (${ids.andes}, 'Andes Comercial')`);
    await database.db.execute(sql`
      insert into ai_departments (id, company_id, name) values (${ids.department}, ${ids.northwind}, 'Sales')`);
    await database.db.execute(sql`
      insert into ai_employees (id, company_id, department_id, name, role)
      values (${ids.employee}, ${ids.northwind}, ${ids.department}, 'Nora Quinn', 'Sales')`);
    await database.db.execute(sql`
      insert into skills (company_id, name, description) values (${ids.northwind}, 'quoting', 'Our own words')`);
    await migrate(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it("gives each company the standard skills, keeping a same-named skill and its description", async () => {
    const rows = await query(sql`
      select c.name as company, s.name, s.description, array_to_string(s.tools, ',') as tools
      from skills s join companies c on c.id = s.company_id order by c.name, lower(s.name)`);
    expect(rows.filter((row) => row.company === "Andes Comercial").map((row) => row.name)).toEqual([
      "Human handoff",
      "Order tracking",
      "Product catalog",
      "Quoting",
      // From the ticketing migration (0019), which runs after it here.
      "Ticketing",
    ]);
    const quoting = rows.find((row) => row.company === "Northwind Supply" && row.name === "quoting");
    expect(quoting).toMatchObject({
      description: "Our own words",
      tools: "upsert_quote,send_quote,confirm_order,update_lead_stage,request_authorization",
    });
  });

  it("gives every existing employee all four, so it keeps every tool it had", async () => {
    const [row] = await query(sql`
      select count(*)::int as skills, count(distinct t)::int as tools
      from ai_employee_skills es join skills s on s.id = es.skill_id, unnest(s.tools) t
      where es.ai_employee_id = ${ids.employee}`);
    expect(row).toMatchObject({ tools: 8 });
    const [held] = await query(
      sql`select count(*)::int as n from ai_employee_skills where ai_employee_id = ${ids.employee}`,
    );
    expect(held!.n).toBe(4);
  });
});

// The ticketing migration (0019): every company gets the Ticketing skill in its language (a skill it
// already had by that name gains the ticket tools and keeps its own), and only the AI employees of its
// support department get it, a department read as contract `matchDepartmentKind` reads names.
describe("the ticketing skill migration", () => {
  let database: TestDatabase;
  const query = async (statement: ReturnType<typeof sql>) =>
    ((await database.db.execute(statement)) as unknown as Rows).rows;
  const department = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, "0")}`;
  const employee = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, "0")}`;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    const before = migrationsUpTo(19);
    try {
      await migrate(database, before.folder);
    } finally {
      before.remove();
    }
    await database.db.execute(sql`
      insert into companies (id, name, language) values
        (${ids.northwind}, 'Northwind Supply', 'en'), (${ids.andes}, 'Andes Comercial', 'es')`);
    await database.db.execute(sql`
      insert into ai_departments (id, company_id, name) values
        (${department(1)}, ${ids.northwind}, 'Customer Support'),
        (${department(2)}, ${ids.northwind}, 'Sales support'),
        (${department(3)}, ${ids.northwind}, 'Sales'),
        (${department(4)}, ${ids.andes}, 'Soporte'),
        (${department(5)}, ${ids.andes}, 'Cobranza')`);
    await database.db.execute(sql`
      insert into ai_employees (id, company_id, department_id, name, role) values
        (${employee(1)}, ${ids.northwind}, ${department(1)}, 'Sam', 'Support'),
        (${employee(2)}, ${ids.northwind}, ${department(2)}, 'Sid', 'Sales'),
        (${employee(3)}, ${ids.northwind}, ${department(3)}, 'Nora', 'Sales'),
        (${employee(4)}, ${ids.andes}, ${department(4)}, 'Sofía', 'Soporte'),
        (${employee(5)}, ${ids.andes}, ${department(5)}, 'Carla', 'Cobranza')`);
    await database.db.execute(sql`
      insert into skills (company_id, name, description, tools)
      values (${ids.northwind}, 'ticketing', 'Our own words', '{find_orders}')`);
    await migrate(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it("gives each company the skill in its language, a same-named one gaining the ticket tools", async () => {
    const rows = await query(sql`
      select c.name as company, s.name, s.description, array_to_string(s.tools, ',') as tools
      from skills s join companies c on c.id = s.company_id
      where s.tools && '{create_ticket}' order by c.name`);
    expect(rows).toEqual([
      {
        company: "Andes Comercial",
        name: "Tickets de soporte",
        description: expect.stringMatching(/^Abre un ticket de soporte/),
        tools: "create_ticket,find_tickets,update_ticket",
      },
      {
        company: "Northwind Supply",
        name: "ticketing",
        description: "Our own words",
        tools: "find_orders,create_ticket,find_tickets,update_ticket",
      },
    ]);
  });

  it("gives it to the support department's AI employees only", async () => {
    const rows = await query(sql`
      select e.name from ai_employee_skills es join ai_employees e on e.id = es.ai_employee_id order by e.name`);
    expect(rows.map((row) => row.name)).toEqual(["Sam", "Sofía"]);
  });
});
