import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client.ts";
import {
  aiEmployees,
  apiChannels,
  companies,
  conversations,
  customers,
  emailChannels,
  inboundEmails,
  invitations,
  knowledgeEntries,
  messages,
  products,
  quotes,
  taskMessages,
  tasks,
  websiteChats,
  whatsappTemplates,
} from "#server/db/schema/index.ts";
import { grantSkills, insertSkillSet, STANDARD_SKILLS } from "#server/modules/skills/index.ts";
import { createTestApp, type TestApp, type TestAppOptions } from "./app.ts";
import { addMember, apiHeaders, createDepartment, createMember, createUser, issueTokenFor } from "./fixtures.ts";

// Test support for the tasks endpoints: two companies, each with a customer conversation and tasks in
// every state, written straight into the tables (independently of the code under test).

const HOUR = 3_600_000;

export type CompanyWorld = {
  companyId: string;
  userId: string;
  userName: string;
  token: string;
  accountId: number;
  department: { id: string };
  /** A live API channel answered by the employee, through which the conversation came. */
  apiChannel: { id: string; token: string };
  /** A website chat answered by the employee, allowing https://shop.example. */
  websiteChat: { id: string; key: string };
  /** An email channel answered by the employee (`<name>-support@` the default inbound domain). */
  emailChannel: { id: string; inboundLocal: string };
  /**
   * A customer's mail in its own email conversation (display id + 50), with the original it was read
   * from (`inbound_emails`, stored).
   */
  emailMessage: { id: string; conversationId: string; raw: string };
  aiEmployee: { id: string; name: string };
  customer: { id: string; fullName: string };
  conversation: { id: string; displayId: number };
  quote: { id: string; number: number };
  /** A product of the company's catalog. */
  product: { id: string };
  /** The standard skills, all given to the AI employee; `skill` is the first (the catalog). */
  skill: { id: string };
  /** A knowledge base entry (an uploaded text file, not indexed). */
  knowledgeEntry: { id: string };
  /** A WhatsApp template draft (no number connected). */
  whatsappTemplate: { id: string };
  /** A second user, a `member` of the company (not a manager), signed in. */
  member: { id: string; token: string; headers: Record<string, string> };
  /** An open invitation (as a member) to `<name>-invitee@example.com`, with the token its link carries. */
  invitation: { id: string; email: string; token: string };
  /** A question and an authorize item to do (due in an hour), one done, one past due. */
  question: string;
  authorize: string;
  done: string;
  pastDue: string;
  headers: Record<string, string>;
};

