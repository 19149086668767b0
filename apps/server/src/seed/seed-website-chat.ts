import { type CompanyLanguage, matchDepartmentKind } from "@foreman/contract";
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiDepartments } from "#server/db/schema/index.ts";
import { insertWebsiteChat } from "#server/modules/channels/website-chat/website-chats.repository.ts";
import { newWebsiteChatKey } from "#server/modules/channels/website-chat/website-chats.service.ts";

// Each demo company's website chat, answered by its sales department: a newcomer opens its demo page
// (/widget/demo?key=…, on Foreman's own origin, always allowed) and plays the customer in a second tab.

const GREETINGS: Record<CompanyLanguage, string> = {
  en: "Hi! Ask us about products, prices or your order.",
  es: "¡Hola! Pregúntanos por productos, precios o tu pedido.",
};

export async function seedWebsiteChat(
  tx: Executor,
  company: { id: string; language: CompanyLanguage; createdByUserId: string },
): Promise<void> {
  const departments = await tx
    .select({ id: aiDepartments.id, name: aiDepartments.name })
    .from(aiDepartments)
    .where(eq(aiDepartments.companyId, company.id));
  const sales = departments.find((department) => matchDepartmentKind(department.name) === "sales");
  if (!sales) throw new Error("the demo company has no sales department to answer its website chat");
  await insertWebsiteChat(tx, {
    companyId: company.id,
    name: "Website chat",
    key: newWebsiteChatKey(),
    departmentId: sales.id,
    allowedOrigins: [],
    greeting: GREETINGS[company.language],
    createdByUserId: company.createdByUserId,
  });
}
