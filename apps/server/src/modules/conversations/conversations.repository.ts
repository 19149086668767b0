import type { Channel, ConversationStatus, LeadStage, Period } from "@foreman/contract";
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiEmployees,
  companies,
  conversations,
  customers,
  leads,
  messages,
  quotes,
  users,
} from "#server/db/schema/index.ts";
import { descIndexed } from "#server/lib/index-order.ts";

// The inbox and the conversation page. A conversation's lead is `leads.conversation_id` (the newest
// one, should there be several) and its last message the newest of its messages: both are lateral
// joins made for the page's rows only, each one index probe (leads_conversation_id_idx,
// messages_conversation_id_created_at_idx), so a page costs about the same whatever the number of
// conversations or messages. Filters on leads and customers are uncorrelated IN lists.

export type ConversationsFilter = {
  companyId: string;
  stage?: LeadStage | undefined;
  channel?: Channel | undefined;
  status?: ConversationStatus | undefined;
  aiEmployeeId?: string | undefined;
  /** Text to look for (already trimmed, non-empty), see `searchCondition`. */
  q?: string | undefined;
  /** Keeps the conversations whose last activity falls in [start, end); none: all time. */
  period?: Pick<Period, "start" | "end"> | null | undefined;
};

/** The customer with contact details, as a conversation's page and an assistant thread show them. */
export const customerContactColumns = {
  id: customers.id,
  fullName: customers.fullName,
  organization: customers.organization,
  email: customers.email,
  phone: customers.phone,
};

/** The conversation's lead (the newest, should there be several), for `conversations` in the outer query. */
function leadOf(db: Executor) {
  return db
    .select({
      id: leads.id,
      stage: leads.stage,
      need: leads.need,
      dealSizeCents: leads.dealSizeCents,
      currency: leads.currency,
    })
    .from(leads)
    .where(eq(leads.conversationId, conversations.id))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1)
    .as("lead");
}

/** The lead's fields as a row shows them (a nested object, null when the conversation has no lead). */
function leadColumns(lead: ReturnType<typeof leadOf>) {
  return {
    id: lead.id,
    stage: lead.stage,
    need: lead.need,
    dealSizeCents: lead.dealSizeCents,
    currency: lead.currency,
  };
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally (backslash is LIKE's escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The company's conversations with a lead matching `condition` (one pass over its leads, hashed). */
function withLead(db: Executor, companyId: string, condition: SQL | undefined) {
  return inArray(
    conversations.id,
    db
      .select({ id: leads.conversationId })
      .from(leads)
      .where(and(eq(leads.companyId, companyId), isNotNull(leads.conversationId), condition)),
  );
}

/**
 * The customer's name or organization or a lead's need contain the text, or it is the display id ("42",
 * "#42"). Uncorrelated IN lists, so each table is read once per query, not once per conversation.
 */
function searchCondition(db: Executor, companyId: string, q: string): SQL | undefined {
  const pattern = containsPattern(q);
  const displayId = /^#?(\d{1,9})$/.exec(q)?.[1];
  return or(
    inArray(
      conversations.customerId,
      db
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.companyId, companyId),
            or(ilike(customers.fullName, pattern), ilike(customers.organization, pattern)),
          ),
        ),
    ),
    withLead(db, companyId, ilike(leads.need, pattern)),
    displayId === undefined ? undefined : eq(conversations.displayId, Number(displayId)),
  );
}

/**
 * The filters, on the conversations table alone (a conversation with several leads matches a stage any
 * of them is at; the row shows the newest).
 */
function where(db: Executor, filter: ConversationsFilter) {
  return and(
    eq(conversations.companyId, filter.companyId),
    // Playground sessions are staff's tests, not customers.
    eq(conversations.isTest, false),
    filter.channel ? eq(conversations.channel, filter.channel) : undefined,
    filter.status ? eq(conversations.status, filter.status) : undefined,
    filter.aiEmployeeId ? eq(conversations.aiEmployeeId, filter.aiEmployeeId) : undefined,
    filter.stage ? withLead(db, filter.companyId, eq(leads.stage, filter.stage)) : undefined,
    filter.q ? searchCondition(db, filter.companyId, filter.q) : undefined,
    filter.period ? gte(conversations.lastActivityAt, filter.period.start) : undefined,
    filter.period ? lt(conversations.lastActivityAt, filter.period.end) : undefined,
  );
}

/** Newest activity first, id breaking ties: the order of conversations_company_id_last_activity_at_idx. */
const newestActivityFirst = () => [descIndexed(conversations.lastActivityAt), descIndexed(conversations.id)];

/**
 * A page of the company's conversations with what a row shows. The page's ids come first (the index
 * read in order, stopping after the page); the customer, lead, AI employee and last message are then
 * joined for those rows only.
 */
export async function listConversations(db: Executor, filter: ConversationsFilter, limit: number, offset: number) {
  const page = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(where(db, filter))
    .orderBy(...newestActivityFirst())
    .limit(limit)
    .offset(offset)
    .as("page");
  const lead = leadOf(db);
  const lastMessage = db
    .select({ content: messages.content, senderType: messages.senderType, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(descIndexed(messages.createdAt), descIndexed(messages.id))
    .limit(1)
    .as("last_message");
  return db
    .select({
      conversation: conversations,
      customer: { id: customers.id, fullName: customers.fullName, organization: customers.organization },
      lead: leadColumns(lead),
      aiEmployee: { id: aiEmployees.id, name: aiEmployees.name },
      lastMessage: {
        content: lastMessage.content,
        senderType: lastMessage.senderType,
        createdAt: lastMessage.createdAt,
      },
    })
    .from(page)
    .innerJoin(conversations, eq(conversations.id, page.id))
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoinLateral(lead, sql`true`)
    .leftJoin(aiEmployees, eq(aiEmployees.id, conversations.aiEmployeeId))
    .leftJoinLateral(lastMessage, sql`true`)
    .orderBy(...newestActivityFirst());
}

/** How many conversations the filters match. */
export async function countConversations(db: Executor, filter: ConversationsFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversations).where(where(db, filter));
  return row!.n;
}

/** The company's account number in the chat tool (the 'account' of 'account-conversation'). */
export async function findChatAccountId(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ chatAccountId: companies.chatAccountId })
    .from(companies)
    .where(eq(companies.id, companyId));
  // An identity column: every company has one.
  return row!.chatAccountId!;
}

/** One conversation of the company with its customer, lead, AI employee and who took it over; null if not the company's. */
export async function findConversation(db: Executor, companyId: string, id: string) {
  const lead = leadOf(db);
  const [row] = await db
    .select({
      conversation: conversations,
      chatAccountId: companies.chatAccountId,
      customer: customerContactColumns,
      lead: leadColumns(lead),
      aiEmployee: { id: aiEmployees.id, name: aiEmployees.name },
      takenOverBy: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(conversations)
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoinLateral(lead, sql`true`)
    .leftJoin(aiEmployees, eq(aiEmployees.id, conversations.aiEmployeeId))
    .leftJoin(users, eq(users.id, conversations.takenOverByUserId))
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, id)))
    .limit(1);
  return row ?? null;
}

/** The quotes and orders made in a conversation, newest first. */
export async function listConversationQuotes(db: Executor, companyId: string, conversationId: string) {
  return db
    .select({
      id: quotes.id,
      number: quotes.number,
      state: quotes.state,
      totalCents: quotes.totalCents,
      currency: quotes.currency,
    })
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.conversationId, conversationId)))
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
}
