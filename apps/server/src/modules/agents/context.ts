import {
  type AgentToolName,
  type BusinessHours,
  CHANGEABLE_QUOTE_STATES,
  type Channel,
  type HumanApprovalAction,
  type LeadStage,
  type TracePassage,
  toolsOfSkills,
} from "@foreman/contract";
import { and, asc, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiEmployees,
  calls,
  companies,
  conversations,
  customers,
  leads,
  lineItems,
  messages,
  quotes,
  tasks,
} from "#server/db/schema/index.ts";
import type { QuoteMoney } from "../orders/index.ts";
import { listSkillToolsOf } from "../skills/index.ts";

// Everything an AI employee knows when it answers one customer message, read once per run.

/** Messages of the conversation before the one being answered that the model sees. */
export const HISTORY_MESSAGES = 20;
/** An open quote as the AI employee sees it: its money, as its lines add up, and its lines. */
export type QuoteSummary = QuoteMoney & {
  id: string;
  number: number;
  state: string;
  /** Counts the quote's changes: what the AI employee saw is what it confirms (orders/quote-transitions.ts). */
  version: number;
  /** The title of the authorize item waiting for staff on this quote: while it waits, the AI may not change it. */
  awaitingApproval: string | null;
  items: { sku: string; productName: string; quantity: number; unitPriceCents: number; totalCents: number }[];
};

export type AgentEmployee = {
  id: string;
  name: string;
  role: string;
  departmentId: string;
  active: boolean;
  persona: string;
  instructions: string;
  languages: string[];
  maxDiscountPercent: number;
  maxOrderTotalCents: number;
  actionsRequiringHuman: HumanApprovalAction[];
  /** Its skills' names and the tools they grant it (with the ones every employee keeps). */
  skills: string[];
  tools: AgentToolName[];
};

export type AgentContext = {
  companyId: string;
  /** Its zone and business hours tell a customer handed to staff out of hours when the team answers. */
  company: {
    name: string;
    currency: string;
    timeZone: string;
    businessHours: BusinessHours | null;
    /** The languages its AI employees answer customers in, its own first (Settings → General). */
    answerLanguages: string[];
  };
  employee: AgentEmployee | null;
  conversation: {
    id: string;
    displayId: number;
    /** The channel it came through: a ticket opened from it takes its source from it. */
    channel: Channel;
    status: string;
    handledBy: string;
    isTest: boolean;
    /** The phone call in progress on it (its company call number): what the AI opens on it names the call. */
    callNumber?: number | null;
  };
  customer: { id: string; fullName: string; email: string | null; phone: string | null } | null;
  lead: { id: string; stage: LeadStage } | null;
  openQuote: QuoteSummary | null;
  inbound: { id: string; content: string; createdAt: Date };
  history: { role: "customer" | "ai" | "staff"; content: string }[];
  passages: TracePassage[];
};

