import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";

// The built-in engine as a support agent: a customer's problem report, in English or Spanish, becomes a
// ticket through the ticket tools (or a note on the open one about it), and "it's solved" closes it.

type TicketRow = {
  number: number;
  subject: string;
  status: string;
  priority: string;
  type: string;
  order_number: number | null;
};

describe("the built-in engine's support desk", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  /** Sends a customer message and waits for the answer; the AI's reply and the run's tool calls. */
  async function say(externalId: string, content: string, name = "Lucía Fernández") {
    const sent = await w.send(w.a.channel.token, inbound(content, { externalId, name }));
    expect(sent.statusCode, sent.body).toBe(202);
    await w.settle();
    const { conversation_id: conversationId, message_id: messageId } = sent.json() as {
      conversation_id: string;
      message_id: string;
    };
    const [run] = await w.rows<{ steps: { kind: string; tool?: string }[] }>(
      sql`select steps from agent_runs where inbound_message_id = ${messageId}`,
    );
    const [reply] = await w.rows<{ content: string }>(
      sql`select content from messages where reply_to_message_id = ${messageId}`,
    );
    return {
      conversationId,
      reply: reply!.content,
      tools: run!.steps.filter((step) => step.kind === "tool_call").map((step) => step.tool),
    };
  }

  const ticketsOf = (externalId: string) =>
    w.rows<TicketRow>(
      sql`select t.number, t.subject, t.status, t.priority, t.type, q.number as order_number
          from tickets t join channel_contacts c on c.customer_id = t.customer_id and c.api_channel_id = ${w.a.channel.id}
          left join quotes q on q.id = t.order_id
          where c.external_id = ${externalId} order by t.number`,
    );

  async function orderFor(externalId: string): Promise<number> {
    const [row] = await w.rows<{ number: number }>(
      sql`insert into quotes (company_id, number, state, currency, subtotal_cents, total_cents, customer_id)
          select ${w.a.companyId}, (select coalesce(max(number), 1000) + 1 from quotes where company_id = ${w.a.companyId}),
                 'completed', 'USD', 4800, 4800, customer_id
          from channel_contacts where api_channel_id = ${w.a.channel.id} and external_id = ${externalId}
          returning number`,
    );
    return Number(row!.number);
  }

  it("opens an urgent incident for a damaged order in Spanish, answers in Spanish, and closes it once solved", async () => {
    await say("es-1", "Hola");
    const order = await orderFor("es-1");
    const report = await say("es-1", `Mi pedido ${order} llegó dañado, es urgente`);
    expect(report.tools).toEqual(["find_tickets", "create_ticket"]);
    const [ticket] = await ticketsOf("es-1");
    expect(ticket).toEqual({
      number: expect.any(Number),
      // The subject is in the language staff work in (the company's: English here).
      subject: `Damaged items on order #${order}`,
      status: "open",
      priority: "high",
      type: "incident",
      order_number: order,
    });
    expect(report.reply).toContain(`T-${ticket!.number}`);
    expect(report.reply).toMatch(/^Lamento lo ocurrido con el pedido #\d+\. Abrí el ticket T-\d+ como urgente/);

    const solved = await say("es-1", "Ya está resuelto, gracias");
    expect(solved.tools).toEqual(["find_tickets", "update_ticket"]);
    expect(solved.reply).toBe(
      `¡Qué bueno que se resolvió! Cerré el ticket T-${ticket!.number}. Si surge algo más, escríbeme aquí.`,
    );
    expect((await ticketsOf("es-1")).map((row) => row.status)).toEqual(["closed"]);
  });

  it.each([
    ["the box came broken", "Damaged items", "en"],
    ["I got the wrong item", "Wrong item received", "en"],
    ["There are missing items in my delivery", "Missing items", "en"],
    ["The pallet jack doesn't work", "Product not working", "en"],
    ["Vino roto", "Damaged items", "es"],
    ["Me llegó un producto equivocado", "Wrong item received", "es"],
    ["Falta una caja", "Missing items", "es"],
    ["No funciona", "Product not working", "es"],
  ])("opens a medium-priority incident for “%s”", async (content, subject, language) => {
    const externalId = `kind-${content}`;
    const { reply } = await say(externalId, content);
    const [ticket] = await ticketsOf(externalId);
    expect(ticket).toMatchObject({ subject, priority: "medium", type: "incident", status: "open", order_number: null });
    expect(reply).toContain(`T-${ticket!.number}`);
    expect(reply.startsWith(language === "es" ? "Lamento" : "I'm sorry")).toBe(true);
  });

  it("adds a follow-up to the conversation's open ticket instead of opening another, and escalates it when urgent", async () => {
    const first = await say("follow-1", "The box came broken", "Grace Hopper");
    const [ticket] = await ticketsOf("follow-1");
    const again = await say("follow-1", "The pallets inside are cracked too, I need this fixed asap", "Grace Hopper");
    expect(again.conversationId).toBe(first.conversationId);
    expect(again.tools).toEqual(["find_tickets", "update_ticket"]);
    expect(again.reply).toBe(
      `I've added this to ticket T-${ticket!.number}: the team working on it will see it and get back to you here.`,
    );
    expect(await ticketsOf("follow-1")).toEqual([{ ...ticket, priority: "high" }]);
    const [note] = await w.rows<{ body: string; actor_type: string }>(
      sql`select details->>'body' as body, actor_type from activities
          where subject_type = 'ticket' and kind = 'ticket.noted' and details->>'number' = ${String(ticket!.number)}
            and company_id = ${w.a.companyId}`,
    );
    expect(note).toEqual({
      body: "The pallets inside are cracked too, I need this fixed asap",
      actor_type: "ai_employee",
    });
  });

  it("opens a new ticket for another order, and reopens a closed ticket the customer names again", async () => {
    await say("orders-1", "Hi", "Grace Hopper");
    const one = await orderFor("orders-1");
    const two = await orderFor("orders-1");
    await say("orders-1", `My order ${one} arrived damaged`, "Grace Hopper");
    await say("orders-1", `Order ${two} has missing items`, "Grace Hopper");
    const tickets = await ticketsOf("orders-1");
    expect(tickets.map((t) => [t.order_number, t.type])).toEqual([
      [one, "incident"],
      [two, "incident"],
    ]);
    // Solved: the conversation has two open tickets, and the customer names neither: the newest is closed.
    const solved = await say("orders-1", `It's resolved, thanks`, "Grace Hopper");
    expect(solved.reply).toContain(`T-${tickets[1]!.number}`);
    const back = await say(
      "orders-1",
      `Ticket T-${tickets[1]!.number}: the problem is back, still missing a box`,
      "Grace Hopper",
    );
    expect(back.tools).toEqual(["find_tickets", "update_ticket"]);
    expect(back.reply).toContain(`ticket T-${tickets[1]!.number} and reopened it`);
    expect((await ticketsOf("orders-1")).map((t) => t.status)).toEqual(["open", "open"]);
  });

  it("opens the ticket without an order that is not the customer's, and says so", async () => {
    await say("stranger-1", "Hello", "Ada Lovelace");
    const theirs = await orderFor("stranger-1");
    const { reply, tools } = await say("nosy-1", `My order ${theirs} arrived damaged`, "Eve Mallory");
    expect(tools).toEqual(["find_tickets", "create_ticket", "create_ticket"]);
    const [ticket] = await ticketsOf("nosy-1");
    expect(ticket).toMatchObject({ subject: "Damaged items", order_number: null });
    expect(reply).toContain(
      `I couldn't find order #${theirs} on your account, so I've opened ticket T-${ticket!.number}`,
    );
    expect(reply).not.toContain("Ada");
  });

  it("is glad to hear it is solved when there is no open ticket, and changes nothing", async () => {
    const { reply, tools } = await say("glad-1", "It's solved now, thanks", "Grace Hopper");
    expect(tools).toEqual(["find_tickets"]);
    expect(reply).toBe("Great to hear that! Is there anything else I can help you with?");
  });

  it("asks staff about a problem when the employee has no Ticketing skill", async () => {
    await w.t.db.execute(
      sql`delete from ai_employee_skills s using skills k
          where k.id = s.skill_id and s.ai_employee_id = ${w.a.employee.id} and k.name = 'Ticketing'`,
    );
    const { reply, tools } = await say("no-skill-1", "My delivery arrived damaged", "Grace Hopper");
    expect(tools).toEqual(["ask_human"]);
    expect(reply).toBe("Let me check that with the team; I'll get back to you here shortly.");
    expect(await ticketsOf("no-skill-1")).toEqual([]);
  });
});
