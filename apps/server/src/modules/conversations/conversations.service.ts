import {
  type ConversationDetail,
  type ConversationListItem,
  type ConversationsPage,
  currencyOrDefault,
  normalizeLeadStage,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import type { Conversation } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import {
  type ConversationsFilter,
  countConversations,
  findChatAccountId,
  findConversation,
  listConversationQuotes,
  listConversations,
} from "./conversations.repository.ts";
import { findLastMessage } from "./messages.repository.ts";
import { replyWindow } from "./reply-window.ts";

export const conversationNotFound = () => httpError(404, "not_found", "Conversation not found");

type LeadColumns = {
  id: string;
  stage: string;
  need: string | null;
  dealSizeCents: number;
  currency: string;
} | null;

function leadOf(lead: LeadColumns): ConversationListItem["lead"] {
  if (!lead) return null;
  return {
    id: lead.id,
    stage: normalizeLeadStage(lead.stage),
    need: lead.need,
    dealSizeCents: lead.dealSizeCents,
    currency: currencyOrDefault(lead.currency),
  };
}

/** The fields every conversation answer shares (the contract's list item minus what the query adds). */
function conversationFields(conversation: Conversation, accountId: number) {
  return {
    id: conversation.id,
    displayId: conversation.displayId,
    inboxId: conversation.inboxId,
    accountId,
    channel: conversation.channel,
    status: conversation.status,
    handledBy: conversation.handledBy,
    subject: conversation.subject,
    lastActivityAt: conversation.lastActivityAt.toISOString(),
    createdAt: conversation.createdAt.toISOString(),
  };
}

/** A page of the company's conversations (newest activity first) with every one the filters match as the total. */
export async function getConversationsPage(
  db: Executor,
  filter: ConversationsFilter,
  page: { page: number; perPage: number },
): Promise<ConversationsPage> {
  const [rows, total, accountId] = await Promise.all([
    listConversations(db, filter, page.perPage, (page.page - 1) * page.perPage),
    countConversations(db, filter),
    findChatAccountId(db, filter.companyId),
  ]);
  return {
    total,
    page: page.page,
    perPage: page.perPage,
    conversations: rows.map((row) => ({
      ...conversationFields(row.conversation, accountId),
      customer: row.customer,
      lead: leadOf(row.lead),
      aiEmployee: row.aiEmployee,
      lastMessage: row.lastMessage
        ? {
            content: row.lastMessage.content,
            senderType: row.lastMessage.senderType,
            createdAt: row.lastMessage.createdAt.toISOString(),
          }
        : null,
    })),
  };
}

/** One conversation of the company; another company's id, an unknown one and a malformed one are the same 404. */
export async function getConversation(db: Executor, companyId: string, id: string): Promise<ConversationDetail> {
  const row = isUuid(id) ? await findConversation(db, companyId, id) : null;
  if (!row) throw conversationNotFound();
  const [quotes, lastMessage, window] = await Promise.all([
    listConversationQuotes(db, companyId, row.conversation.id),
    findLastMessage(db, row.conversation.id),
    row.conversation.whatsappConnectionId ? replyWindow(db, row.conversation.id) : null,
  ]);
  const { takenOverBy } = row;
  return {
    ...conversationFields(row.conversation, row.chatAccountId!),
    customer: row.customer,
    lead: leadOf(row.lead),
    aiEmployee: row.aiEmployee,
    lastMessage,
    quotes: quotes.map((quote) => ({ ...quote, currency: currencyOrDefault(quote.currency) })),
    takenOverBy: takenOverBy
      ? { id: takenOverBy.id, name: `${takenOverBy.firstName} ${takenOverBy.lastName}`.trim() }
      : null,
    takenOverAt: row.conversation.takenOverAt?.toISOString() ?? null,
    whatsapp: window
      ? {
          windowOpen: window.open,
          windowClosesAt: window.closesAt?.toISOString() ?? null,
          phoneNumber: row.customer?.phone ?? null,
        }
      : null,
  };
}
