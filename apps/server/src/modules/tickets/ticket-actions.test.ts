import {
  camelizeKeys,
  type LiveEvent,
  TICKET_LIMITS,
  type TicketActivity,
  ticketActivitiesSchema,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { detailOf, insertTicket, ticketsApi } from "#server/test/tickets-setup.ts";

// Working a ticket: assigning (and who may), replying and noting, closing and reopening, its activity
// in order, followers and their mail, deleting, and another company's ids.

let w: TasksWorld;
let owner: ReturnType<typeof ticketsApi>;
let member: ReturnType<typeof ticketsApi>;
let memberName: string;
beforeAll(async () => {
  w = await tasksWorld();
  owner = ticketsApi(w);
  member = ticketsApi(w, w.a, w.a.member.headers);
  memberName = "Alpha Member";
});
afterAll(async () => {
  await w.t.close();
});

const activitiesOf = async (id: string) => {
  const response = await owner.activities(id);
  expect(response.statusCode, response.body).toBe(200);
  const body = camelizeKeys<{ activities: TicketActivity[] }>(response.json());
  expect(ticketActivitiesSchema.safeParse(body).success).toBe(true);
  return body.activities;
};

const mailsTo = (address: string) =>
  rows(
    w.t.db,
    sql`select company_id, subject, text from outbound_mails where to_address = ${address} order by created_at, id`,
  );

async function emailOf(userId: string) {
  const [row] = await rows(w.t.db, sql`select email from users where id = ${userId}`);
  return String(row!.email);
}

function recordEvents() {
  const events: LiveEvent[] = [];
  const stop = w.t.app.events.subscribe(w.a.companyId, (event) => events.push(event));
  return { events, stop };
}

describe("POST /app/tickets/{id}/assign.json", () => {
  it("assigns to a staff member and to an AI employee of the company, and unassigns", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    const { events, stop } = recordEvents();
    const toMember = await owner.assign(ticket.id, { kind: "user", id: w.a.member.id });
    stop();
    expect(toMember.statusCode, toMember.body).toBe(200);
    expect(detailOf(toMember.json()).responsible).toEqual({ kind: "user", id: w.a.member.id, name: memberName });
    expect(events).toEqual([{ type: "ticket.updated", ticketId: ticket.id, status: "open" }]);
    const toAi = await owner.assign(ticket.id, { kind: "ai_employee", id: w.a.aiEmployee.id });
    expect(detailOf(toAi.json()).responsible).toEqual({
      kind: "ai_employee",
      id: w.a.aiEmployee.id,
      name: w.a.aiEmployee.name,
    });
    const [row] = await rows(
      w.t.db,
      sql`select assignee_user_id, assignee_ai_employee_id from tickets where id = ${ticket.id}`,
    );
    expect(row).toEqual({ assignee_user_id: null, assignee_ai_employee_id: w.a.aiEmployee.id });
    const unassigned = await owner.assign(ticket.id, null);
    expect(detailOf(unassigned.json()).responsible).toBeNull();
    const again = await owner.assign(ticket.id, null);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: "invalid_transition" });
    const summaries = (await activitiesOf(ticket.id)).map((a) => a.summary);
    expect(summaries.slice(1)).toEqual([
      `Assigned to ${memberName}`,
      `Assigned to ${w.a.aiEmployee.name}`,
      "Unassigned",
    ]);
  });

  it("lets a member take a ticket and give back their own, but not assign anyone else (403)", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    const toOwner = await member.assign(ticket.id, { kind: "user", id: w.a.userId });
    expect(toOwner.statusCode).toBe(403);
    expect(toOwner.json()).toMatchObject({
      error: "forbidden",
      error_description: expect.stringMatching(/owner or an admin/),
    });
    const toAi = await member.assign(ticket.id, { kind: "ai_employee", id: w.a.aiEmployee.id });
    expect(toAi.statusCode).toBe(403);
    const taken = await member.assign(ticket.id, { kind: "user", id: w.a.member.id });
    expect(taken.statusCode, taken.body).toBe(200);
    const givenBack = await member.assign(ticket.id, null);
    expect(givenBack.statusCode, givenBack.body).toBe(200);
    // Someone else's ticket is not the member's to unassign.
    await owner.assign(ticket.id, { kind: "user", id: w.a.userId });
    const unassignOwner = await member.assign(ticket.id, null);
    expect(unassignOwner.statusCode).toBe(403);
    const [row] = await rows(w.t.db, sql`select assignee_user_id from tickets where id = ${ticket.id}`);
    expect(row!.assignee_user_id).toBe(w.a.userId);
  });

  it("refuses another company's staff member or AI employee with 422, and another company's ticket with 404", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    for (const responsible of [
      { kind: "user", id: w.b.userId },
      { kind: "ai_employee", id: w.b.aiEmployee.id },
      { kind: "ai_employee", id: w.a.userId },
    ]) {
      const response = await owner.assign(ticket.id, responsible);
      expect(response.statusCode).toBe(422);
      expect(response.json().details).toEqual([expect.objectContaining({ field: "responsible.id" })]);
    }
    const foreign = await insertTicket(w.t.db, w.b);
    const response = await owner.assign(foreign.id, { kind: "user", id: w.a.userId });
    expect(response.statusCode).toBe(404);
  });
});