export async function createCompanyWorld(db: Db, name: string, displayId = 101): Promise<CompanyWorld> {
  const { user, company } = await createMember(db, name);
  const token = (await issueTokenFor(db, user.id)).accessToken;
  const department = await createDepartment(db, company.id, { name: "Sales", employees: 0 });
  const [employee] = await db
    .insert(aiEmployees)
    .values({ companyId: company.id, departmentId: department.id, name: `${name} AI`, role: "Sales agent" })
    .returning();
  const skillIds = await insertSkillSet(db, company.id, STANDARD_SKILLS.en);
  await grantSkills(db, company.id, [employee!.id], skillIds);
  const channelToken = `fch_${name.replace(/\W/g, "")}_channel_token`;
  const [channel] = await db
    .insert(apiChannels)
    .values({
      companyId: company.id,
      name: `${name} web chat`,
      aiEmployeeId: employee!.id,
      tokenHash: createHash("sha256").update(channelToken).digest("hex"),
      tokenPrefix: "fch_test",
      webhookSecret: "test-secret",
    })
    .returning({ id: apiChannels.id });
  const [websiteChat] = await db
    .insert(websiteChats)
    .values({
      companyId: company.id,
      name: "Website chat",
      key: `wc_${name.replace(/\W/g, "").padEnd(24, "0").slice(0, 24)}`,
      aiEmployeeId: employee!.id,
      allowedOrigins: ["https://shop.example"],
    })
    .returning({ id: websiteChats.id, key: websiteChats.key });
  const [emailChannel] = await db
    .insert(emailChannels)
    .values({
      companyId: company.id,
      name: "Support email",
      inboundLocal: `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}-support`,
      aiEmployeeId: employee!.id,
    })
    .returning({ id: emailChannels.id, inboundLocal: emailChannels.inboundLocal });
  const [customer] = await db
    .insert(customers)
    .values({
      companyId: company.id,
      fullName: `${name} Customer`,
      email: "buyer@example.com",
      phone: "+1 555 0100",
      organization: `${name} Buyers`,
    })
    .returning();
  const [conversation] = await db
    .insert(conversations)
    .values({
      companyId: company.id,
      displayId,
      inboxId: 1,
      apiChannelId: channel!.id,
      channel: "whatsapp",
      customerId: customer!.id,
      aiEmployeeId: employee!.id,
      lastActivityAt: new Date(Date.now() - HOUR),
    })
    .returning();
  const [quote] = await db
    .insert(quotes)
    .values({
      companyId: company.id,
      number: 1001,
      subtotalCents: 250_000,
      totalCents: 250_000,
      customerId: customer!.id,
      conversationId: conversation!.id,
    })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ companyId: company.id, sku: "PAL-01", name: "Wooden pallet", unitPriceCents: 1800 })
    .returning({ id: products.id });
  const [knowledgeEntry] = await db
    .insert(knowledgeEntries)
    .values({
      companyId: company.id,
      title: "Opening hours",
      source: "file",
      fileName: "hours.txt",
      fileKind: "text",
      contentType: "text/plain; charset=utf-8",
      byteSize: 12,
      fileData: new TextEncoder().encode("Open 9 to 5."),
    })
    .returning({ id: knowledgeEntries.id });
  const [whatsappTemplate] = await db
    .insert(whatsappTemplates)
    .values({
      companyId: company.id,
      name: "order_update",
      language: "en_US",
      category: "utility",
      status: "draft",
      body: "Hi {{1}}, your order is on its way.",
      variables: [{ source: "customer_first_name", example: "Ana" }],
    })
    .returning({ id: whatsappTemplates.id });
  // 25 messages, one a minute, so "the last 20" leaves 5 out.
  const start = Date.now() - 2 * HOUR;
  await db.insert(messages).values(
    Array.from({ length: 25 }, (_, i) => ({
      companyId: company.id,
      conversationId: conversation!.id,
      senderType: i % 2 === 0 ? ("customer" as const) : ("ai" as const),
      senderName: i % 2 === 0 ? customer!.fullName : employee!.name,
      aiEmployeeId: i % 2 === 0 ? null : employee!.id,
      content: `Message ${i + 1}`,
      createdAt: new Date(start + i * 60_000),
    })),
  );
  const emailMessage = await insertEmailMessage(db, {
    companyId: company.id,
    displayId: displayId + 50,
    emailChannel: emailChannel!,
    customer: customer!,
    employeeId: employee!.id,
  });
  const member = await createUser(db, { firstName: name, lastName: "Member" });
  await addMember(db, member.id, company.id, "member");
  const memberToken = (await issueTokenFor(db, member.id)).accessToken;
  const invitationToken = `invitation-${name.replace(/\W/g, "")}-${randomBytes(8).toString("hex")}`;
  const [invitation] = await db
    .insert(invitations)
    .values({
      companyId: company.id,
      email: `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}-invitee@example.com`,
      role: "member",
      tokenHash: createHash("sha256").update(invitationToken).digest("hex"),
      invitedByUserId: user.id,
      expiresAt: new Date(Date.now() + 7 * 24 * HOUR),
    })
    .returning({ id: invitations.id, email: invitations.email });
  const base = {
    companyId: company.id,
    conversationId: conversation!.id,
    aiEmployeeId: employee!.id,
    assignableType: "Conversation" as const,
    assignableId: conversation!.id,
  };
  const inAnHour = new Date(Date.now() + HOUR);
  const rows = await db
    .insert(tasks)
    .values([
      {
        ...base,
        actionType: "question",
        title: "Saturday delivery?",
        question: "Can we deliver on Saturday?",
        dueAt: inAnHour,
        tags: ["delivery"],
        createdAt: new Date(Date.now() - 3 * HOUR),
        updatedAt: new Date(Date.now() - 3 * HOUR),
      },
      {
        ...base,
        actionType: "authorize",
        title: "15% discount on Q-1001",
        question: "The customer asks for 15% off; my limit is 10%.",
        dueAt: inAnHour,
        assignableType: "Quote",
        assignableId: quote!.id,
        quoteId: quote!.id,
        tags: ["discount"],
        createdAt: new Date(Date.now() - 2 * HOUR),
        updatedAt: new Date(Date.now() - 2 * HOUR),
      },
      {
        ...base,
        actionType: "question",
        title: "Stock for Friday?",
        question: "Is there stock for Friday?",
        state: "done",
        answer: "Yes",
        resolvedByUserId: user.id,
        resolvedAt: new Date(Date.now() - 40 * 24 * HOUR),
        dueAt: new Date(Date.now() - 39 * 24 * HOUR),
        createdAt: new Date(Date.now() - 41 * 24 * HOUR),
        updatedAt: new Date(Date.now() - 40 * 24 * HOUR),
      },
      {
        ...base,
        actionType: "question",
        title: "Net 30 terms?",
        question: "Can they pay on net 30?",
        dueAt: new Date(Date.now() - HOUR),
        // Older than a month: the default list must still show it.
        createdAt: new Date(Date.now() - 45 * 24 * HOUR),
        updatedAt: new Date(Date.now() - 45 * 24 * HOUR),
      },
    ])
    .returning({ id: tasks.id, question: tasks.question, createdAt: tasks.createdAt });
  await db.insert(taskMessages).values(
    rows.map((row) => ({
      companyId: company.id,
      taskId: row.id,
      authorType: "ai" as const,
      content: row.question,
      createdAt: row.createdAt,
    })),
  );
  const [account] = await db
    .select({ accountId: companies.chatAccountId })
    .from(companies)
    .where(sql`${companies.id} = ${company.id}`);
  return {
    companyId: company.id,
    userId: user.id,
    userName: `${user.firstName} ${user.lastName}`,
    token,
    accountId: account!.accountId,
    department: { id: department.id },
    apiChannel: { id: channel!.id, token: channelToken },
    websiteChat: websiteChat!,
    emailChannel: emailChannel!,
    emailMessage,
    aiEmployee: { id: employee!.id, name: employee!.name },
    customer: { id: customer!.id, fullName: customer!.fullName },
    conversation: { id: conversation!.id, displayId: conversation!.displayId },
    quote: { id: quote!.id, number: quote!.number },
    product: { id: product!.id },
    skill: { id: skillIds[0]! },
    knowledgeEntry: { id: knowledgeEntry!.id },
    whatsappTemplate: { id: whatsappTemplate!.id },
    member: { id: member.id, token: memberToken, headers: apiHeaders(memberToken, company.id) },
    invitation: { id: invitation!.id, email: invitation!.email, token: invitationToken },
    question: rows[0]!.id,
    authorize: rows[1]!.id,
    done: rows[2]!.id,
    pastDue: rows[3]!.id,
    headers: apiHeaders(token, company.id),
  };
}

