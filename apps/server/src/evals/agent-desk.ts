import { createHash } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { aiEmployees, apiChannels, products } from "#server/db/schema/index.ts";
import { grantSkills, insertSkillSet, STANDARD_SKILLS } from "#server/modules/skills/index.ts";

// What the agent runtime is tried on, by `npm run eval` and by the test suite alike: a company's
// catalog, a sales AI employee with the standard skills and guardrails (10% discount, orders up to
// $1,000 on its own by default), and an API channel it answers whose token the caller holds.

export const AGENT_CATALOG = [
  { sku: "PAL-01", name: "Wooden pallet", measureUnit: "unit", unitPriceCents: 1800 },
  { sku: "BOX-12", name: "Corrugated box 12in", measureUnit: "pack", unitPriceCents: 2400 },
  { sku: "JACK-25", name: "Pallet jack 2500 kg", measureUnit: "unit", unitPriceCents: 44_900 },
] as const;

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
  },
): Promise<AgentDesk> {
  const { companyId, name } = input;
  const [employee] = await db
    .insert(aiEmployees)
    .values({
      companyId,
      departmentId: input.departmentId,
      name: `${name} Ava`,
      role: "Sales agent",
      languages: ["en", "es"],
      maxDiscountPercent: input.maxDiscountPercent ?? 10,
      maxOrderTotalCents: input.maxOrderTotalCents ?? 100_000,
    })
    .returning({ id: aiEmployees.id, name: aiEmployees.name });
  await grantSkills(db, companyId, [employee!.id], await insertSkillSet(db, companyId, STANDARD_SKILLS.en));
  await db.insert(products).values(AGENT_CATALOG.map((product) => ({ ...product, companyId, currency: "USD" })));
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
