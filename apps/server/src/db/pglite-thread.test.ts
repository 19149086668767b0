import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { isUniqueViolation } from "#server/lib/unique-violation.ts";
import { testEngine } from "#server/test/database.ts";
import { PgliteThread } from "./pglite-thread.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

// PGlite's own thread: drizzle's calls (query, transaction) answered across the thread boundary as
// PGlite answers them in-process. The whole server suite also runs on it; these pin the boundary itself.
// PGlite only (TEST_DB=postgres runs the same suite on PostgreSQL, where there is no thread).

const TIMESTAMPTZ = 1184;
const open: PgliteThread[] = [];
const dirs: string[] = [];

/** A new in-memory database with a table to play with, from the run's migrated template (no initdb). */
async function thread() {
  const templatePath = inject("pgliteTemplatePath");
  const client = new PgliteThread("memory://", templatePath ? new Blob([readFileSync(templatePath)]) : undefined);
  open.push(client);
  await client.opened;
  await client.exec("create table items (id int primary key, name text not null unique, at timestamptz, data jsonb)");
  return client;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testEngine() === "postgres")("PGlite on its own thread", () => {
  it("answers rows with PGlite's types, leaving the types drizzle names as text", async () => {
    const db = await thread();
    await db.query("insert into items values ($1, $2, $3, $4)", [1, "first", "2026-11-24T10:00:00Z", { a: [1, 2] }]);
    const parsed = await db.query<{ id: number; at: unknown; data: unknown }>("select id, at, data from items");
    expect(parsed.rows).toEqual([{ id: 1, at: new Date("2026-11-24T10:00:00Z"), data: { a: [1, 2] } }]);
    const asText = await db.query("select id, at from items", [], {
      rowMode: "array",
      parsers: { [TIMESTAMPTZ]: (value: string) => value },
    });
    expect(asText.rows).toEqual([[1, "2026-11-24 10:00:00+00"]]);
    expect(asText.fields.map((field) => field.name)).toEqual(["id", "at"]);
  });

  it("commits a transaction that resolves, and rolls back one that throws with its own error", async () => {
    const db = await thread();
    const value = await db.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (1, 'kept')");
      return "done";
    });
    expect(value).toBe("done");
    const failure = new Error("changed my mind");
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (2, 'dropped')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await db.query("select name from items order by id")).rows).toEqual([{ name: "kept" }]);
  });

  it("makes other queries wait for an open transaction, as PGlite's single connection does", async () => {
    const db = await thread();
    let committed = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The outside query goes once the transaction is open (a 20 ms sleep was not always enough).
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (1, 'inside')");
      entered();
      await held;
      committed = true;
    });
    await inside;
    const outside = db.query("select count(*)::int as n from items").then((result) => ({ result, committed }));
    release();
    await transaction;
    const seen = await outside;
    expect(seen.committed).toBe(true);
    expect(seen.result.rows).toEqual([{ n: 1 }]);
  });

  it("keeps the database's error fields, so a unique violation is still recognised", async () => {
    const db = await thread();
    await db.query("insert into items (id, name) values (1, 'same')");
    const error = await db.query("insert into items (id, name) values (2, 'same')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_name_key" });
    expect(isUniqueViolation(error)).toBe(true);
    // The thread goes on answering after a failed statement.
    expect((await db.query("select count(*)::int as n from items")).rows).toEqual([{ n: 1 }]);
  });

  it("reports a data directory it cannot open, to whoever waits for it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "foreman-thread-"));
    dirs.push(dir);
    const notADirectory = path.join(dir, "file");
    writeFileSync(notADirectory, "not a database");
    const client = new PgliteThread(notADirectory);
    open.push(client);
    await expect(client.opened).rejects.toThrow(/EEXIST|ENOTDIR|not a directory|file already exists/i);
    await expect(client.query("select 1")).rejects.toThrow();
  });

  it("fails what waits, and what comes after, as an outage when the thread is gone", async () => {
    const db = await thread();
    // Far longer than a busy machine can stall before the terminate: the statement is still running.
    const pending = db.query("select pg_sleep(60)");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await db.terminate();
    const lost = await pending.catch((e: unknown) => e);
    expect(isDatabaseUnavailable(lost)).toBe(true);
    const later = await db.query("select 1").catch((e: unknown) => e);
    expect(isDatabaseUnavailable(later)).toBe(true);
  });

  it("refuses queries once closed, and closes twice without complaint", async () => {
    const db = await thread();
    await db.close();
    await db.close();
    await expect(db.query("select 1")).rejects.toThrow("The database is closed");
  });

  it("reopens its data directory in a fresh thread, keeping its rows, its listeners and a query asked meanwhile", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "foreman-thread-"));
    dirs.push(dir);
    const templatePath = inject("pgliteTemplatePath");
    const db = new PgliteThread(
      path.join(dir, "data"),
      templatePath ? new Blob([readFileSync(templatePath)]) : undefined,
    );
    open.push(db);
    await db.opened;
    await db.exec("create table items (id int primary key, name text not null)");
    await db.query("insert into items values (1, 'kept')");
    const heard: string[] = [];
    db.onNotification((channel, payload) => heard.push(`${channel} ${payload}`));

    const renewing = db.renew();
    const meanwhile = db.query<{ name: string }>("select name from items");
    await renewing;
    expect((await meanwhile).rows).toEqual([{ name: "kept" }]);
    await db.query("select pg_notify('foreman_data', 'after the renewal')");
    expect(heard).toEqual(["foreman_data after the renewal"]);
    await db.query("insert into items values (2, 'added')");
    expect((await db.query("select count(*)::int as n from items")).rows).toEqual([{ n: 2 }]);
  });

  it("keeps a database in memory as it is when asked to renew (a new thread would start empty)", async () => {
    const db = await thread();
    await db.query("insert into items (id, name) values (1, 'still here')");
    await db.renew();
    expect((await db.query("select name from items")).rows).toEqual([{ name: "still here" }]);
  });

  it("refuses to renew while a query runs", async () => {
    const db = await thread();
    const dir = mkdtempSync(path.join(tmpdir(), "foreman-thread-"));
    dirs.push(dir);
    const onDisk = new PgliteThread(path.join(dir, "data"), await db.dumpDataDir());
    open.push(onDisk);
    const running = onDisk.query("select pg_sleep(0.5)");
    await expect(onDisk.renew()).rejects.toThrow("cannot be renewed while queries run");
    await running;
  });

  it("dumps a data directory another thread opens with the same rows", async () => {
    const db = await thread();
    await db.query("insert into items (id, name) values (7, 'copied')");
    const dump = await db.dumpDataDir();
    const copy = new PgliteThread("memory://", dump);
    open.push(copy);
    expect((await copy.query("select id, name from items")).rows).toEqual([{ id: 7, name: "copied" }]);
  });
});
