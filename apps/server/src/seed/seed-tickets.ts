import { en, es, Faker } from "@faker-js/faker";
import { type ResponsibleInput, type TicketStatus, ticketDisplayId, ticketSourceOfChannel } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { insertMessages, type NewConversation, type NewMessage } from "#server/db/bulk/conversations.ts";
import type { Executor } from "#server/db/client.ts";
import { conversations } from "#server/db/schema/index.ts";
import { changeTicket, openTicket, type TicketActor, type TicketChange } from "#server/modules/tickets/index.ts";
import type { SalesProfile } from "./sales-profiles.ts";
import type { ConversationRows, Person } from "./seed-conversations.ts";
import type { SalesRows } from "./seed-sales.ts";
import { ENGLISH_TICKETS, SPANISH_TICKETS, type TicketContext } from "./ticket-scripts.ts";
import type { By, Target, TicketStory } from "./ticket-stories.ts";

// The demo's support tickets: each story (ticket-stories.ts) is told on a real seeded conversation of the
// company: its customer writes about their order, the AI employee opens the ticket through the one
// writer (modules/tickets) and answers with its number, and what follows (assignments, notes, closes,
// reopens) goes through the writer too, dated over the last weeks, so the activity log reads as it
// happened. The conversation gets the messages and its last activity. Deterministic for the sales rows
// and the clock day, like the rest of the seed.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Conversations quiet for longer than this are resolved (as in seed-conversations.ts). */
const RESOLVED_AFTER = 14 * DAY;

export type TicketSeedOptions = {
  companyId: string;
  companyName: string;
  profile: SalesProfile;
  /** The company's sales rows as inserted, their conversations filled in by buildConversationRows. */
  sales: SalesRows;
  conversationRows: ConversationRows;
  /** Every AI employee of the company, by name. */
  aiEmployees: ReadonlyMap<string, Person>;
  /** The company's members, in demo-data's order (a story's `{ staff: i }`). */
  staff: readonly Person[];
  stories: readonly TicketStory[];
  now: Date;
  seed: number;
};

/** One story placed on a conversation, with its times (ms). */
export type TicketPlan = {
  story: TicketStory;
  conversationId: string;
  channel: NewConversation["channel"];
  customerId: string;
  customerName: string;
  orderId: string | null;
  orderNumber: number | null;
  product: string;
  /** When the customer wrote (the ticket's request date), before today's squeeze (see `demoClock`). */
  start: number;
};

/**
 * The seed's clock: a time at most a day after the start of today (UTC) is squeezed into the part of
 * today before `now`, order kept (as the sales seed does), so the demo looks lived-in at any hour.
 */
export function demoClock(now: Date): (ms: number) => number {
  const nowMs = now.getTime();
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return (ms) => (ms <= todayStart ? ms : todayStart + Math.floor(((ms - todayStart) * (nowMs - todayStart)) / DAY));
}

/**
 * Places each story on a conversation: among the AI-handled conversations without an action item whose
 * customer has no other ticket, the one whose last message came most recently, at least a day before the
 * customer writes; for an issue about an order, one whose order was completed, otherwise one without a
 * quote. Chronological, so the tickets' numbers follow their dates.
 */
