import { createHash } from "node:crypto";
import type { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Db } from "#server/db/client.ts";
import { aiEmployees, apiChannels, products } from "#server/db/schema/index.ts";
import { grantSkills, insertSkillSet, STANDARD_SKILLS } from "#server/modules/skills/index.ts";
import { createTestApp, type TestApp, type TestAppOptions } from "./app.ts";
import { apiHeaders, createDepartment, createMember, issueTokenFor } from "./fixtures.ts";

// Test support for the agent runtime: companies with a catalog, an AI employee with guardrails (10%
// discount, orders up to $1,000 on its own) and an API channel whose token the tests hold.

export const CATALOG = [
  { sku: "PAL-01", name: "Wooden pallet", measureUnit: "unit", unitPriceCents: 1800 },
  { sku: "BOX-12", name: "Corrugated box 12in", measureUnit: "pack", unitPriceCents: 2400 },
  { sku: "JACK-25", name: "Pallet jack 2500 kg", measureUnit: "unit", unitPriceCents: 44_900 },
] as const;

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
  const [employee] = await db
    .insert(aiEmployees)
    .values({
      companyId: company.id,
      departmentId: department.id,
      name: `${name} Ava`,
      role: "Sales agent",
      languages: ["en", "es"],
      maxDiscountPercent: options.maxDiscountPercent ?? 10,
      maxOrderTotalCents: options.maxOrderTotalCents ?? 100_000,
    })
    .returning();
  await grantSkills(db, company.id, [employee!.id], await insertSkillSet(db, company.id, STANDARD_SKILLS.en));
  await db.insert(products).values(CATALOG.map((product) => ({ ...product, companyId: company.id, currency: "USD" })));
  const channelToken = `fch_${name.replace(/\W/g, "")}_${Math.random().toString(36).slice(2)}`;
  const [channel] = await db
    .insert(apiChannels)
    .values({
      companyId: company.id,
      name: `${name} web chat`,
      aiEmployeeId: employee!.id,
      webhookUrl: options.webhookUrl ?? null,
      tokenHash: createHash("sha256").update(channelToken).digest("hex"),
      tokenPrefix: channelToken.slice(0, 12),
      webhookSecret: `${name}-webhook-secret`,
    })
    .returning({ id: apiChannels.id });
  return {
    companyId: company.id,
    userId: user.id,
    headers: apiHeaders(token, company.id),
    employee: { id: employee!.id, name: employee!.name },
    channel: { id: channel!.id, token: channelToken },
  };
}

export type AgentWorld = {
  t: TestApp;
  a: AgentCompany;
  b: AgentCompany;
  /** Posts to the channel API with a channel token. */
  send(token: string, body: unknown): Promise<LightMyRequestResponse>;
  /** Waits until every job due on this instance has run. */
  settle(): Promise<void>;
  rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
};

export async function agentWorld(options: TestAppOptions & { webhookUrl?: string } = {}): Promise<AgentWorld> {
  const t = await createTestApp(options);
  const a = await createAgentCompany(t.db, "Acme", options.webhookUrl ? { webhookUrl: options.webhookUrl } : {});
  const b = await createAgentCompany(t.db, "Globex");
  return {
    t,
    a,
    b,
    send: (token, body) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/messages",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        payload: JSON.stringify(body),
      }),
    settle: () => t.app.jobs.idle(),
    rows: async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows,
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
