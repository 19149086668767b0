import { randomInt } from "node:crypto";
import type { WebsiteChat, WebsiteChatCreate, WebsiteChatPatch } from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../../activities/index.ts";
import { checkAnsweredBy } from "../answering-employee.ts";
import {
  deleteWebsiteChat,
  findWebsiteChat,
  insertWebsiteChat,
  listWebsiteChats,
  updateWebsiteChat,
  type WebsiteChatChanges,
  type WebsiteChatView,
} from "./website-chats.repository.ts";

// The website chats' registry: staff open a chat answered by an AI employee or a department, choose
// the websites that may show it, and paste the snippet. Owners and admins write; every write is logged.

export type WebsiteChatWriteContext = { db: Db; companyId: string; userId: string };

const KEY_PREFIX = "wc_";
const KEY_LENGTH = 24;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A chat's public key: `wc_` and 24 random base62 characters (it opens sessions, it is no secret). */
export function newWebsiteChatKey(): string {
  let key = KEY_PREFIX;
  for (let i = 0; i < KEY_LENGTH; i++) key += BASE62[randomInt(BASE62.length)];
  return key;
}

/** The `<script>` tag to paste and the demo page, on Foreman's own origin (website-chats.origins.ts). */
export function toWebsiteChat(row: WebsiteChatView, origin: string): WebsiteChat {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    aiEmployee: row.aiEmployeeId ? { id: row.aiEmployeeId, name: row.aiEmployeeName ?? "" } : null,
    department: row.departmentId ? { id: row.departmentId, name: row.departmentName ?? "" } : null,
    allowedOrigins: row.allowedOrigins,
    greeting: row.greeting,
    color: row.color,
    enabled: row.enabled,
    snippet: `<script src="${origin}/widget.js" data-key="${row.key}" async></script>`,
    demoUrl: `${origin}/widget/demo?key=${row.key}`,
    conversationsCount: row.conversationsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const notFound = () => httpError(404, "not_found", "Website chat not found");

async function findOr404(db: Executor, companyId: string, id: string) {
  const row = isUuid(id) ? await findWebsiteChat(db, companyId, id) : null;
  if (!row) throw notFound();
  return row;
}

export async function getWebsiteChats(db: Db, companyId: string, origin: string) {
  return { websiteChats: (await listWebsiteChats(db, companyId)).map((row) => toWebsiteChat(row, origin)) };
}

export async function createWebsiteChat(
  ctx: WebsiteChatWriteContext,
  input: WebsiteChatCreate,
  origin: string,
): Promise<WebsiteChat> {
  const { db, companyId, userId } = ctx;
  const answererName = await checkAnsweredBy(db, companyId, input);
  const id = await db.transaction(async (tx) => {
    const chatId = await insertWebsiteChat(tx, {
      companyId,
      name: input.name,
      key: newWebsiteChatKey(),
      aiEmployeeId: input.aiEmployeeId,
      departmentId: input.aiEmployeeId ? null : input.departmentId,
      allowedOrigins: input.allowedOrigins,
      greeting: input.greeting,
      color: input.color,
      createdByUserId: userId,
    });
    await recordActivity(tx, {
      companyId,
      kind: "website_chat.created",
      actor: await staffActor(tx, userId),
      subject: { type: "website_chat", id: chatId },
      summary: `Opened the website chat ${input.name}, answered by ${answererName}`,
      details: { name: input.name, answeredBy: answererName, allowedOrigins: input.allowedOrigins },
    });
    return chatId;
  });
  return toWebsiteChat(await findOr404(db, companyId, id), origin);
}

/** What a patch changes: giving one of the two answerers clears the other. */
function changesOf(patch: WebsiteChatPatch): WebsiteChatChanges {
  const { aiEmployeeId, departmentId, ...rest } = patch;
  const changes: WebsiteChatChanges = { ...rest };
  if (aiEmployeeId) Object.assign(changes, { aiEmployeeId, departmentId: null });
  else if (departmentId) Object.assign(changes, { departmentId, aiEmployeeId: null });
  return changes;
}

export async function editWebsiteChat(
  ctx: WebsiteChatWriteContext,
  id: string,
  patch: WebsiteChatPatch,
  origin: string,
): Promise<WebsiteChat> {
  const { db, companyId, userId } = ctx;
  const row = await findOr404(db, companyId, id);
  const changes = changesOf(patch);
  const answererChanges = "aiEmployeeId" in patch || "departmentId" in patch;
  if (answererChanges) {
    const answerer = {
      aiEmployeeId: changes.aiEmployeeId ?? null,
      departmentId: changes.departmentId ?? null,
    };
    await checkAnsweredBy(db, companyId, answerer);
  }
  await db.transaction(async (tx) => {
    await updateWebsiteChat(tx, companyId, row.id, changes);
    await recordActivity(tx, {
      companyId,
      kind: "website_chat.updated",
      actor: await staffActor(tx, userId),
      subject: { type: "website_chat", id: row.id },
      summary: `Edited the website chat ${changes.name ?? row.name}`,
      details: { changed: Object.keys(changes) },
    });
  });
  return toWebsiteChat(await findOr404(db, companyId, row.id), origin);
}

/** Removes the chat: its widget stops at once; its conversations stay in the inbox (their link is cleared). */
export async function removeWebsiteChat(ctx: WebsiteChatWriteContext, id: string): Promise<void> {
  const { db, companyId, userId } = ctx;
  const row = await findOr404(db, companyId, id);
  await db.transaction(async (tx) => {
    await deleteWebsiteChat(tx, companyId, row.id);
    await recordActivity(tx, {
      companyId,
      kind: "website_chat.deleted",
      actor: await staffActor(tx, userId),
      subject: { type: "website_chat", id: row.id },
      summary: `Removed the website chat ${row.name}`,
    });
  });
}
