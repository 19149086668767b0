import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import type { Db, Executor } from "#server/db/client.ts";
import {
  attachments,
  companyLogos,
  conversations,
  deliveryAddresses,
  inboundEmails,
  leads,
  lineItems,
  messages,
  outboundMails,
} from "#server/db/schema/index.ts";
import { addMember, apiHeaders, createUser, issueTokenFor } from "./fixtures.ts";
import { type CompanyWorld, rows, type TasksWorld, tasksWorld } from "./tasks-setup.ts";
import { insertTicket } from "./tickets-setup.ts";

// Test support for Settings → Privacy: two companies (tasks-setup's Alpha and Bravo) with rows in the
// tables tasks-setup leaves empty (an order's lines, a customer's address, a file, a logo, a lead, a
// ticket), an admin and a second owner in Alpha, and helpers to count a company's rows everywhere.

const DAY = 86_400_000;

export type Caller = { id: string; headers: Record<string, string> };
export type PrivacyWorld = TasksWorld & { admin: Caller; secondOwner: Caller; owner: Caller; memberCaller: Caller };

async function caller(db: Db, companyId: string, role: "owner" | "admin", firstName: string): Promise<Caller> {
  const user = await createUser(db, { firstName, lastName: "Privacy" });
  await addMember(db, user.id, companyId, role);
  const token = (await issueTokenFor(db, user.id)).accessToken;
  return { id: user.id, headers: apiHeaders(token, companyId) };
}

/** The rows every table of the export should show for a company, beyond what tasks-setup writes. */
export async function fillCompany(db: Db, w: CompanyWorld) {
  const [address] = await db
    .insert(deliveryAddresses)
    .values({ customerId: w.customer.id, line1: "1 Dock Road", city: "Valparaíso", country: "CL" })
    .returning({ id: deliveryAddresses.id });
  await db.insert(lineItems).values([
    {
      quoteId: w.quote.id,
      sku: "PAL-01",
      productName: "Wooden pallet",
      quantity: 10,
      unitPriceCents: 1800,
      totalCents: 18000,
    },
    {
      quoteId: w.quote.id,
      sku: "PAL-02",
      productName: "Plastic pallet",
      quantity: 2,
      unitPriceCents: 4000,
      totalCents: 8000,
    },
  ]);
  await db.insert(leads).values({
    companyId: w.companyId,
    source: "whatsapp",
    channel: "whatsapp",
    personName: `${w.customer.fullName}`,
    conversationId: w.conversation.id,
    customerId: w.customer.id,
  });
  const [message] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(sql`${messages.conversationId} = ${w.conversation.id}`)
    .limit(1);
  const data = new TextEncoder().encode(`Invoice of ${w.companyId}`);
  await db.insert(attachments).values({
    companyId: w.companyId,
    messageId: message!.id,
    fileName: "invoice.txt",
    contentType: "text/plain",
    byteSize: data.byteLength,
    accessKey: randomBytes(32).toString("base64url"),
    data,
  });
  await db.insert(companyLogos).values({
    companyId: w.companyId,
    sha256: randomBytes(32).toString("hex"),
    contentType: "image/webp",
    image: new Uint8Array([82, 73, 70, 70]),
  });
  await insertTicket(db, w);
  return { deliveryAddressId: address!.id };
}

export async function privacyWorld(): Promise<PrivacyWorld> {
  const w = await tasksWorld({ env: { RATE_LIMIT_MAX: "1000000" } });
  await fillCompany(w.t.db, w.a);
  await fillCompany(w.t.db, w.b);
  const admin = await caller(w.t.db, w.a.companyId, "admin", "Ada");
  const secondOwner = await caller(w.t.db, w.a.companyId, "owner", "Olga");
  return {
    ...w,
    admin,
    secondOwner,
    owner: { id: w.a.userId, headers: w.a.headers },
    memberCaller: { id: w.a.member.id, headers: w.a.member.headers },
  };
}