describe("POST /app/tickets/{id}/comments.json", () => {
  it("sends a public comment to the client through the conversation and records it with the message", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    const response = await member.comment(ticket.id, {
      body: "We are sending two new pallets today.",
      visibility: "public",
    });
    expect(response.statusCode, response.body).toBe(200);
    const [message] = await rows(
      w.t.db,
      sql`select id, sender_type, user_id, content from messages
          where conversation_id = ${w.a.conversation.id} order by created_at desc, id desc limit 1`,
    );
    expect(message).toMatchObject({
      sender_type: "staff",
      user_id: w.a.member.id,
      content: "We are sending two new pallets today.",
    });
    const last = (await activitiesOf(ticket.id)).at(-1)!;
    expect(last).toMatchObject({
      kind: "ticket.commented",
      actor: { type: "user", id: w.a.member.id, name: memberName },
      summary: "Replied to the client",
      body: "We are sending two new pallets today.",
      visibility: "public",
    });
    const [entry] = await rows(
      w.t.db,
      sql`select details from activities where subject_id = ${ticket.id} and kind = 'ticket.commented'`,
    );
    expect((entry!.details as { messageId: string }).messageId).toBe(message!.id);
  });

  it("refuses a public comment on a ticket without a conversation (422), sending nothing", async () => {
    const ticket = await insertTicket(w.t.db, w.a, { conversationId: null });
    const before = await rows(w.t.db, sql`select count(*)::int as n from messages`);
    const response = await owner.comment(ticket.id, { body: "Hello", visibility: "public" });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: "no_conversation",
      error_description: expect.stringMatching(/no conversation/),
      details: [{ field: "visibility", message: expect.any(String) }],
    });
    expect(await rows(w.t.db, sql`select count(*)::int as n from messages`)).toEqual(before);
    expect((await activitiesOf(ticket.id)).map((a) => a.kind)).toEqual(["ticket.created"]);
  });

  it("adds an internal note (the default) that reaches no customer", async () => {
    const ticket = await insertTicket(w.t.db, w.a, { conversationId: null });
    const response = await owner.comment(ticket.id, { body: "Courier confirmed the damage." });
    expect(response.statusCode, response.body).toBe(200);
    expect((await activitiesOf(ticket.id)).at(-1)).toMatchObject({
      kind: "ticket.noted",
      summary: "Added an internal note",
      body: "Courier confirmed the damage.",
      visibility: "internal",
    });
    const blank = await owner.comment(ticket.id, { body: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([expect.objectContaining({ field: "body" })]);
  });
});

