import {
  EXPORT_ALREADY_RUNNING,
  EXPORT_EXPIRED,
  EXPORT_LINK_HOURS,
  EXPORT_NOT_READY,
  EXPORT_OWNER_ONLY,
  parseCsv,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { snapshotChanges, snapshotTables } from "#server/test/database-snapshot.ts";
import {
  callAs,
  companyRowCounts,
  companyTables,
  type PrivacyWorld,
  privacyWorld,
} from "#server/test/privacy-setup.ts";
import { rows } from "#server/test/tasks-setup.ts";
import { LEFT_OUT, NOT_COMPANY_DATA, unexportedTables } from "./export-tables.ts";
import { runPrivacySchedule } from "./privacy-schedule.ts";

// Exports of a company's data: owners only, one at a time, a job that writes every table of the company
// (and nothing of another's) into a zip of JSON and CSV files, downloadable for 24 hours.

const w: PrivacyWorld = await privacyWorld();
const { app, db } = w.t;
afterAll(() => w.t.close());

const owner = callAs(w, w.owner.headers);
const ownerB = callAs(w, w.b.headers);
const watched = ["data_exports", "jobs", "activities"];

async function exportAndWait(call = owner) {
  const started = await call("POST", "/app/data_exports.json");
  expect(started.statusCode).toBe(202);
  await app.jobs.idle();
  return started.json<{ id: string }>().id;
}

async function download(id: string, call = owner) {
  const response = await call("GET", `/app/data_exports/${id}/download`);
  expect(response.statusCode).toBe(200);
  return { response, files: unzipSync(new Uint8Array(response.rawPayload)) };
}

const jsonRows = (files: Record<string, Uint8Array>, table: string) =>
  JSON.parse(strFromU8(files[`${table}.json`]!)) as Record<string, unknown>[];

describe("starting an export", () => {
  it("is for owners: admins and members get 403 and nothing is written", async () => {
    const before = await snapshotTables(db, watched);
    for (const caller of [w.admin, w.memberCaller]) {
      const response = await callAs(w, caller.headers)("POST", "/app/data_exports.json");
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "forbidden", error_description: EXPORT_OWNER_ONLY });
    }
    expect(snapshotChanges(before, await snapshotTables(db, watched))).toEqual([]);
  });

  it("answers 202 with the export queued, and 409 while it is under way", async () => {
    const [first, second] = await Promise.all([
      owner("POST", "/app/data_exports.json"),
      owner("POST", "/app/data_exports.json"),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([202, 409]);
    const accepted = first.statusCode === 202 ? first : second;
    const refused = first.statusCode === 202 ? second : first;
    expect(accepted.json()).toMatchObject({ state: "queued", progress: 0, download_url: null });
    expect(refused.json()).toEqual({ error: "conflict", error_description: EXPORT_ALREADY_RUNNING });
    await app.jobs.idle();
    const done = await owner("GET", `/app/data_exports/${accepted.json().id}.json`);
    expect(done.json()).toMatchObject({ state: "ready", progress: 100, step: null });
    const [activity] = await rows(
      db,
      sql`select summary, actor_user_id from activities where company_id = ${w.a.companyId} and kind = 'company.data_exported'`,
    );
    expect(activity).toEqual({ summary: "Started an export of all of the company's data", actor_user_id: w.owner.id });
  });
});

describe("the archive", async () => {
  // An invitation waiting in the outbox (no mail server in tests): its text carries a working link.
  const invited = await owner("POST", "/app/invitations.json", { email: "new-hire@example.com", role: "member" });
  expect(invited.statusCode).toBe(201);
  const [invitationMail] = await rows(
    db,
    sql`select id, text from outbound_mails where company_id = ${w.a.companyId} and to_address = 'new-hire@example.com'`,
  );
  const id = await exportAndWait();
  const { response, files } = await download(id);
  const names = Object.keys(files);
  const everything = names.map((name) => strFromU8(files[name]!, true)).join("\n");
  // Counted now: the other tests write activities and exports after the archive was made.
  const counts = await companyRowCounts(db, w.a.companyId);
  const tables = await companyTables(db);

  it("downloads as a zip attachment named after the company and the day", () => {
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="foreman-export-alpha-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(names).toContain("README.txt");
  });

  it("holds every table with a company_id, each with exactly the company's rows", () => {
    expect(tables.length).toBeGreaterThan(30);
    for (const table of [...tables, "companies"]) {
      expect(names, table).toContain(`${table}.json`);
      expect(names, table).toContain(`${table}.csv`);
      const exported = jsonRows(files, table);
      expect(exported.length, table).toBe(counts[table]);
      const csv = parseCsv(strFromU8(files[`${table}.csv`]!));
      expect(csv.length - 1, `${table}.csv`).toBe(counts[table]);
      for (const row of exported) if ("company_id" in row) expect(row.company_id, table).toBe(w.a.companyId);
    }
    // The world put rows in the tables that matter most.
    for (const table of ["conversations", "messages", "attachments", "quotes", "tickets", "customers", "tasks"])
      expect(counts[table], table).toBeGreaterThan(0);
  });

  it("holds the tables without a company_id through their parent rows", async () => {
    const [lines] = await rows(
      db,
      sql`select count(*)::int as n from line_items l join quotes q on q.id = l.quote_id where q.company_id = ${w.a.companyId}`,
    );
    const [addresses] = await rows(
      db,
      sql`select count(*)::int as n from delivery_addresses d join customers c on c.id = d.customer_id where c.company_id = ${w.a.companyId}`,
    );
    expect(jsonRows(files, "line_items")).toHaveLength(Number(lines!.n));
    expect(Number(lines!.n)).toBe(2);
    expect(jsonRows(files, "delivery_addresses")).toHaveLength(Number(addresses!.n));
    const members = jsonRows(files, "users").map((user) => user.id);
    expect(members.sort()).toEqual([w.owner.id, w.admin.id, w.secondOwner.id, w.memberCaller.id].sort());
  });

  it("carries nothing of another company", async () => {
    const bravoIds = await rows(
      db,
      sql`select id::text from conversations where company_id = ${w.b.companyId}
          union all select id::text from customers where company_id = ${w.b.companyId}
          union all select id::text from quotes where company_id = ${w.b.companyId}
          union all select l.id::text from line_items l join quotes q on q.id = l.quote_id where q.company_id = ${w.b.companyId}`,
    );
    expect(bravoIds.length).toBeGreaterThan(3);
    for (const value of [w.b.companyId, w.b.userId, ...bravoIds.map((row) => String(row.id))])
      expect(everything.includes(value), value).toBe(false);
  });

  it("never carries secrets, and says in README.txt what it left out", () => {
    for (const [table, columns] of Object.entries(LEFT_OUT))
      for (const column of Object.keys(columns)) {
        for (const row of jsonRows(files, table)) expect(row, `${table}.${column}`).not.toHaveProperty(column);
        expect(strFromU8(files[`${table}.csv`]!).split("\r\n")[0]!.split(","), `${table}.${column}`).not.toContain(
          column,
        );
      }
    // tasks-setup's channel webhook secret and invitation token, and the users' password hashes.
    expect(everything).not.toContain("test-secret");
    expect(everything).not.toContain(w.a.invitation.token);
    expect(everything).not.toMatch(/\$argon2id\$/);
    const link = /accept_invitation\?token=\S+/.exec(String(invitationMail!.text))?.[0];
    expect(link).toBeDefined();
    expect(everything).not.toContain(link!);
    const exportedMail = jsonRows(files, "outbound_mails").find((mail) => mail.id === invitationMail!.id);
    expect(exportedMail).toMatchObject({ text: null, to_address: "new-hire@example.com" });
    const readme = strFromU8(files["README.txt"]!);
    expect(readme).toContain("api_channels.webhook_secret");
    expect(readme).toContain("users.password_digest");
    expect(readme).toContain(`${EXPORT_LINK_HOURS} hours`);
  });

  it("puts files beside the rows that name them", async () => {
    const [attachment] = jsonRows(files, "attachments");
    expect(attachment!.data).toBe(`files/attachments/${attachment!.id}/invoice.txt`);
    expect(strFromU8(files[attachment!.data as string]!)).toBe(`Invoice of ${w.a.companyId}`);
    const [entry] = jsonRows(files, "knowledge_entries");
    expect(strFromU8(files[entry!.file_data as string]!)).toBe("Open 9 to 5.");
    const [mail] = jsonRows(files, "inbound_emails");
    expect(mail!.raw).toMatch(/^files\/inbound_emails\/.+\/raw\.eml$/);
    expect(strFromU8(files["attachments.csv"]!).split("\r\n")[0]).not.toContain("data");
  });

  it("leaves out only the tables that hold no company's rows", () => {
    expect(unexportedTables()).toEqual([...NOT_COMPANY_DATA].sort());
  });
});

describe("an export's answers", async () => {
  const id = await exportAndWait();

  it("show owners the link, and others the export without it", async () => {
    expect((await owner("GET", `/app/data_exports/${id}.json`)).json().download_url).toBe(
      `/app/data_exports/${id}/download`,
    );
    for (const caller of [w.admin, w.memberCaller]) {
      const response = await callAs(w, caller.headers)("GET", `/app/data_exports/${id}.json`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, state: "ready", download_url: null });
      const listed = await callAs(w, caller.headers)("GET", "/app/privacy.json");
      const listedExport = listed.json().exports.find((item: { id: string }) => item.id === id);
      expect(listedExport).toMatchObject({ state: "ready", download_url: null });
    }
  });

  it("refuse the download to admins and members", async () => {
    for (const caller of [w.admin, w.memberCaller]) {
      const response = await callAs(w, caller.headers)("GET", `/app/data_exports/${id}/download`);
      expect(response.statusCode).toBe(403);
    }
  });

  it("are a 404 to another company, and for a made-up or malformed id", async () => {
    for (const url of [`/app/data_exports/${id}.json`, `/app/data_exports/${id}/download`]) {
      const response = await ownerB("GET", url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "not_found", error_description: "Export not found" });
    }
    for (const bad of ["7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "42"])
      expect((await owner("GET", `/app/data_exports/${bad}.json`)).statusCode).toBe(404);
  });

  it("answer 409 while the export is not ready", async () => {
    const [running] = await rows(
      db,
      sql`insert into data_exports (company_id, requested_by, state, progress, step)
          values (${w.a.companyId}, ${w.owner.id}, 'running', 40, 'messages') returning id`,
    );
    const response = await owner("GET", `/app/data_exports/${running!.id}/download`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "conflict", error_description: EXPORT_NOT_READY });
    expect((await owner("GET", `/app/data_exports/${running!.id}.json`)).json()).toMatchObject({
      state: "running",
      progress: 40,
      step: "messages",
    });
    await db.execute(sql`delete from data_exports where id = ${running!.id}`);
  });

  it("answer 410 once the link has run out, and the archive is erased", async () => {
    await db.execute(sql`update data_exports set expires_at = now() - interval '1 minute' where id = ${id}`);
    const response = await owner("GET", `/app/data_exports/${id}/download`);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ error: "gone", error_description: EXPORT_EXPIRED });
    const [row] = await rows(db, sql`select archive is null as erased, state from data_exports where id = ${id}`);
    expect(row).toEqual({ erased: true, state: "ready" });
    expect((await owner("GET", `/app/data_exports/${id}.json`)).json().download_url).toBeNull();
  });

  it("have their archives erased by the privacy timer once expired, and only then", async () => {
    const fresh = await exportAndWait();
    const other = await exportAndWait(ownerB);
    await db.execute(sql`update data_exports set expires_at = now() - interval '1 second' where id = ${other}`);
    const result = await runPrivacySchedule({ db, jobs: app.jobs }, new Date());
    expect(result.erasedArchives).toBe(1);
    const kept = await rows(
      db,
      sql`select id, archive is not null as kept from data_exports where id in (${fresh}, ${other})`,
    );
    expect(Object.fromEntries(kept.map((row) => [row.id, row.kept]))).toEqual({ [fresh]: true, [other]: false });
  });
});
