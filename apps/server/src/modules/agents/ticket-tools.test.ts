import type { LiveEvent } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentCompany, type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import { type FakeOpenAi, fakeOpenAiEnv, startFakeOpenAi } from "#server/test/fake-openai.ts";
import { loadAgentContext } from "./context.ts";
import { createTicket, updateTicket } from "./tools/ticket-tools.ts";
import { noEffects } from "./tools/tool.ts";

// The ticket tools as a model (or a customer who talked it into something) would call them, on a
// scripted OpenAI-compatible model: the tools hold the company, the customer and the ticket's states
// whatever the model asks for.

type Step = { kind: string; tool?: string; ok?: boolean; result?: Record<string, unknown> & { error?: string } };
type Call = { name: string; arguments: Record<string, unknown> };

describe("the ticket tools", () => {
  let fake: FakeOpenAi;
  let w: AgentWorld;
  const events: LiveEvent[] = [];
  beforeAll(async () => {
    fake = await startFakeOpenAi([]);
    w = await agentWorld({ env: fakeOpenAiEnv(fake, "sk-test-ticket-tools") });
    w.t.app.events.subscribe(w.a.companyId, (event) => events.push(event));
  });
  afterAll(async () => {
    await w.t.close();
    await fake.close();
  });

  /** One customer message answered by the scripted tool calls, then "Done."; the run's tool steps. */
  async function run(company: AgentCompany, externalId: string, calls: Call[], content = "Hello") {
    fake.push(...calls.map((call) => ({ toolCalls: [{ name: call.name, arguments: call.arguments }] })), {
      content: "Done.",
    });
    const sent = await w.send(company.channel.token, inbound(content, { externalId }));
    expect(sent.statusCode, sent.body).toBe(202);
    await w.settle();
    const { conversation_id: conversationId, message_id: messageId } = sent.json() as {
      conversation_id: string;
      message_id: string;
    };
    const [row] = await w.rows<{ steps: Step[] }>(
      sql`select steps from agent_runs where inbound_message_id = ${messageId}`,
    );
    return { conversationId, messageId, steps: row!.steps.filter((step) => step.kind === "tool_call") };
  }

  /** The customer behind a channel's external id (it writes once first if it never has). */
  async function customerOf(company: AgentCompany, externalId: string): Promise<string> {
    const find = () =>
      w.rows<{ customer_id: string }>(
        sql`select customer_id from channel_contacts where api_channel_id = ${company.channel.id} and external_id = ${externalId}`,
      );
    if ((await find()).length === 0) await run(company, externalId, []);
    return (await find())[0]!.customer_id;
  }

  /** A confirmed order of the customer's, numbered as the quote tools number quotes. */
  async function orderOf(company: AgentCompany, customerId: string): Promise<number> {
    const [row] = await w.rows<{ number: number }>(
      sql`insert into quotes (company_id, number, state, currency, subtotal_cents, total_cents, customer_id)
          values (${company.companyId}, (select coalesce(max(number), 1000) + 1 from quotes where company_id = ${company.companyId}),
                  'confirmed', 'USD', 9000, 9000, ${customerId})
          returning number`,
    );
    return Number(row!.number);
  }

  const ticketsOf = (customerId: string) =>
    w.rows<Record<string, unknown>>(
      sql`select t.number, t.subject, t.status, t.priority, t.type, t.source, t.conversation_id, t.ai_employee_id,
                 t.created_by_type, t.created_by_ai_employee_id, t.assignee_user_id, t.assignee_ai_employee_id,
                 q.number as order_number
          from tickets t left join quotes q on q.id = t.order_id
          where t.customer_id = ${customerId} order by t.number`,
    );
  const activityOf = (company: AgentCompany, number: number) =>
    w.rows<{ kind: string; actor_type: string; actor_ai_employee_id: string | null; details: Record<string, unknown> }>(
      sql`select a.kind, a.actor_type, a.actor_ai_employee_id, a.details from activities a
          join tickets t on t.id = a.subject_id and a.subject_type = 'ticket'
          where t.company_id = ${company.companyId} and t.number = ${number}
          order by a.created_at, a.id`,
    );
  const damaged = (order?: number): Call => ({
    name: "create_ticket",
    arguments: {
      subject: order ? `Damaged items on order #${order}` : "Damaged items",
      description: "The box arrived crushed.",
      type: "incident",
      priority: "high",
      ...(order ? { order_number: order } : {}),
    },
  });

  it("opens a ticket for the conversation's customer, tied to the conversation and their order, by the AI employee", async () => {
    const customerId = await customerOf(w.a, "open-1");
    const order = await orderOf(w.a, customerId);
    events.length = 0;
    const { conversationId, steps } = await run(w.a, "open-1", [damaged(order)], "My order arrived damaged");
    expect(steps.map((step) => [step.tool, step.ok])).toEqual([["create_ticket", true]]);
    const ticket = steps[0]!.result!.ticket as { number: string; order_number: number; status: string };
    expect(ticket).toMatchObject({ number: expect.stringMatching(/^T-\d+$/), order_number: order, status: "open" });
    const number = Number(ticket.number.slice(2));
    expect(await ticketsOf(customerId)).toEqual([
      {
        number,
        subject: `Damaged items on order #${order}`,
        status: "open",
        priority: "high",
        type: "incident",
        // The channel API's "website chat" source is a web chat conversation: the ticket's source is web.
        source: "web",
        conversation_id: conversationId,
        ai_employee_id: w.a.employee.id,
        created_by_type: "ai_employee",
        created_by_ai_employee_id: w.a.employee.id,
        assignee_user_id: null,
        assignee_ai_employee_id: null,
        order_number: order,
      },
    ]);
    expect(
      (await activityOf(w.a, number)).map((entry) => [entry.kind, entry.actor_type, entry.actor_ai_employee_id]),
    ).toEqual([["ticket.created", "ai_employee", w.a.employee.id]]);
    // The screens hear of it once the reply has committed.
    const [row] = await w.rows<{ id: string }>(
      sql`select id from tickets where company_id = ${w.a.companyId} and number = ${number}`,
    );
    expect(events).toContainEqual({ type: "ticket.updated", ticketId: row!.id, status: "open" });
  });

  it("refuses an order that is not the customer's, whoever's it is, and opens nothing", async () => {
    const customerId = await customerOf(w.a, "order-1");
    const neighbour = await orderOf(w.a, await customerOf(w.a, "order-neighbour"));
    const otherCompany = await orderOf(w.b, await customerOf(w.b, "order-globex"));
    const unknown = 999_999;
    const { steps } = await run(w.a, "order-1", [damaged(neighbour), damaged(otherCompany), damaged(unknown)]);
    expect(steps.map((step) => step.ok)).toEqual([false, false, false]);
    // The same words for all three: a number tells nothing of whose it is.
    for (const [index, number] of [neighbour, otherCompany, unknown].entries())
      expect(steps[index]!.result!.error).toBe(
        `There is no order ${number} on this customer's account: check the number with them, or open the ticket without it.`,
      );
    expect(await ticketsOf(customerId)).toEqual([]);
  });

  it("finds only this customer's tickets, newest first, by status and order", async () => {
    const mine = await customerOf(w.a, "find-1");
    const order = await orderOf(w.a, mine);
    const opened = await run(w.a, "find-1", [damaged(order), damaged()]);
    const [first, second] = opened.steps.map((step) => (step.result!.ticket as { number: string }).number);
    await run(w.a, "find-1", [{ name: "update_ticket", arguments: { number: first, close: true } }]);
    const found = await run(w.a, "find-1", [
      { name: "find_tickets", arguments: {} },
      { name: "find_tickets", arguments: { status: "closed" } },
      { name: "find_tickets", arguments: { status: "all" } },
      { name: "find_tickets", arguments: { status: "all", order_number: order } },
    ]);
    const numbers = found.steps.map((step) => (step.result!.tickets as { number: string }[]).map((t) => t.number));
    expect(numbers).toEqual([[second], [first], [second, first], [first]]);
    expect((found.steps[2]!.result!.tickets as Record<string, unknown>[])[1]).toMatchObject({
      number: first,
      status: "closed",
      order_number: order,
      from_this_conversation: true,
    });
    // Another customer of the company and a customer of another company see none of them.
    const neighbour = await run(w.a, "find-neighbour", [{ name: "find_tickets", arguments: { status: "all" } }]);
    const globex = await run(w.b, "find-1", [{ name: "find_tickets", arguments: { status: "all" } }]);
    for (const { steps } of [neighbour, globex])
      expect(steps[0]!.result).toEqual({ tickets: [], note: "No tickets for this customer." });
  });

  it("changes only the customer's own tickets, in the states they allow", async () => {
    const opened = await run(w.a, "update-1", [damaged()], "The box arrived crushed");
    const number = (opened.steps[0]!.result!.ticket as { number: string }).number;
    const comment = await run(
      w.a,
      "update-1",
      [{ name: "update_ticket", arguments: { number, comment: "The lid is cracked too", priority: "low" } }],
      "The lid is cracked too",
    );
    expect(comment.steps[0]).toMatchObject({ ok: true, result: { changed: ["comment", "update"] } });
    // Someone else's ticket reads as no ticket at all, in this company or another.
    const neighbour = await run(w.a, "update-neighbour", [
      { name: "update_ticket", arguments: { number, close: true } },
    ]);
    const globex = await run(w.b, "update-1", [{ name: "update_ticket", arguments: { number, close: true } }]);
    for (const { steps } of [neighbour, globex])
      expect(steps[0]).toMatchObject({
        ok: false,
        result: { error: `There is no ticket ${number} for this customer: use find_tickets.` },
      });
    const closing = await run(w.a, "update-1", [
      { name: "update_ticket", arguments: { number, close: true } },
      { name: "update_ticket", arguments: { number, close: true } },
      { name: "update_ticket", arguments: { number, priority: "high" } },
      { name: "update_ticket", arguments: { number: "not a ticket", close: true } },
    ]);
    expect(
      closing.steps.map((step) => [step.ok, step.result!.error ?? (step.result!.ticket as { status: string }).status]),
    ).toEqual([
      [true, "closed"],
      [false, `${number} is already closed.`],
      [false, `${number} is closed: add what the customer says as a comment to reopen it, or open a new ticket.`],
      [false, '"not a ticket" is not a ticket number: use the number find_tickets gives (T-1042).'],
    ]);
    // The problem is back: the customer's words reopen it.
    const reopened = await run(
      w.a,
      "update-1",
      [{ name: "update_ticket", arguments: { number, comment: "It broke again" } }],
      "It broke again",
    );
    expect(reopened.steps[0]).toMatchObject({
      ok: true,
      result: { changed: ["reopen", "comment"], ticket: { status: "open" } },
    });

    const activity = await activityOf(w.a, Number(number.slice(2)));
    expect(activity.map((entry) => entry.kind)).toEqual([
      "ticket.created",
      "ticket.noted",
      "ticket.priority_changed",
      "ticket.closed",
      "ticket.reopened",
      "ticket.noted",
    ]);
    expect(
      activity.every((entry) => entry.actor_type === "ai_employee" && entry.actor_ai_employee_id === w.a.employee.id),
    ).toBe(true);
    // The customer's words are an internal note tied to the message they came in.
    expect(activity[1]!.details).toMatchObject({
      body: "The lid is cracked too",
      visibility: "internal",
      messageId: comment.messageId,
    });
  });

  it("tells the ticket's followers what the AI employee changed", async () => {
    const opened = await run(w.a, "follow-1", [damaged()], "The box arrived crushed");
    const number = (opened.steps[0]!.result!.ticket as { number: string }).number;
    await w.rows(
      sql`insert into ticket_followers (ticket_id, user_id, company_id)
          select id, ${w.a.userId}, company_id from tickets where company_id = ${w.a.companyId} and number = ${Number(number.slice(2))}`,
    );
    await run(w.a, "follow-1", [
      { name: "update_ticket", arguments: { number, comment: "Solved, thanks", close: true } },
    ]);
    const mails = await w.rows<{ subject: string }>(
      sql`select m.subject from outbound_mails m join users u on u.email = m.to_address
          where u.id = ${w.a.userId} and m.subject like ${`${number} %`}`,
    );
    // One transaction writes both (the same created_at): compared without their order.
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `${number} Damaged items: ${w.a.employee.name} added an internal note`,
      `${number} Damaged items: ${w.a.employee.name} closed the ticket`,
    ]);
  });

  it("refuses a ticket when the conversation has no customer", async () => {
    const { messageId } = await run(w.a, "nobody-1", []);
    const context = (await loadAgentContext(w.t.db, messageId))!;
    context.customer = null;
    const env = { db: w.t.db, context, effects: noEffects() };
    const refused = await createTicket.run({ subject: "Broken box", description: "It broke" }, env);
    expect(refused).toEqual({
      ok: false,
      error: "No customer is on file for this conversation, so there is nobody to open a ticket for: use ask_human.",
    });
    expect(await updateTicket.run({ number: "T-1001", close: true }, env)).toMatchObject({ ok: false });
  });

  it("opens one ticket and records one comment per customer message, however often the run is repeated", async () => {
    const customerId = await customerOf(w.a, "retry-1");
    const { messageId } = await run(w.a, "retry-1", [], "The box came broken");
    const context = (await loadAgentContext(w.t.db, messageId))!;
    const env = () => ({ db: w.t.db, context, effects: noEffects() });
    const args = { subject: "Damaged items", description: "The box came broken", type: "incident" as const };
    const first = await createTicket.run(args, env());
    const again = await createTicket.run(args, env());
    expect(again).toEqual({
      ok: true,
      result: { ...(first as { result: object }).result, note: "This ticket was already opened for this message." },
    });
    const number = (first as { result: { ticket: { number: string } } }).result.ticket.number;
    await updateTicket.run({ number, comment: "Photos attached" }, env());
    const repeated = await updateTicket.run({ number, comment: "Photos attached" }, env());
    expect(repeated).toMatchObject({
      ok: true,
      result: { changed: [], note: "Nothing new: the ticket already had this." },
    });
    expect(await ticketsOf(customerId)).toHaveLength(1);
    expect((await activityOf(w.a, Number(number.slice(2)))).map((entry) => entry.kind)).toEqual([
      "ticket.created",
      "ticket.noted",
    ]);
  });
});
