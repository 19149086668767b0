import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";

// A customer of an API channel reports a damaged order: the AI employee (built-in engine, with the
// standard skills) opens one ticket tied to the conversation and the order, gives the customer its
// number, and adds the customer's next message about it to the same ticket.

type Activity = { kind: string; actor: { type: string; id: string | null; name: string }; details: { body?: string } };

describe("tickets from the channel API", () => {
  let w: AgentWorld;
  let order: number;
  const externalId = "crm-4711";
  beforeAll(async () => {
    w = await agentWorld();
    // The customer as the channel knows them, with an order they placed earlier.
    const [customer] = await w.rows<{ id: string }>(
      sql`insert into customers (company_id, full_name, email) values (${w.a.companyId}, 'Grace Hopper', 'grace@example.com') returning id`,
    );
    await w.rows(
      sql`insert into channel_contacts (company_id, api_channel_id, external_id, customer_id)
          values (${w.a.companyId}, ${w.a.channel.id}, ${externalId}, ${customer!.id})`,
    );
    const [row] = await w.rows<{ number: number }>(
      sql`insert into quotes (company_id, number, state, currency, subtotal_cents, total_cents, customer_id)
          values (${w.a.companyId}, 1042, 'completed', 'USD', 12000, 12000, ${customer!.id}) returning number`,
    );
    order = Number(row!.number);
  });
  afterAll(async () => {
    await w.t.close();
  });

  async function send(content: string) {
    const response = await w.send(w.a.channel.token, inbound(content, { externalId }));
    expect(response.statusCode, response.body).toBe(202);
    await w.settle();
    return response.json() as { conversation_id: string; message_id: string };
  }
  const ticketsOfCompany = (companyId: string) =>
    w.rows<{ id: string; number: number; type: string; status: string; conversation_id: string; order_number: number }>(
      sql`select t.id, t.number, t.type, t.status, t.conversation_id, q.number as order_number
          from tickets t left join quotes q on q.id = t.order_id where t.company_id = ${companyId}`,
    );
  const activitiesOf = async (ticketId: string) => {
    const response = await w.t.app.inject({
      url: `/app/activities.json?subject_type=ticket&subject_id=${ticketId}`,
      headers: w.a.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { activities: Activity[] }).activities.reverse();
  };

  it("opens one incident ticket for the damaged order and gives its number in the reply", async () => {
    const { conversation_id: conversationId } = await send(`my order ${order} arrived damaged`);
    const tickets = await ticketsOfCompany(w.a.companyId);
    expect(tickets).toEqual([
      {
        id: expect.any(String),
        number: expect.any(Number),
        type: "incident",
        status: "open",
        conversation_id: conversationId,
        order_number: order,
      },
    ]);
    const replies = await w.aiMessages(conversationId);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain(`T-${tickets[0]!.number}`);
    expect(replies[0]).toContain(`order #${order}`);
    // Its activity, as staff read it through the API: opened by the AI employee.
    expect((await activitiesOf(tickets[0]!.id)).map((entry) => [entry.kind, entry.actor])).toEqual([
      ["ticket.created", { type: "ai_employee", id: w.a.employee.id, name: w.a.employee.name }],
    ]);
    // Nothing reached the other company.
    expect(await ticketsOfCompany(w.b.companyId)).toEqual([]);
  });

  it("adds the next message about it to the same ticket: still one ticket", async () => {
    const [ticket] = await ticketsOfCompany(w.a.companyId);
    const { conversation_id: conversationId } = await send("the box was crushed too");
    expect(conversationId).toBe(ticket!.conversation_id);
    expect(await ticketsOfCompany(w.a.companyId)).toEqual([ticket]);
    const replies = await w.aiMessages(conversationId);
    expect(replies).toHaveLength(2);
    expect(replies[1]).toContain(`I've added this to ticket T-${ticket!.number}`);
    const activity = await activitiesOf(ticket!.id);
    expect(activity.map((entry) => [entry.kind, entry.actor.id, entry.details.body ?? null])).toEqual([
      ["ticket.created", w.a.employee.id, null],
      ["ticket.noted", w.a.employee.id, "the box was crushed too"],
    ]);
  });
});
