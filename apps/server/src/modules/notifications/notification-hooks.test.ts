import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema/index.ts";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import { type FakeOpenAi, fakeOpenAiEnv, startFakeOpenAi } from "#server/test/fake-openai.ts";
import { addMember, apiHeaders, createUser, issueTokenFor, type TestUser } from "#server/test/fixtures.ts";

// Where things happen, staff are told: an action item an AI employee raises (its approvers), a
// conversation it hands to staff (the owners and admins), a ticket given to someone (them, unless they
// took it). Each through the real path: a customer message answered by a scripted model, the tickets
// API. The notification is written in the event's own transaction, with its batch job.

type Call = { name: string; arguments: Record<string, unknown> };

let fake: FakeOpenAi;
let w: AgentWorld;
let admin: TestUser;
let member: TestUser & { headers: Record<string, string> };

beforeAll(async () => {
  fake = await startFakeOpenAi([]);
  w = await agentWorld({ env: fakeOpenAiEnv(fake, "sk-test-notification-hooks") });
  admin = await createUser(w.t.db, { firstName: "Ada" });
  await addMember(w.t.db, admin.id, w.a.companyId, "admin");
  const plain = await createUser(w.t.db, { firstName: "Max" });
  await addMember(w.t.db, plain.id, w.a.companyId, "member");
  member = { ...plain, headers: apiHeaders((await issueTokenFor(w.t.db, plain.id)).accessToken, w.a.companyId) };
});
afterAll(async () => {
  await w?.t.close();
  await fake?.close();
});

/** One customer message answered by the scripted tool calls, then "Done."; answers its conversation. */
async function customerWrites(externalId: string, calls: Call[]) {
  fake.push(...calls.map((call) => ({ toolCalls: [{ name: call.name, arguments: call.arguments }] })), {
    content: "Done.",
  });
  const sent = await w.send(w.a.channel.token, inbound("Hello there", { externalId, name: "Grace Hopper" }));
  expect(sent.statusCode, sent.body).toBe(202);
  await w.settle();
  return sent.json().conversation_id as string;
}

const toldAbout = (subjectId: string) =>
  w.t.db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      summary: notifications.summary,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.subjectId, subjectId));

const ids = (rows: { userId: string }[]) => rows.map((row) => row.userId).sort();

describe("an action item an AI employee raises", () => {
  it("is told to those who may decide on it, once, with its title and a link to the action items", async () => {
    const conversationId = await customerWrites("hooks-ask", [
      { name: "ask_human", arguments: { question: "Can we deliver to Valparaíso on Sunday?" } },
    ]);
    const [task] = await w.rows<{ id: string }>(sql`select id from tasks where conversation_id = ${conversationId}`);
    const told = await toldAbout(task!.id);
    expect(ids(told)).toEqual([w.a.userId, admin.id].sort());
    expect(told[0]).toMatchObject({
      kind: "action_item",
      summary: "Can we deliver to Valparaíso on Sunday?",
      link: "/action_items",
    });
    const [batch] = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from jobs j join notifications n on n.id = j.subject_id
          where j.kind = 'notification_mail' and n.user_id = ${admin.id}`,
    );
    expect(batch!.n).toBe(1);
  });
});

describe("a conversation handed to staff", () => {
  it("is told to the owners and admins, with the customer, the reason and a link to the conversation", async () => {
    const conversationId = await customerWrites("hooks-handoff", [
      { name: "hand_off", arguments: { to: "staff", reason: "asks for a person" } },
    ]);
    const [conversation] = await w.rows<{ handled_by: string; display_id: number }>(
      sql`select handled_by, display_id from conversations where id = ${conversationId}`,
    );
    expect(conversation!.handled_by).toBe("staff");
    const told = await toldAbout(conversationId);
    expect(ids(told)).toEqual([w.a.userId, admin.id].sort());
    expect(told[0]).toMatchObject({
      kind: "handoff",
      summary: `Conversation #${conversation!.display_id} with Grace Hopper: asks for a person`,
      link: `/conversations/${conversationId}`,
    });
  });
});

describe("a ticket given to a staff member", () => {
  const createTicket = (headers: Record<string, string>, responsible?: { kind: "user"; id: string }) =>
    w.t.app.inject({
      method: "POST",
      url: "/app/tickets.json",
      headers,
      payload: { subject: "Pallets arrived broken", client: { full_name: "Grace Hopper" }, responsible },
    });
  const assign = (headers: Record<string, string>, ticketId: string, userId: string) =>
    w.t.app.inject({
      method: "POST",
      url: `/app/tickets/${ticketId}/assign.json`,
      headers,
      payload: { responsible: { kind: "user", id: userId } },
    });

  it("tells them when someone else gives it to them, on creation or later, never when they take it", async () => {
    const created = await createTicket(w.a.headers, { kind: "user", id: member.id });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json() as { id: string; number: number };
    expect(await toldAbout(ticket.id)).toEqual([
      {
        userId: member.id,
        kind: "ticket_assigned",
        summary: `T-${ticket.number} Pallets arrived broken`,
        link: `/support?ticket=${ticket.id}`,
      },
    ]);

    // The owner takes it: nobody is told; then gives it to the admin: the admin is.
    expect((await assign(w.a.headers, ticket.id, w.a.userId)).statusCode).toBe(200);
    expect((await assign(w.a.headers, ticket.id, admin.id)).statusCode).toBe(200);
    expect(ids(await toldAbout(ticket.id))).toEqual([member.id, admin.id].sort());

    // A member who opens a ticket for themselves is not told of it either.
    const own = await createTicket(member.headers, { kind: "user", id: member.id });
    expect(own.statusCode, own.body).toBe(201);
    expect(await toldAbout((own.json() as { id: string }).id)).toEqual([]);
  });

  it("tells nobody when the assignment is refused", async () => {
    const created = await createTicket(w.a.headers);
    const ticket = created.json() as { id: string };
    // Members may not give a ticket to someone else: 403, and nothing is written.
    expect((await assign(member.headers, ticket.id, admin.id)).statusCode).toBe(403);
    const rows = await w.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subjectId, ticket.id)));
    expect(rows).toEqual([]);
  });
});