/** A customer's mail that came in through the channel: its conversation, its message and its stored original. */
async function insertEmailMessage(
  db: Db,
  input: {
    companyId: string;
    displayId: number;
    emailChannel: { id: string; inboundLocal: string };
    customer: { id: string; fullName: string };
    employeeId: string;
  },
) {
  const { companyId, emailChannel, customer } = input;
  const to = `${emailChannel.inboundLocal}@mail.foreman.localhost`;
  const headerMessageId = `<pallets-${emailChannel.inboundLocal}@buyer.example>`;
  const raw = [
    `From: "${customer.fullName}" <buyer@example.com>`,
    `To: ${to}`,
    "Subject: Pallets to Lisbon",
    `Message-ID: ${headerMessageId}`,
    "Date: Tue, 24 Nov 2026 09:30:00 +0000",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Hello, do you deliver wooden pallets to Lisbon?",
    "",
  ].join("\r\n");
  const receivedAt = new Date(Date.now() - 3 * HOUR);
  const [conversation] = await db
    .insert(conversations)
    .values({
      companyId,
      displayId: input.displayId,
      inboxId: 1,
      channel: "email",
      customerId: customer.id,
      aiEmployeeId: input.employeeId,
      emailChannelId: emailChannel.id,
      emailReplyToken: `${emailChannel.inboundLocal.replace(/[^a-z0-9]/g, "")}replytoken`.padEnd(24, "0"),
      subject: "Pallets to Lisbon",
      lastActivityAt: receivedAt,
    })
    .returning({ id: conversations.id });
  const [message] = await db
    .insert(messages)
    .values({
      companyId,
      conversationId: conversation!.id,
      senderType: "customer",
      senderName: customer.fullName,
      content: "Hello, do you deliver wooden pallets to Lisbon?",
      emailMessageId: headerMessageId,
      email: {
        subject: "Pallets to Lisbon",
        from: `"${customer.fullName}" <buyer@example.com>`,
        to: [to],
        cc: [],
        quotedText: null,
        html: null,
        automated: null,
        skippedAttachments: [],
      },
      createdAt: receivedAt,
    })
    .returning({ id: messages.id });
  const bytes = new TextEncoder().encode(raw);
  await db.insert(inboundEmails).values({
    companyId,
    emailChannelId: emailChannel.id,
    headerMessageId,
    transport: "smtp",
    envelopeFrom: "buyer@example.com",
    recipient: to,
    raw: bytes,
    byteSize: bytes.byteLength,
    state: "stored",
    messageId: message!.id,
    receivedAt,
  });
  return { id: message!.id, conversationId: conversation!.id, raw };
}

export type TasksWorld = { t: TestApp; a: CompanyWorld; b: CompanyWorld };

export async function tasksWorld(options: TestAppOptions = {}): Promise<TasksWorld> {
  const t = await createTestApp(options);
  const a = await createCompanyWorld(t.db, "Alpha");
  const b = await createCompanyWorld(t.db, "Bravo", 202);
  return { t, a, b };
}

type Row = Record<string, unknown>;
export async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Row counts of everything a resolution may write, to prove a refused one wrote nothing. */
export async function writeCounts(db: Db) {
  const [row] = await rows(
    db,
    sql`select
      (select count(*)::int from tasks where state = 'done') as done_tasks,
      (select count(*)::int from task_messages) as task_messages,
      (select count(*)::int from messages) as messages,
      (select count(*)::int from activities) as activities,
      (select coalesce(max(updated_at), 'epoch')::text from tasks) as last_task_update,
      (select coalesce(max(last_activity_at), 'epoch')::text from conversations) as last_activity`,
  );
  return row!;
}
