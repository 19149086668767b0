import { type CompanyLanguage, matchDepartmentKind } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiDepartments, aiEmployees, emailChannels } from "#server/db/schema/index.ts";

// Each demo company's email channel, answered by its support department (or sales, where support has
// nobody active: Andes's support team is switched off). Its inbound address is fixed
// (`northwind-demo@…`, `andes-demo@…`) so the README's `npm run email:demo` line works as written;
// channels staff add get a random one.

const NAMES: Record<CompanyLanguage, string> = { en: "Support email", es: "Correo de soporte" };

/** `Northwind Supply` → `northwind-demo`. */
export function demoInboundLocal(companyName: string): string {
  const first =
    companyName
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .find(Boolean) ?? "company";
  return `${first}-demo`;
}

export async function seedEmailChannel(
  tx: Executor,
  company: { id: string; name: string; language: CompanyLanguage; createdByUserId: string },
): Promise<void> {
  const departments = await tx
    .selectDistinct({ id: aiDepartments.id, name: aiDepartments.name })
    .from(aiDepartments)
    .innerJoin(aiEmployees, and(eq(aiEmployees.departmentId, aiDepartments.id), eq(aiEmployees.status, "active")))
    .where(eq(aiDepartments.companyId, company.id));
  const answering =
    departments.find((department) => matchDepartmentKind(department.name) === "support") ??
    departments.find((department) => matchDepartmentKind(department.name) === "sales");
  if (!answering) throw new Error("the demo company has no active support or sales team to answer its email");
  await tx.insert(emailChannels).values({
    companyId: company.id,
    name: NAMES[company.language],
    inboundLocal: demoInboundLocal(company.name),
    departmentId: answering.id,
    createdByUserId: company.createdByUserId,
  });
}