describe("closing and reopening, and the activity", () => {
  it("closes, refuses a second close, reopens, with every step in order with its actor", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    const { events, stop } = recordEvents();
    const closed = await member.close(ticket.id, { note: "Customer confirmed the replacement arrived." });
    expect(closed.statusCode, closed.body).toBe(200);
    const detail = detailOf(closed.json());
    expect(detail.status).toBe("closed");
    expect(detail.closedAt).not.toBeNull();
    const twice = await owner.close(ticket.id);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ error: "invalid_transition" });
    const reopened = await owner.reopen(ticket.id);
    stop();
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(detailOf(reopened.json())).toMatchObject({ status: "open", closedAt: null });
    expect(events).toEqual([
      { type: "ticket.updated", ticketId: ticket.id, status: "closed" },
      { type: "ticket.updated", ticketId: ticket.id, status: "open" },
    ]);
    const reopenOpen = await owner.reopen(ticket.id);
    expect(reopenOpen.statusCode).toBe(422);

    const list = await activitiesOf(ticket.id);
    expect(list.map((a) => [a.kind, a.actor.type, a.actor.id])).toEqual([
      ["ticket.created", "ai_employee", w.a.aiEmployee.id],
      ["ticket.closed", "user", w.a.member.id],
      ["ticket.reopened", "user", w.a.userId],
    ]);
    expect(list[1]).toMatchObject({
      summary: expect.stringMatching(/^Closed T-\d+$/),
      body: "Customer confirmed the replacement arrived.",
      visibility: "internal",
      callNumber: null,
    });
    const times = list.map((a) => Date.parse(a.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it("answers 404 for another company's ticket on every write and read, changing nothing", async () => {
    const foreign = await insertTicket(w.t.db, w.b);
    const calls = [
      owner.close(foreign.id),
      owner.reopen(foreign.id),
      owner.comment(foreign.id, { body: "Hi", visibility: "public" }),
      owner.comment(foreign.id, { body: "Hi" }),
      owner.follow(foreign.id, w.a.userId),
      owner.activities(foreign.id),
      owner.remove(foreign.id),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Bravo");
    }
    const [row] = await rows(w.t.db, sql`select status from tickets where id = ${foreign.id}`);
    expect(row!.status).toBe("open");
    const entries = await rows(w.t.db, sql`select kind from activities where subject_id = ${foreign.id}`);
    expect(entries).toEqual([{ kind: "ticket.created" }]);
  });
});

describe("followers", () => {
  it("adds and removes followers, who get a mail for each change but their own", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    const followed = await owner.follow(ticket.id, w.a.member.id);
    expect(followed.statusCode, followed.body).toBe(200);
    const self = await owner.follow(ticket.id, w.a.userId);
    expect(detailOf(self.json()).followers).toEqual([
      { id: w.a.member.id, name: memberName },
      { id: w.a.userId, name: w.a.userName },
    ]);
    const twice = await owner.follow(ticket.id, w.a.member.id);
    expect(twice.statusCode).toBe(422);
    const stranger = await owner.follow(ticket.id, w.b.userId);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().details).toEqual([expect.objectContaining({ field: "user_id" })]);

    const memberEmail = await emailOf(w.a.member.id);
    const ownerEmail = await emailOf(w.a.userId);
    const memberBefore = (await mailsTo(memberEmail)).length;
    const ownerBefore = (await mailsTo(ownerEmail)).length;
    await owner.comment(ticket.id, { body: "Checking with the courier." });
    await member.close(ticket.id);
    await owner.update(ticket.id, { priority: "high" });

    const memberMails = (await mailsTo(memberEmail)).slice(memberBefore);
    expect(memberMails).toHaveLength(1);
    expect(memberMails[0]).toMatchObject({
      company_id: w.a.companyId,
      subject: expect.stringMatching(/^T-\d+ My order arrived damaged: .+ added an internal note$/),
    });
    expect(memberMails[0]!.text).toContain("Checking with the courier.");
    expect(memberMails[0]!.text).toContain(`/support?ticket=${ticket.id}`);
    // The member closed it: only the owner hears of that; nobody hears of the priority.
    const ownerMails = (await mailsTo(ownerEmail)).slice(ownerBefore);
    expect(ownerMails.map((m) => m.subject)).toEqual([expect.stringMatching(/Alpha Member closed the ticket$/)]);

    const removed = await member.unfollow(ticket.id, w.a.member.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(detailOf(removed.json()).followers).toEqual([{ id: w.a.userId, name: w.a.userName }]);
    const notFollowing = await member.unfollow(ticket.id, w.a.member.id);
    expect(notFollowing.statusCode).toBe(404);
    await owner.reopen(ticket.id);
    expect((await mailsTo(memberEmail)).slice(memberBefore)).toHaveLength(1);
    expect((await activitiesOf(ticket.id)).map((a) => a.kind)).toEqual([
      "ticket.created",
      "ticket.follower_added",
      "ticket.follower_added",
      "ticket.noted",
      "ticket.closed",
      "ticket.priority_changed",
      "ticket.follower_removed",
      "ticket.reopened",
    ]);
  });
});