/** The context of an inbound message, or null if it (or its conversation) is gone. */
export async function loadAgentContext(db: Executor, inboundMessageId: string): Promise<AgentContext | null> {
  const [row] = await db
    .select({ message: messages, conversation: conversations, company: companies })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(companies, eq(companies.id, messages.companyId))
    .where(eq(messages.id, inboundMessageId));
  if (!row) return null;
  const { message, conversation, company } = row;
  const companyId = company.id;
  const [employeeRow] = conversation.aiEmployeeId
    ? await db
        .select()
        .from(aiEmployees)
        .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.id, conversation.aiEmployeeId)))
    : [];
  const skills = employeeRow ? await listSkillToolsOf(db, employeeRow.id) : [];
  const [customer] = conversation.customerId
    ? await db
        .select({ id: customers.id, fullName: customers.fullName, email: customers.email, phone: customers.phone })
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, conversation.customerId)))
    : [];
  const [lead] = await db
    .select({ id: leads.id, stage: leads.stage })
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.conversationId, conversation.id)))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  const history = await db
    .select({ role: messages.senderType, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        lt(messages.createdAt, message.createdAt),
        ne(messages.id, message.id),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(HISTORY_MESSAGES);
  return {
    companyId,
    company: {
      name: company.name,
      currency: company.currency,
      timeZone: company.timeZone,
      businessHours: company.businessHours,
      answerLanguages: company.answerLanguages,
    },
    employee: employeeRow
      ? {
          id: employeeRow.id,
          name: employeeRow.name,
          role: employeeRow.role,
          departmentId: employeeRow.departmentId,
          active: employeeRow.status === "active",
          persona: employeeRow.persona,
          instructions: employeeRow.instructions,
          languages: employeeRow.languages,
          maxDiscountPercent: employeeRow.maxDiscountPercent,
          maxOrderTotalCents: employeeRow.maxOrderTotalCents,
          actionsRequiringHuman: employeeRow.actionsRequiringHuman,
          skills: skills.map((skill) => skill.name),
          tools: toolsOfSkills(skills),
        }
      : null,
    conversation: {
      id: conversation.id,
      displayId: conversation.displayId,
      channel: conversation.channel,
      status: conversation.status,
      handledBy: conversation.handledBy,
      isTest: conversation.isTest,
      callNumber: conversation.channel === "phone" ? await callInProgress(db, companyId, conversation.id) : null,
    },
    customer: customer ?? null,
    lead: lead ?? null,
    openQuote: await findOpenQuote(db, companyId, conversation.id),
    inbound: { id: message.id, content: message.content, createdAt: message.createdAt },
    history: history.reverse(),
    passages: [],
  };
}

/** The number of the phone call in progress on the conversation (modules/calls' table, read only), if any. */
async function callInProgress(db: Executor, companyId: string, conversationId: string): Promise<number | null> {
  const [call] = await db
    .select({ number: calls.displayId })
    .from(calls)
    .where(
      and(eq(calls.companyId, companyId), eq(calls.conversationId, conversationId), eq(calls.status, "in_progress")),
    )
    .orderBy(desc(calls.startedAt))
    .limit(1);
  return call?.number ?? null;
}

/** The conversation's newest quote that is not yet an order, with its lines. */
export async function findOpenQuote(
  db: Executor,
  companyId: string,
  conversationId: string,
): Promise<QuoteSummary | null> {
  const [quote] = await db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, companyId),
        eq(quotes.conversationId, conversationId),
        inArray(quotes.state, [...CHANGEABLE_QUOTE_STATES]),
      ),
    )
    .orderBy(desc(quotes.createdAt))
    .limit(1);
  if (!quote) return null;
  return summarizeQuote(db, quote);
}

export async function summarizeQuote(db: Executor, quote: typeof quotes.$inferSelect): Promise<QuoteSummary> {
  const items = await db
    .select({
      sku: lineItems.sku,
      productName: lineItems.productName,
      quantity: lineItems.quantity,
      unitPriceCents: lineItems.unitPriceCents,
      totalCents: lineItems.totalCents,
    })
    .from(lineItems)
    .where(eq(lineItems.quoteId, quote.id))
    .orderBy(asc(lineItems.position));
  return {
    id: quote.id,
    number: quote.number,
    state: quote.state,
    version: quote.version,
    awaitingApproval: await pendingAuthorizationOn(db, quote),
    currency: quote.currency,
    subtotalCents: quote.subtotalCents,
    discountPercent: quote.discountPercent,
    discountCents: quote.discountCents,
    taxCents: quote.taxCents,
    totalCents: quote.totalCents,
    items,
  };
}

/**
 * The title of an authorize item still waiting for staff on the quote (to do and not past due), or null.
 * While one waits, the quote is frozen to the AI: what staff approve must be what the customer gets.
 */
export async function pendingAuthorizationOn(
  db: Executor,
  quote: { id: string; companyId: string; conversationId: string | null },
): Promise<string | null> {
  if (!quote.conversationId) return null;
  const [row] = await db
    .select({ title: tasks.title })
    .from(tasks)
    .where(
      and(
        eq(tasks.companyId, quote.companyId),
        // The conversation's tasks are indexed; its quote's are among them.
        eq(tasks.conversationId, quote.conversationId),
        eq(tasks.quoteId, quote.id),
        eq(tasks.actionType, "authorize"),
        eq(tasks.state, "to_do"),
        sql`${tasks.dueAt} > now()`,
      ),
    )
    .limit(1);
  return row?.title ?? null;
}
