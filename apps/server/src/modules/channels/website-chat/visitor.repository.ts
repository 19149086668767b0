import type { CompanyLanguage } from "@foreman/contract";
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  companies,
  conversations,
  customers,
  leads,
  messages,
  type WebsiteChatRow,
  type WebsiteChatVisitorRow,
  websiteChats,
  websiteChatVisitors,
} from "#server/db/schema/index.ts";

// The visitor's reads and writes: their session row, their customer, their conversation's messages.
// Every read is keyed by the visitor's own chat and customer, never by an id the visitor sends.

/** What a visitor is called until they give a name (the customer's full name, and their messages' sender). */
export const UNNAMED_VISITOR = "Website visitor";

/** A session unused for this long is over: its token answers 401 and the widget opens a new one. */
export const VISITOR_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

export type Visitor = WebsiteChatVisitorRow & {
  chat: WebsiteChatRow;
  name: string | null;
  email: string | null;
};

/** The live session a token's hash opens, with its chat and the customer's name and email; null when none. */
export async function findVisitorByTokenHash(
  db: Executor,
  tokenHash: string,
  now = new Date(),
): Promise<Visitor | null> {
  const [row] = await db
    .select({ visitor: websiteChatVisitors, chat: websiteChats, fullName: customers.fullName, email: customers.email })
    .from(websiteChatVisitors)
    .innerJoin(websiteChats, eq(websiteChats.id, websiteChatVisitors.websiteChatId))
    .innerJoin(customers, eq(customers.id, websiteChatVisitors.customerId))
    .where(
      and(
        eq(websiteChatVisitors.tokenHash, tokenHash),
        gt(websiteChatVisitors.lastSeenAt, new Date(now.getTime() - VISITOR_SESSION_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    ...row.visitor,
    chat: row.chat,
    name: row.fullName === UNNAMED_VISITOR ? null : row.fullName,
    email: row.email,
  };
}

/** A new visitor of the chat: their customer ("Website visitor" until they give a name) and session row. */
export async function insertVisitor(
  tx: Executor,
  chat: Pick<WebsiteChatRow, "id" | "companyId">,
  values: { tokenHash: string; origin: string },
): Promise<string> {
  const [customer] = await tx
    .insert(customers)
    .values({ companyId: chat.companyId, fullName: UNNAMED_VISITOR })
    .returning({ id: customers.id });
  await tx.insert(websiteChatVisitors).values({
    companyId: chat.companyId,
    websiteChatId: chat.id,
    customerId: customer!.id,
    tokenHash: values.tokenHash,
    origin: values.origin,
  });
  return customer!.id;
}

export async function touchVisitor(db: Executor, visitorId: string) {
  await db.update(websiteChatVisitors).set({ lastSeenAt: new Date() }).where(eq(websiteChatVisitors.id, visitorId));
}

/**
 * The name and email a visitor gave, on their customer; the leads that still call them "Website
 * visitor" take the name too.
 */
export async function updateVisitorContact(
  tx: Executor,
  visitor: Pick<Visitor, "companyId" | "customerId">,
  changes: { fullName?: string; email?: string | null },
) {
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(customers)
    .set(changes)
    .where(and(eq(customers.companyId, visitor.companyId), eq(customers.id, visitor.customerId)));
  if (changes.fullName)
    await tx
      .update(leads)
      .set({ personName: changes.fullName })
      .where(
        and(
          eq(leads.companyId, visitor.companyId),
          eq(leads.customerId, visitor.customerId),
          eq(leads.personName, UNNAMED_VISITOR),
        ),
      );
}

/** The visitor's conversations through this chat, newest first (one is open at a time). */
export async function visitorConversationIds(
  db: Executor,
  visitor: Pick<Visitor, "companyId" | "websiteChatId" | "customerId">,
) {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.companyId, visitor.companyId),
        eq(conversations.websiteChatId, visitor.websiteChatId),
        eq(conversations.customerId, visitor.customerId),
      ),
    )
    .orderBy(desc(conversations.createdAt), desc(conversations.id));
  return rows.map((row) => row.id);
}

export type VisitorMessageRow = {
  id: string;
  senderType: "customer" | "ai" | "staff";
  senderName: string;
  content: string;
  createdAt: Date;
};

/** The newest `limit` messages of the visitor's newest conversation, oldest first. */
export async function latestVisitorMessages(
  db: Executor,
  visitor: Pick<Visitor, "companyId" | "websiteChatId" | "customerId">,
  limit: number,
): Promise<VisitorMessageRow[]> {
  const [conversationId] = await visitorConversationIds(db, visitor);
  if (!conversationId) return [];
  const rows = await db
    .select({
      id: messages.id,
      senderType: messages.senderType,
      senderName: messages.senderName,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.companyId, visitor.companyId), eq(messages.conversationId, conversationId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** How many messages the visitor wrote since `since` (across their conversations on this chat). */
export async function visitorMessagesSince(
  db: Executor,
  visitor: Pick<Visitor, "companyId" | "websiteChatId" | "customerId">,
  since: Date,
): Promise<number> {
  const ids = await visitorConversationIds(db, visitor);
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, visitor.companyId),
        inArray(messages.conversationId, ids),
        eq(messages.senderType, "customer"),
        gt(messages.createdAt, since),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Whether a conversation is one of the visitor's (the live stream asks once per conversation). */
export async function isVisitorConversation(
  db: Executor,
  visitor: Pick<Visitor, "companyId" | "websiteChatId" | "customerId">,
  conversationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.companyId, visitor.companyId),
        eq(conversations.id, conversationId),
        eq(conversations.websiteChatId, visitor.websiteChatId),
        eq(conversations.customerId, visitor.customerId),
      ),
    );
  return Boolean(row);
}

/** The company's name and language, for the widget's header and words. */
export async function findChatCompany(db: Executor, companyId: string) {
  const [row] = await db
    .select({ name: companies.name, language: companies.language })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row as { name: string; language: CompanyLanguage } | undefined;
}
