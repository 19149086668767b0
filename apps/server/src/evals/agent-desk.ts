import { createHash } from "node:crypto";
import type { CompanyLanguage, Currency } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { aiEmployees, apiChannels, products } from "#server/db/schema/index.ts";
import { grantSkills, insertSkillSet, STANDARD_SKILLS } from "#server/modules/skills/index.ts";

// What the agent runtime is tried on, by `npm run eval` and by the test suite alike: a company's
// catalog, a sales AI employee with the standard skills and guardrails (10% discount, orders up to
// $1,000 on its own by default), and an API channel it answers whose token the caller holds. The demo
// catalogs' desks (demo-catalog-desk.ts) pass their own catalog, currency, languages and limits.

export const AGENT_CATALOG = [
  { sku: "PAL-01", name: "Wooden pallet", measureUnit: "unit", unitPriceCents: 1800 },
  { sku: "BOX-12", name: "Corrugated box 12in", measureUnit: "pack", unitPriceCents: 2400 },
  { sku: "JACK-25", name: "Pallet jack 2500 kg", measureUnit: "unit", unitPriceCents: 44_900 },
] as const;

export type CatalogProduct = { sku: string; name: string; measureUnit: string; unitPriceCents: number };

export type AgentDesk = { employee: { id: string; name: string }; channel: { id: string; token: string } };

export async function createAgentDesk(
  db: Db,
  input: {
    companyId: string;
    departmentId: string;
    name: string;
    channelToken: string;
    webhookSecret: string;
    webhookUrl?: string | undefined;
    maxDiscountPercent?: number | undefined;
    maxOrderTotalCents?: number | undefined;
    /** The employee's name (`<name> Ava` by default). */
    employeeName?: string | undefined;
    /** Its languages, the first its default (English, then Spanish by default). */
    languages?: CompanyLanguage[] | undefined;
    /** The catalog and its currency (AGENT_CATALOG in USD by default). */
    catalog?: readonly CatalogProduct[] | undefined;
    currency?: Currency | undefined;
  },
): Promise<AgentDesk> {
  const { companyId, name } = input;
  const languages = input.languages ?? ["en", "es"];
  const currency = input.currency ?? "USD";
  const [employee] = await db
    .insert(aiEmployees)
    .values({
      companyId,
      departmentId: input.departmentId,
      name: input.employeeName ?? `${name} Ava`,
      role: "Sales agent",
      languages,
      maxDiscountPercent: input.maxDiscountPercent ?? 10,
      maxOrderTotalCents: input.maxOrderTotalCents ?? 100_000,
    })
    .returning({ id: aiEmployees.id, name: aiEmployees.name });
  await grantSkills(db, companyId, [employee!.id], await insertSkillSet(db, companyId, STANDARD_SKILLS[languages[0]!]));
  const catalog = input.catalog ?? AGENT_CATALOG;
  await db.insert(products).values(catalog.map((product) => ({ ...product, companyId, currency })));
  const [channel] = await db
    .insert(apiChannels)
    .values({
      companyId,
      name: `${name} web chat`,
      aiEmployeeId: employee!.id,
      webhookUrl: input.webhookUrl ?? null,
      tokenHash: createHash("sha256").update(input.channelToken).digest("hex"),
      tokenPrefix: input.channelToken.slice(0, 12),
      webhookSecret: input.webhookSecret,
    })
    .returning({ id: apiChannels.id });
  return { employee: employee!, channel: { id: channel!.id, token: input.channelToken } };
}