export function planTickets(options: TicketSeedOptions): TicketPlan[] {
  const { sales, profile, now } = options;
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const squeeze = demoClock(now);
  const script = options.profile.locale === "es" ? SPANISH_TICKETS : ENGLISH_TICKETS;
  const quoteByConversation = new Map(sales.quotes.map((quote) => [quote.conversationId!, quote]));
  const leadByConversation = new Map(sales.leads.map((lead) => [lead.conversationId!, lead]));
  const customerById = new Map(sales.customers.map((customer) => [customer.id!, customer]));
  const firstItem = new Map<string, string>();
  for (const item of sales.lineItems) if (!firstItem.has(item.quoteId)) firstItem.set(item.quoteId, item.productName);
  const escalated = new Set(options.conversationRows.tasks.map((task) => task.conversationId));
  const productOfNeed = (need: string | null | undefined) => {
    const sku = need ? profile.productsByNeed[need]?.[0] : undefined;
    return (profile.products.find((product) => product.sku === sku) ?? profile.products[0]!).name;
  };

  const usedConversations = new Set<string>();
  const usedCustomers = new Set<string>();
  const timed = options.stories
    .map((story) => ({ story, raw: todayStart - story.daysAgo * DAY + story.hour * HOUR }))
    .sort((a, b) => a.raw - b.raw);
  return timed.map(({ story, raw }) => {
    const issue = script.issues[story.issue];
    const customerAt = squeeze(raw);
    const candidates = sales.conversations.filter((conversation) => {
      const quote = quoteByConversation.get(conversation.id!);
      const won = quote?.state === "completed";
      return (
        !usedConversations.has(conversation.id!) &&
        !usedCustomers.has(conversation.customerId!) &&
        conversation.handledBy === "ai" &&
        !escalated.has(conversation.id!) &&
        (conversation.lastActivityAt as Date).getTime() <= customerAt - DAY &&
        // A question or a suggestion comes from a conversation with no quote: a ticket links the order its
        // conversation has, so one about no order has a conversation without one.
        (issue.aboutOrder ? won : quote === undefined)
      );
    });
    const conversation = candidates.sort(
      (a, b) =>
        (b.lastActivityAt as Date).getTime() - (a.lastActivityAt as Date).getTime() || a.id!.localeCompare(b.id!),
    )[0];
    if (!conversation) throw new Error(`No conversation to open the demo's "${story.issue}" ticket on`);
    usedConversations.add(conversation.id!);
    usedCustomers.add(conversation.customerId!);
    const quote = issue.aboutOrder ? quoteByConversation.get(conversation.id!)! : null;
    return {
      story,
      conversationId: conversation.id!,
      channel: conversation.channel,
      customerId: conversation.customerId!,
      customerName: customerById.get(conversation.customerId!)!.fullName,
      orderId: quote?.id ?? null,
      orderNumber: quote?.number ?? null,
      product: quote
        ? (firstItem.get(quote.id!) ?? productOfNeed(null))
        : productOfNeed(leadByConversation.get(conversation.id!)?.need),
      start: raw,
    };
  });
}

