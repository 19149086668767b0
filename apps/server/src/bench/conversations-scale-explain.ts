import type { Db } from "#server/db/client.ts";
import type { ConversationsFilter } from "#server/modules/conversations/conversations.repository.ts";
import { getConversationsPage } from "#server/modules/conversations/conversations.service.ts";
import { getMessageSearchPage } from "#server/modules/conversations/message-search.service.ts";
import { getMessagesPage } from "#server/modules/conversations/messages.service.ts";
import { getTasksPage } from "#server/modules/tasks/tasks.service.ts";
import type { CompanyConversations } from "./bench-conversations.ts";

// The plans behind each request the conversations-at-scale benchmark times: each service runs once on
// a database handle that records its statements, then each statement runs again under EXPLAIN
// (ANALYZE, BUFFERS), its plan on stderr. The statements are the services' own, so the plans are those
// the requests get.

type Logger = (query: string, params: unknown[]) => void;

export async function explainRequests(
  explainDb: (logger: Logger) => Promise<Db>,
  rawQuery: (text: string, params: unknown[]) => Promise<unknown[]>,
  companyId: string,
  probe: CompanyConversations["probe"],
  searches: Record<string, string>,
  log: (line: string) => void,
) {
  const inbox = (filter: Partial<ConversationsFilter>) => (db: Db) =>
    getConversationsPage(db, { companyId, ...filter }, { page: 1, perPage: 50 });
  const requests: [string, (db: Db) => Promise<unknown>][] = [
    ["inbox, no filter", inbox({})],
    ["inbox, stage=qualified", inbox({ stage: "qualified" })],
    ["inbox, channel=sms", inbox({ channel: "sms" })],
    ["inbox, status=open", inbox({ status: "open" })],
    ["inbox, ai_employee_id", inbox({ aiEmployeeId: probe.aiEmployeeId })],
    [`inbox, q=${probe.customerName}`, inbox({ q: probe.customerName })],
    [
      "a conversation's first page of messages",
      (db) => getMessagesPage(db, companyId, probe.conversationId, { limit: 50 }),
    ],
    ["tasks list", (db) => getTasksPage(db, { companyId, period: null }, { page: 1, perPage: 50 })],
    ...Object.values(searches).map((q): [string, (db: Db) => Promise<unknown>] => [
      `message search, q=${q}`,
      (db) => getMessageSearchPage(db, companyId, { q, page: 1, perPage: 20 }),
    ]),
  ];
  for (const [label, request] of requests) {
    const statements: { query: string; params: unknown[] }[] = [];
    await request(await explainDb((query, params) => statements.push({ query, params })));
    log(`plans: ${label}`);
    for (const { query, params } of statements) {
      const rows = (await rawQuery(`explain (analyze, buffers) ${query}`, params)) as Record<string, string>[];
      process.stderr.write(`      -- ${query.slice(0, 160)}${query.length > 160 ? "…" : ""}\n`);
      for (const row of rows) process.stderr.write(`      ${Object.values(row)[0]}\n`);
    }
  }
}
