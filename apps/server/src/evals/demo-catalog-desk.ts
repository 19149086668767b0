import { randomBytes } from "node:crypto";
import type { CompanyLanguage } from "@foreman/contract";
import { setCompanyCurrency } from "#server/db/bulk/company.ts";
import type { Db } from "#server/db/client.ts";
import { insertDepartment } from "#server/modules/departments/departments.repository.ts";
import { ANDES_PROFILE, NORTHWIND_PROFILE, type SalesProfile } from "#server/seed/sales-profiles.ts";
import { seedKnowledge } from "#server/seed/seed-knowledge.ts";
import { createAgentDesk } from "./agent-desk.ts";
import { createOwnedCompany, newChannelToken } from "./eval-owner.ts";
import type { EvalCompany } from "./scenario.ts";

// The companies the conversation set talks to: the demo's Northwind Supply (English, USD) and Andes
// Comercial (Spanish, CLP) with the demo catalog at the demo's prices, their knowledge documents
// (indexed, as the demo seed stores them) and a sales AI employee with the standard skills that may give
// up to 10% off and confirm orders up to about a thousand dollars alone (CLP 1.000.000 for Andes).

export type DemoCatalog = "northwind" | "andes";

type DemoDeskSpec = {
  /** The demo company's name: its knowledge documents are filed under it (seed-knowledge.ts). */
  demoName: string;
  profile: SalesProfile;
  language: CompanyLanguage;
  languages: CompanyLanguage[];
  department: string;
  employeeName: string;
  /** What the employee may confirm alone, in whole units of the company's currency. */
  maxOrderTotal: number;
};

export const DEMO_DESKS: Record<DemoCatalog, DemoDeskSpec> = {
  northwind: {
    demoName: "Northwind Supply",
    profile: NORTHWIND_PROFILE,
    language: "en",
    languages: ["en", "es"],
    department: "Sales",
    employeeName: "Ava",
    maxOrderTotal: 1_000,
  },
  andes: {
    demoName: "Andes Comercial",
    profile: ANDES_PROFILE,
    language: "es",
    languages: ["es", "en"],
    department: "Ventas",
    employeeName: "Sofía",
    maxOrderTotal: 1_000_000,
  },
};

export const DEMO_MAX_DISCOUNT_PERCENT = 10;

/** The demo catalog as products rows: prices in cents of the profile's main currency, as seed-sales.ts writes them. */
export function demoCatalogProducts(demo: DemoCatalog) {
  return DEMO_DESKS[demo].profile.products.map((product) => ({
    sku: product.sku,
    name: product.name,
    measureUnit: product.measureUnit,
    unitPriceCents: Math.round(product.unitPrice * 100),
  }));
}

/** The company's currency: the profile's main one. */
export function demoCurrency(demo: DemoCatalog) {
  return DEMO_DESKS[demo].profile.currencies[0]!.code;
}

/**
 * A company selling the demo's catalog, its owner, its sales AI employee and an API channel. It is named
 * as the demo company unless `name` says otherwise (two such worlds in one database): the knowledge
 * documents are the demo's either way.
 */
export async function createDemoCatalogDesk(
  db: Db,
  demo: DemoCatalog,
  options: { name?: string } = {},
): Promise<EvalCompany> {
  const spec = DEMO_DESKS[demo];
  const name = options.name ?? spec.demoName;
  const currency = demoCurrency(demo);
  const { companyId, headers } = await createOwnedCompany(db, { name, language: spec.language });
  await setCompanyCurrency(db, companyId, currency);
  const department = await insertDepartment(db, { companyId, name: spec.department, sortOrder: 1, isActive: true });
  const { employee, channel } = await createAgentDesk(db, {
    companyId,
    departmentId: department.id,
    name,
    employeeName: spec.employeeName,
    languages: spec.languages,
    catalog: demoCatalogProducts(demo),
    currency,
    channelToken: newChannelToken(name),
    webhookSecret: randomBytes(16).toString("hex"),
    maxDiscountPercent: DEMO_MAX_DISCOUNT_PERCENT,
    maxOrderTotalCents: spec.maxOrderTotal * 100,
  });
  await db.transaction((tx) => seedKnowledge(tx, { id: companyId, name, demoSet: spec.demoName }));
  return { companyId, headers, employee, channel };
}