/** Calls as one caller; answers are left as they came (snake_case). */
export function callAs(w: TasksWorld, headers: Record<string, string>) {
  return (method: InjectOptions["method"], url: string, payload?: unknown) =>
    w.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The public tables with a company_id column, from the catalogue (not from the code under test). */
export async function companyTables(db: Executor): Promise<string[]> {
  const found = await rows(
    db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'company_id' order by table_name`,
  );
  return found.map((row) => String(row.table_name));
}

/** Each company table's row count for the company (the companies table: its own row). */
export async function companyRowCounts(db: Executor, companyId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await companyTables(db)) {
    const [row] = await rows(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId}`,
    );
    counts[table] = Number(row!.n);
  }
  const [company] = await rows(db, sql`select count(*)::int as n from companies where id = ${companyId}`);
  counts.companies = Number(company!.n);
  return counts;
}

/** A conversation of the company whose last activity (and every message) was `daysAgo` days before `now`. */
export async function conversationAged(
  db: Db,
  companyId: string,
  daysAgo: number,
  now: Date,
  values: { isTest?: boolean; messages?: number; recentMessageDaysAgo?: number; withFile?: boolean } = {},
): Promise<{ id: string; messageIds: string[] }> {
  const at = new Date(now.getTime() - daysAgo * DAY);
  const [conversation] = await db
    .insert(conversations)
    .values({
      companyId,
      displayId: 10_000 + Number.parseInt(randomBytes(3).toString("hex"), 16),
      inboxId: 1,
      channel: "web_chat",
      lastActivityAt: at,
      isTest: values.isTest ?? false,
      createdAt: at,
    })
    .returning({ id: conversations.id });
  const count = values.messages ?? 2;
  const inserted = await db
    .insert(messages)
    .values(
      Array.from({ length: count }, (_, i) => ({
        companyId,
        conversationId: conversation!.id,
        senderType: "customer" as const,
        senderName: "Carla",
        content: `Hello ${i}`,
        createdAt: new Date(at.getTime() - (count - i) * 60_000),
      })),
    )
    .returning({ id: messages.id });
  const messageIds = inserted.map((row) => row.id);
  if (values.recentMessageDaysAgo !== undefined) {
    const [recent] = await db
      .insert(messages)
      .values({
        companyId,
        conversationId: conversation!.id,
        senderType: "customer",
        senderName: "Carla",
        content: "Still there?",
        createdAt: new Date(Math.floor((now.getTime() - values.recentMessageDaysAgo * DAY) / 1000) * 1000),
      })
      .returning({ id: messages.id });
    messageIds.push(recent!.id);
  }
  if (values.withFile) {
    const data = new TextEncoder().encode("a photo");
    await db.insert(attachments).values({
      companyId,
      messageId: messageIds[0]!,
      fileName: "photo.jpg",
      contentType: "image/jpeg",
      byteSize: data.byteLength,
      accessKey: randomBytes(32).toString("base64url"),
      data,
    });
    const raw = new TextEncoder().encode("From: carla@example.com\r\n\r\nHello");
    await db.insert(inboundEmails).values({
      companyId,
      headerMessageId: `<${randomBytes(8).toString("hex")}@example.com>`,
      transport: "webhook",
      recipient: "support@example.com",
      raw,
      byteSize: raw.byteLength,
      state: "stored",
      messageId: messageIds[0]!,
      receivedAt: at,
    });
    await db.insert(outboundMails).values({
      companyId,
      fromAddress: "support@example.com",
      toAddress: "carla@example.com",
      subject: "Re: Hello",
      text: "Our reply",
      messageId: `<${randomBytes(8).toString("hex")}@example.com>`,
      conversationMessageId: messageIds[1] ?? messageIds[0]!,
      state: "sent",
    });
  }
  return { id: conversation!.id, messageIds };
}
