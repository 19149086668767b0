import { randomBytes } from "node:crypto";
import type {
  WidgetMessage,
  WidgetSession,
  widgetSessionRequestSchema,
  widgetVisitorPatchSchema,
} from "@foreman/contract";
import { normalizeOrigin } from "@foreman/contract";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import type { WebsiteChatRow } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { hashToken } from "../../auth/index.ts";
import { answeringEmployee } from "../answering-employee.ts";
import type { ReceiveDeps } from "../receive-customer-message.ts";
import { receiveVisitorMessage } from "./inbound.ts";
import {
  findChatCompany,
  findVisitorByTokenHash,
  insertVisitor,
  latestVisitorMessages,
  touchVisitor,
  UNNAMED_VISITOR,
  updateVisitorContact,
  type Visitor,
  visitorConversationIds,
  visitorMessagesSince,
} from "./visitor.repository.ts";
import { toWidgetMessage } from "./visitor-message.ts";
import { isEmbeddingOrigin } from "./website-chats.origins.ts";
import { findWebsiteChatByKey } from "./website-chats.repository.ts";

// The visitor's side of a website chat: a session opened by the chat's public key from an allowed
// website, then the visitor's own token, which opens their conversation and nothing else.

/** Messages the widget shows: the latest of the visitor's conversation. */
export const WIDGET_MESSAGES_SHOWN = 100;
/** Messages one visitor may send a minute (the address has its own limit: lib/rate-limit-buckets.ts). */
export const VISITOR_MESSAGES_PER_MINUTE = 20;

export const chatNotAvailable = () => httpError(404, "not_found", "This chat is not available");
export const originNotAllowed = () => httpError(403, "origin_not_allowed", "This website may not use this chat");
export const sessionEnded = () =>
  httpError(401, "unauthorized", "This chat session has ended: reload the page to start a new one");

/**
 * The page asking may use the chat: the host page's origin the widget reports, and the browser's
 * `Origin` header when it sent one, are each the chat's allowed websites or Foreman's own.
 */
export function checkOrigins(
  chat: Pick<WebsiteChatRow, "allowedOrigins">,
  own: string,
  origins: (string | undefined)[],
) {
  for (const origin of origins)
    if (origin !== undefined && !isEmbeddingOrigin(chat, own, origin)) throw originNotAllowed();
}

/** A fresh session token (256 random bits) and the hash it is stored as. */
function newSessionToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

type SessionRequest = z.output<typeof widgetSessionRequestSchema>;

/**
 * `POST /widget/v1/sessions`: the chat's key, from an allowed website, resumes the visitor a token of
 * this chat names, or opens a new visitor with a new token.
 */
export async function openSession(
  db: Db,
  request: SessionRequest,
  own: string,
  headerOrigin: string | undefined,
): Promise<WidgetSession> {
  const chat = await findWebsiteChatByKey(db, request.key);
  if (!chat?.enabled) throw chatNotAvailable();
  // A session is for a website: a request naming none (no origin given, no Origin header) is refused.
  if (request.origin === undefined && headerOrigin === undefined) throw originNotAllowed();
  checkOrigins(chat, own, [request.origin, headerOrigin]);
  const resumed = request.token ? await findVisitorByTokenHash(db, hashToken(request.token)) : null;
  let token: string;
  let visitor: Visitor;
  if (resumed && resumed.websiteChatId === chat.id) {
    token = request.token!;
    visitor = resumed;
    await touchVisitor(db, visitor.id);
  } else {
    const fresh = newSessionToken();
    const origin = normalizeOrigin(request.origin ?? headerOrigin ?? "") ?? own;
    await db.transaction((tx) => insertVisitor(tx, chat, { tokenHash: fresh.tokenHash, origin }));
    token = fresh.token;
    visitor = (await findVisitorByTokenHash(db, fresh.tokenHash))!;
  }
  const [company, agent, messages] = await Promise.all([
    findChatCompany(db, chat.companyId),
    answeringEmployee(db, chat),
    latestVisitorMessages(db, visitor, WIDGET_MESSAGES_SHOWN),
  ]);
  return {
    token,
    company: { name: company?.name ?? "" },
    language: company?.language ?? "en",
    greeting: chat.greeting,
    color: chat.color,
    agentName: agent?.name ?? null,
    visitor: { name: visitor.name, email: visitor.email },
    messages: messages.map(toWidgetMessage),
  };
}

/** The visitor a bearer token opens, of an enabled chat; 401 for an unknown or expired token. */
export async function authenticateVisitor(db: Db, authorization: string | undefined): Promise<Visitor> {
  const token = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!token || token.length > 128) throw sessionEnded();
  const visitor = await findVisitorByTokenHash(db, hashToken(token));
  if (!visitor) throw sessionEnded();
  if (!visitor.chat.enabled) throw chatNotAvailable();
  return visitor;
}

export async function getVisitorMessages(db: Db, visitor: Visitor): Promise<{ messages: WidgetMessage[] }> {
  return { messages: (await latestVisitorMessages(db, visitor, WIDGET_MESSAGES_SHOWN)).map(toWidgetMessage) };
}

/** `POST /widget/v1/messages`: within the visitor's own limit, through the one way in (inbound.ts). */
export async function postVisitorMessage(deps: ReceiveDeps, visitor: Visitor, body: string): Promise<WidgetMessage> {
  const recent = await visitorMessagesSince(deps.db, visitor, new Date(Date.now() - 60_000));
  if (recent >= VISITOR_MESSAGES_PER_MINUTE)
    throw httpError(
      429,
      "too_many_requests",
      "You are sending messages too fast: wait a minute and try again",
      undefined,
      {
        "retry-after": "60",
      },
    );
  const message = await receiveVisitorMessage(deps, visitor, body);
  await touchVisitor(deps.db, visitor.id);
  return toWidgetMessage(message);
}

type VisitorPatch = z.output<typeof widgetVisitorPatchSchema>;

/**
 * `PATCH /widget/v1/visitor`: the name and email the visitor chose to give, on their customer (staff
 * see them in the inbox). An empty name or email takes it back.
 */
export async function patchVisitor(deps: ReceiveDeps, visitor: Visitor, patch: VisitorPatch) {
  const changes: { fullName?: string; email?: string | null } = {};
  if (patch.name !== undefined) changes.fullName = patch.name || UNNAMED_VISITOR;
  if (patch.email !== undefined) changes.email = patch.email || null;
  await deps.db.transaction((tx) => updateVisitorContact(tx, visitor, changes));
  const [conversationId] = await visitorConversationIds(deps.db, visitor);
  if (conversationId) await deps.events.publish(visitor.companyId, { type: "conversation.updated", conversationId });
  const name = changes.fullName !== undefined ? changes.fullName : (visitor.name ?? UNNAMED_VISITOR);
  return {
    visitor: {
      name: name === UNNAMED_VISITOR ? null : name,
      email: changes.email !== undefined ? changes.email : visitor.email,
    },
  };
}