describe("the follower limit", () => {
  it("refuses one follower more than TICKET_LIMITS.followers, and keeps the ones it has", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    // As many colleagues as the limit allows, each a member following the ticket already.
    await w.t.db.execute(sql`
      with crowd as (
        insert into users (email, first_name, last_name, password_digest)
        select 'crowd' || n || '@example.com', 'Crowd', 'Member ' || n, 'x' from generate_series(1, ${TICKET_LIMITS.followers}) n
        returning id
      ), joined as (
        insert into memberships (user_id, company_id, role) select id, ${w.a.companyId}, 'member' from crowd returning user_id
      )
      insert into ticket_followers (ticket_id, user_id, company_id)
      select ${ticket.id}, user_id, ${w.a.companyId} from joined`);
    const refused = await owner.follow(ticket.id, w.a.userId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: "invalid_transition",
      error_description: expect.stringContaining(`${TICKET_LIMITS.followers} followers`),
    });
    const [{ n }] = (await rows(
      w.t.db,
      sql`select count(*)::int as n from ticket_followers where ticket_id = ${ticket.id}`,
    )) as [{ n: number }];
    expect(n).toBe(TICKET_LIMITS.followers);
  });
});

describe("DELETE /app/tickets/{id}.json", () => {
  it("deletes for an owner, recorded in the log, and refuses a member with 403", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    await owner.follow(ticket.id, w.a.member.id);
    const refused = await member.remove(ticket.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "forbidden" });
    expect((await owner.get(ticket.id)).statusCode).toBe(200);

    const { events, stop } = recordEvents();
    const removed = await owner.remove(ticket.id);
    stop();
    expect(removed.statusCode).toBe(204);
    expect(events).toEqual([{ type: "ticket.updated", ticketId: ticket.id, status: "open" }]);
    expect((await owner.get(ticket.id)).statusCode).toBe(404);
    expect((await owner.activities(ticket.id)).statusCode).toBe(404);
    expect(await rows(w.t.db, sql`select * from ticket_followers where ticket_id = ${ticket.id}`)).toEqual([]);
    const [entry] = await rows(
      w.t.db,
      sql`select actor_user_id, summary from activities where subject_id = ${ticket.id} and kind = 'ticket.deleted'`,
    );
    expect(entry).toEqual({
      actor_user_id: w.a.userId,
      summary: expect.stringMatching(/^Deleted T-\d+: My order arrived damaged$/),
    });
    expect((await owner.remove(ticket.id)).statusCode).toBe(404);
  });
});
