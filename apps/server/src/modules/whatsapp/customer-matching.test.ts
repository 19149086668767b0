import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes } from "#server/db/schema/index.ts";
import { inbound } from "#server/test/agents-setup.ts";
import { type WhatsappWorld, whatsappWorld } from "#server/test/whatsapp-setup.ts";

// A website visitor on the channel API types somebody's phone number. That number is what
// the visitor says, not what any channel verified, so it must never join them to the WhatsApp customer
// with that number (Meta verifies a WhatsApp number) nor show them that customer's orders.

let w: WhatsappWorld;

beforeAll(async () => {
  w = await whatsappWorld();
  expect((await w.onboard(w.a, {}, { ai_employee_id: w.a.employee.id })).statusCode).toBe(200);
});
afterAll(async () => {
  await w?.close();
});

let orderNumber = 7000;

/** The victim writes on WhatsApp and has a confirmed order on their customer (bought in that chat). */
async function victimWithOrder(phoneDigits: string, wamid: string) {
  const response = await w.webhook(
    w.fake.inboundMessage({ id: wamid, from: phoneDigits, name: "Vera Victim", text: "Hola" }),
  );
  expect(response.json()).toMatchObject({ stored: 1 });
  await w.settle();
  const [conversation] = await w.rows<{ id: string; customer_id: string }>(
    sql`select c.id, c.customer_id from conversations c join messages m on m.conversation_id = c.id
        where m.whatsapp_message_id = ${wamid}`,
  );
  const number = ++orderNumber;
  await w.t.db.insert(quotes).values({
    companyId: w.a.companyId,
    number,
    state: "confirmed",
    currency: "USD",
    subtotalCents: 90_000,
    totalCents: 90_000,
    customerId: conversation!.customer_id,
    conversationId: conversation!.id,
  });
  return { customerId: conversation!.customer_id, orderNumber: number };
}

/** The attacker asks about "their" orders on the website chat; answers their customer and what find_orders told the AI. */
async function attackerAsksForOrders(externalId: string, typedPhone: string) {
  const body = inbound("Where is my order?", { externalId, name: "Mallory" });
  const accepted = await w.send(w.a.channel.token, {
    ...body,
    customer: { ...body.customer, email: "mallory@example.com", phone: typedPhone },
  });
  expect(accepted.statusCode, accepted.body).toBe(202);
  await w.settle();
  const [run] = await w.rows<{ steps: { kind: string; tool?: string; result?: unknown }[]; customer_id: string }>(
    sql`select r.steps, c.customer_id from agent_runs r join conversations c on c.id = r.conversation_id
        where r.inbound_message_id = ${accepted.json().message_id}`,
  );
  const lookups = run!.steps.filter((step) => step.kind === "tool_call" && step.tool === "find_orders");
  expect(lookups.length).toBeGreaterThan(0);
  return { customerId: run!.customer_id, toolResults: JSON.stringify(lookups.map((step) => step.result)) };
}

const identitiesOf = (customerId: string) =>
  w.rows<{ kind: string; value: string }>(
    sql`select kind, value from customer_identities where customer_id = ${customerId} order by kind`,
  );

describe("customers are matched across channels only by identifiers a channel verified", () => {
  it("does not join a WhatsApp customer to an earlier website visitor who typed their number", async () => {
    // The attacker comes first and types the victim's number on the website chat…
    const first = await attackerAsksForOrders("mallory-1", "+5491100000077");
    // …then the victim writes from that number on WhatsApp and buys something.
    const victim = await victimWithOrder("5491100000077", "wamid.victim-1");

    // The attacker asks again: nothing of the victim's.
    const again = await attackerAsksForOrders("mallory-1", "+5491100000077");
    expect(again.customerId).toBe(first.customerId);
    expect(again.toolResults).not.toContain(String(victim.orderNumber));
    expect(again.toolResults).toContain('"orders":[]');

    expect(victim.customerId).not.toBe(first.customerId);
    expect(await identitiesOf(victim.customerId)).toEqual([{ kind: "whatsapp", value: "+5491100000077" }]);
    // The typed number stays on the visitor's record as what they said, never as an identity.
    expect(await identitiesOf(first.customerId)).toEqual([]);
    const [typed] = await w.rows(sql`select phone from customers where id = ${first.customerId}`);
    expect(typed).toEqual({ phone: "+5491100000077" });
  });

  it("gives a website visitor who types a WhatsApp customer's number a customer of their own", async () => {
    const victim = await victimWithOrder("5491100000088", "wamid.victim-2");
    const attacker = await attackerAsksForOrders("mallory-2", "+54 9 11 0000-0088");
    expect(attacker.customerId).not.toBe(victim.customerId);
    expect(attacker.toolResults).not.toContain(String(victim.orderNumber));
    expect(attacker.toolResults).toContain('"orders":[]');
  });

  it("ignores a message whose sender is not a phone number, writing nothing", async () => {
    const before = await w.rows(sql`select count(*)::int as n from customers`);
    const response = await w.webhook(w.fake.inboundMessage({ id: "wamid.odd", from: "+54 9 11 x", text: "hi" }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stored: 0 });
    expect(await w.rows(sql`select count(*)::int as n from customers`)).toEqual(before);
    expect(await w.rows(sql`select id from messages where whatsapp_message_id = 'wamid.odd'`)).toEqual([]);
  });

  it("finds the same customer again by their verified WhatsApp number", async () => {
    const victim = await victimWithOrder("5491100000099", "wamid.victim-3a");
    const response = await w.webhook(
      w.fake.inboundMessage({ id: "wamid.victim-3b", from: "5491100000099", name: "Vera", text: "¿Y mi pedido?" }),
    );
    expect(response.json()).toMatchObject({ stored: 1 });
    await w.settle();
    const [later] = await w.rows<{ customer_id: string }>(
      sql`select c.customer_id from conversations c join messages m on m.conversation_id = c.id
          where m.whatsapp_message_id = 'wamid.victim-3b'`,
    );
    expect(later!.customer_id).toBe(victim.customerId);
    const [count] = await w.rows(
      sql`select count(*)::int as n from customer_identities where company_id = ${w.a.companyId} and value = '+5491100000099'`,
    );
    expect(count).toEqual({ n: 1 });
  });
});
