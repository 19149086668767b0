import { createHash } from "node:crypto";
import { type CompanyLanguage, matchDepartmentKind } from "@foreman/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiDepartments, aiEmployees } from "#server/db/schema/index.ts";
import { insertPhoneNumber } from "#server/modules/phones/phones.repository.ts";
import { simulatedOffer } from "#server/modules/telephony/simulated-inventory.ts";

// Each demo company's phone numbers on the simulated provider, so the phones page, calls and billing
// have history: a support line bought about four months ago, a sales line about six weeks ago, and a
// line released about two months ago (billed from its purchase to its release). Dates are relative to
// the seed's clock; the numbers are from the fictional 555-01xx range, in the company's country.

const DAY = 86_400_000;

type SeedNumber = {
  e164: string;
  name: string;
  answeredBy: "support" | "sales";
  boughtDaysAgo: number;
  releasedDaysAgo: number | null;
};

const NUMBERS: Record<CompanyLanguage, SeedNumber[]> = {
  en: [
    { e164: "+14155550142", name: "Support line", answeredBy: "support", boughtDaysAgo: 121, releasedDaysAgo: null },
    { e164: "+12125550117", name: "Sales line", answeredBy: "sales", boughtDaysAgo: 43, releasedDaysAgo: null },
    { e164: "+13125550163", name: "Chicago line", answeredBy: "sales", boughtDaysAgo: 150, releasedDaysAgo: 61 },
  ],
  es: [
    {
      e164: "+56225550142",
      name: "Línea de soporte",
      answeredBy: "support",
      boughtDaysAgo: 118,
      releasedDaysAgo: null,
    },
    { e164: "+56225550117", name: "Línea de ventas", answeredBy: "sales", boughtDaysAgo: 40, releasedDaysAgo: null },
    { e164: "+56225550163", name: "Línea Valparaíso", answeredBy: "sales", boughtDaysAgo: 147, releasedDaysAgo: 58 },
  ],
};

/** The first active AI employee of the company's support and sales teams (sales where support has none). */
async function answeringEmployees(tx: Executor, companyId: string) {
  const employees = await tx
    .select({ id: aiEmployees.id, departmentName: aiDepartments.name })
    .from(aiEmployees)
    .innerJoin(aiDepartments, eq(aiDepartments.id, aiEmployees.departmentId))
    .where(and(eq(aiEmployees.companyId, companyId), eq(aiEmployees.status, "active")))
    .orderBy(asc(aiEmployees.name), asc(aiEmployees.id));
  const of = (kind: "support" | "sales") =>
    employees.find((employee) => matchDepartmentKind(employee.departmentName) === kind)?.id ?? null;
  const sales = of("sales");
  return { sales, support: of("support") ?? sales };
}

export async function seedPhones(
  tx: Executor,
  company: { id: string; language: CompanyLanguage; createdByUserId: string; now: Date },
): Promise<void> {
  const answering = await answeringEmployees(tx, company.id);
  for (const number of NUMBERS[company.language]) {
    const offer = simulatedOffer(number.e164);
    if ("code" in offer) throw new Error(`the demo number ${number.e164} is not one the simulated provider sells`);
    const releasedAt =
      number.releasedDaysAgo === null ? null : new Date(company.now.getTime() - number.releasedDaysAgo * DAY);
    await insertPhoneNumber(tx, {
      companyId: company.id,
      provider: "simulated",
      // Deterministic, like the rest of the demo: the same number has the same SID on every seed.
      providerSid: `PN${createHash("sha256").update(`demo ${number.e164}`).digest("hex").slice(0, 32)}`,
      e164: number.e164,
      countryCode: offer.countryCode,
      name: number.name,
      locality: offer.locality,
      capabilities: offer.capabilities,
      aiEmployeeId: answering[number.answeredBy],
      status: releasedAt ? "released" : "active",
      monthlyCostCents: offer.monthlyCostCents,
      currency: offer.currency,
      purchasedBy: company.createdByUserId,
      purchasedAt: new Date(company.now.getTime() - number.boughtDaysAgo * DAY),
      releasedAt,
    });
  }
}
