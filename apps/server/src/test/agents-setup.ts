import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Db } from "#server/db/client.ts";
import { AGENT_CATALOG, createAgentDesk } from "#server/evals/agent-desk.ts";
import { createDemoCatalogDesk, demoCatalogProducts } from "#server/evals/demo-catalog-desk.ts";
import type { EvalCompany } from "#server/evals/scenario.ts";
import { createTestApp, type TestApp, type TestAppOptions } from "./app.ts";
import { apiHeaders, createDepartment, createMember, issueTokenFor } from "./fixtures.ts";

// Test support for the agent runtime: companies with a catalog, an AI employee with guardrails (10%
// discount, orders up to $1,000 on its own) and an API channel whose token the tests hold.

export const CATALOG = AGENT_CATALOG;

/** The demo's catalogs (Northwind Supply in English, Andes Comercial in Spanish), as products rows. */
export const NORTHWIND_CATALOG = demoCatalogProducts("northwind");
export const ANDES_CATALOG = demoCatalogProducts("andes");

export type AgentCompany = {
  companyId: string;
  userId: string;
  headers: Record<string, string>;
  employee: { id: string; name: string };
  channel: { id: string; token: string };
};

export async function createAgentCompany(
  db: Db,
  name: string,
  options: { webhookUrl?: string; maxDiscountPercent?: number; maxOrderTotalCents?: number } = {},
): Promise<AgentCompany> {
  const { user, company } = await createMember(db, name);
  const token = (await issueTokenFor(db, user.id)).accessToken;
  const department = await createDepartment(db, company.id, { name: "Sales", employees: 0 });
  const { employee, channel } = await createAgentDesk(db, {
    companyId: company.id,
    departmentId: department.id,
    name,
    channelToken: `fch_${name.replace(/\W/g, "")}_${Math.random().toString(36).slice(2)}`,
    webhookSecret: `${name}-webhook-secret`,
    webhookUrl: options.webhookUrl,
    maxDiscountPercent: options.maxDiscountPercent,
    maxOrderTotalCents: options.maxOrderTotalCents,
  });
  return {
    companyId: company.id,
    userId: user.id,
    headers: apiHeaders(token, company.id),
    employee,
    channel,
  };
}

export type AgentWorld = {
  t: TestApp;
  a: AgentCompany;
  b: AgentCompany;
  /** The demo catalogs' companies (evals/demo-catalog-desk.ts), with `demoCatalogs: true`. */
  northwind?: EvalCompany;
  andes?: EvalCompany;
  /** Posts to the channel API with a channel token. */
  send(token: string, body: unknown): Promise<LightMyRequestResponse>;
  /** Waits until every job due on this instance has run. */
  settle(): Promise<void>;
  /** Staff of company A (or `headers`) resolve an action item through the API. */
  resolve(
    taskId: string,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The AI employee's messages in a conversation, oldest first. */
  aiMessages(conversationId: string): Promise<string[]>;
  rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
};

export async function agentWorld(
  options: TestAppOptions & {
    webhookUrl?: string;
    /** Also Northwind Supply and Andes Comercial with the demo catalogs and documents (the conversation set's). */
    demoCatalogs?: boolean;
  } = {},
): Promise<AgentWorld> {
  const t = await createTestApp(options);
  const a = await createAgentCompany(t.db, "Acme", options.webhookUrl ? { webhookUrl: options.webhookUrl } : {});
  const b = await createAgentCompany(t.db, "Globex");
  const demo = options.demoCatalogs
    ? { northwind: await createDemoCatalogDesk(t.db, "northwind"), andes: await createDemoCatalogDesk(t.db, "andes") }
    : {};
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  return {
    t,
    a,
    b,
    ...demo,
    send: (token, body) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/messages",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        payload: JSON.stringify(body),
      }),
    settle: () => t.app.jobs.idle(),
    rows,
    resolve: (taskId, body, headers = a.headers) =>
      t.app.inject({ method: "POST", url: `/app/tasks/${taskId}/resolution.json`, headers, payload: body }),
    aiMessages: async (conversationId) =>
      (
        await rows<{ content: string }>(
          sql`select content from messages where conversation_id = ${conversationId} and sender_type = 'ai' order by created_at, id`,
        )
      ).map((row) => row.content),
  };
}

let sequence = 0;
/** An inbound message body with a fresh message_id. */
export function inbound(content: string, customer: { externalId?: string; name?: string } = {}) {
  return {
    message_id: `msg-${Date.now()}-${++sequence}`,
    customer: {
      external_id: customer.externalId ?? "cust-1",
      name: customer.name ?? "Grace Hopper",
      email: "grace@example.com",
    },
    source: "website chat",
    content,
  };
}