/** Opens and works the company's demo tickets (see the file's comment); answers how many it opened. */
export async function seedTickets(tx: Executor, options: TicketSeedOptions): Promise<number> {
  const { companyId, staff, aiEmployees } = options;
  const script = options.profile.locale === "es" ? SPANISH_TICKETS : ENGLISH_TICKETS;
  const faker = new Faker({ locale: options.profile.locale === "es" ? [es, en] : [en] });
  faker.seed(options.seed * 7919 + 503);
  const clock = demoClock(options.now);
  const plans = planTickets(options);
  const messages: NewMessage[] = [];
  const touched: { conversationId: string; lastAt: number; status: TicketStatus }[] = [];

  const person = (index: number) => {
    const member = staff[index % staff.length];
    if (!member) throw new Error("The demo's ticket stories need a staff member");
    return member;
  };
  const employee = (name: string) => {
    const found = aiEmployees.get(name);
    if (!found) throw new Error(`The demo has no AI employee named ${name}`);
    return found;
  };

  for (const plan of plans) {
    const { story } = plan;
    const issue = script.issues[story.issue];
    const opener = employee(story.opener);
    const openerActor: TicketActor = { type: "ai_employee", id: opener.id, name: opener.name };
    const actorOf = (by: By): TicketActor =>
      by === "opener" ? openerActor : { type: "user", id: person(by.staff).id, name: person(by.staff).name };
    const responsibleOf = (target: Target): ResponsibleInput | null => {
      if (target === null) return null;
      if (target === "opener") return { kind: "ai_employee", id: opener.id };
      if ("staff" in target) return { kind: "user", id: person(target.staff).id };
      return { kind: "ai_employee", id: employee(target.ai).id };
    };
    const ctx: TicketContext = {
      customerFirst: plan.customerName.split(" ")[0]!,
      aiFirst: opener.name.split(" ")[0]!,
      companyName: options.companyName,
      order: plan.orderNumber === null ? null : `#${plan.orderNumber}`,
      product: plan.product,
      ticket: "",
    };
    const email = plan.channel === "email";
    let lastAt = 0;
    /** Appends a message to the conversation; answers its id. */
    const say = (from: "customer" | "ai", text: string, at: number) => {
      const id = faker.string.uuid();
      const content = !email
        ? text
        : from === "customer"
          ? script.email.fromCustomer(ctx, text)
          : script.email.fromAi(ctx, text);
      messages.push({
        id,
        companyId,
        conversationId: plan.conversationId,
        senderType: from,
        senderName: from === "customer" ? plan.customerName : opener.name,
        aiEmployeeId: from === "ai" ? opener.id : null,
        content,
        createdAt: new Date(at),
      });
      lastAt = Math.max(lastAt, at);
      return id;
    };

    // Minutes after the customer wrote: the AI employee opens the ticket, then answers with its number.
    const openAt = clock(plan.start + 3 * MINUTE);
    say("customer", issue.customer(ctx), clock(plan.start));
    const ticket = await openTicket(tx, {
      companyId,
      actor: openerActor,
      subject: issue.subject(ctx),
      description: issue.description(ctx),
      priority: story.priority ?? issue.priority,
      type: issue.type,
      source: ticketSourceOfChannel(plan.channel),
      customerId: plan.customerId,
      conversationId: plan.conversationId,
      orderId: plan.orderId,
      aiEmployeeId: opener.id,
      responsible: responsibleOf(story.responsible),
      tags: issue.tags,
      requestedAt: new Date(clock(plan.start)),
      at: new Date(openAt),
    });
    ctx.ticket = ticketDisplayId(ticket.number);
    const change = (actor: TicketActor, at: number, what: TicketChange) =>
      changeTicket(tx, { companyId, ticketId: ticket.id, actor, at: new Date(at) }, what);
    const reply = (text: string, at: number) =>
      change(openerActor, at, { kind: "comment", body: text, visibility: "public", messageId: say("ai", text, at) });
    await reply(issue.reply(ctx), clock(plan.start + 3.5 * MINUTE));

    let status: TicketStatus = ticket.status;
    for (const step of story.steps) {
      const at = (extra = 0) => clock(plan.start + 3 * MINUTE + step.after * HOUR + extra);
      switch (step.kind) {
        case "assign":
          await change(actorOf(step.by), at(), { kind: "assign", responsible: responsibleOf(step.to) });
          break;
        case "note":
          await change(actorOf(step.by), at(), {
            kind: "comment",
            body: step.by === "opener" ? script.handOver(ctx) : issue.note(ctx),
            visibility: "internal",
          });
          break;
        case "priority":
          await change(actorOf(step.by), at(), { kind: "update", fields: { priority: step.to } });
          break;
        case "follow":
          await change(actorOf({ staff: step.staff }), at(), { kind: "follow", userId: person(step.staff).id });
          break;
        case "close":
          if (step.by === "opener") {
            // The customer confirms it is solved; the AI employee answers and closes.
            say("customer", script.confirm(ctx), at(-10 * MINUTE));
            await reply(script.aiClose(ctx), at());
            status = (await change(openerActor, at(1000), { kind: "close" })).status;
          } else {
            status = (await change(actorOf(step.by), at(), { kind: "close", note: issue.closeNote(ctx) })).status;
          }
          break;
        case "reopen":
          say("customer", script.reopen(ctx), at(-10 * MINUTE));
          status = (await change(openerActor, at(), { kind: "reopen" })).status;
          await reply(script.reopenReply(ctx), at(30_000));
          break;
      }
    }
    touched.push({ conversationId: plan.conversationId, lastAt, status });
  }

  await insertMessages(tx, messages);
  // A conversation's last activity is its newest message; it waits on the customer while its ticket is
  // open and recent, and is resolved otherwise. One statement for all of them.
  const nowMs = options.now.getTime();
  const rows = touched.map(({ conversationId, lastAt, status }) => ({
    id: conversationId,
    last_activity_at: new Date(lastAt).toISOString(),
    status: status === "closed" || lastAt < nowMs - RESOLVED_AFTER ? "resolved" : "pending",
  }));
  if (rows.length > 0)
    await tx.execute(sql`
      update ${conversations} set last_activity_at = v.last_activity_at, status = v.status
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, last_activity_at timestamptz, status text)
      where ${conversations.id} = v.id`);
  return plans.length;
}
