import { departmentAvatar, PLACEHOLDER_SORT_ORDER } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { setCompanyCurrency } from "#server/db/bulk/company.ts";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";
import { ensureWebClient } from "#server/modules/auth/oauth-client.repository.ts";
import { hashPassword } from "#server/modules/auth/password.ts";
import { insertApiChannel } from "#server/modules/channels/api-channels.repository.ts";
import { newChannelSecrets } from "#server/modules/channels/api-channels.service.ts";
import {
  anyCompanyExists,
  insertCompany,
  insertMembership,
  updateCompanySettings,
} from "#server/modules/companies/companies.repository.ts";
import { insertDepartment } from "#server/modules/departments/departments.repository.ts";
import {
  DEMO_COMPANIES,
  DEMO_DONE_TASKS_PER_COMPANY,
  DEMO_ORDERS_PER_COMPANY,
  DEMO_PASSWORD,
  DEMO_SALES_MONTHS,
  DEMO_TODO_TASKS_PER_COMPANY,
  DEMO_USERS,
  type DemoUserKey,
} from "./demo-data.ts";
import { seedCalls } from "./seed-calls.ts";
import { buildConversationRows, insertConversationRows, type Person } from "./seed-conversations.ts";
import { seedEmailChannel } from "./seed-email-channel.ts";
import { seedKnowledge } from "./seed-knowledge.ts";
import { seedPhones } from "./seed-phones.ts";
import { buildSalesRows, insertSalesRows } from "./seed-sales.ts";
import { seedTickets } from "./seed-tickets.ts";
import { seedWebsiteChat } from "./seed-website-chat.ts";
import { insertSkills, insertWorkforce } from "./seed-workforce.ts";

// Any constant works: it only has to be the same for every instance seeding the same database.
const SEED_LOCK_KEY = 4_071_001;

/** Whether the database holds no company yet (the seed's trigger). */
/**
 * Inserts the demo workspace when the database has no company; returns whether it did. All or
 * nothing, and safe when several instances start at once (they serialise on an advisory lock).
 */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  // Hashing is slow on purpose; do it before taking any lock.
  const digests = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await anyCompanyExists(tx)) return false;
    await ensureWebClient(tx);

    const people = new Map<DemoUserKey, Person>();
    for (const [index, user] of DEMO_USERS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          passwordDigest: digests[index]!,
        })
        .returning({ id: users.id });
      people.set(user.key, { id: row!.id, name: `${user.firstName} ${user.lastName}` });
    }

    for (const [companyIndex, company] of DEMO_COMPANIES.entries()) {
      // A year of history is no first hour: the getting-started checklist starts hidden (a new company's shows).
      const { id: companyId } = await insertCompany(tx, {
        name: company.name,
        language: company.language,
        gettingStartedDismissedAt: new Date(),
      });
      await setCompanyCurrency(tx, companyId, company.currency);
      await updateCompanySettings(tx, companyId, { membersMayApprove: company.membersMayApprove });
      const salesEmployees: Person[] = [];
      const workforce = new Map<string, Person>();
      const staff = company.members.map((member) => people.get(member.user)!);
      for (const member of company.members) {
        await insertMembership(tx, { userId: people.get(member.user)!.id, companyId, role: member.role });
      }
      const skillIds = await insertSkills(tx, companyId, company.skills);
      const owner = people.get(company.members.find((member) => member.role === "owner")!.user)!;
      for (const [departmentIndex, department] of company.departments.entries()) {
        const avatarUrl = departmentAvatar(department.kind);
        const { id: departmentId } = await insertDepartment(tx, {
          companyId,
          name: department.name,
          sortOrder: PLACEHOLDER_SORT_ORDER[department.kind],
          isActive: department.isActive,
          avatarUrl,
        });
        const hired = await insertWorkforce(tx, {
          companyId,
          departmentId,
          departmentName: department.name,
          avatarUrl,
          employees: department.employees,
          skillIds,
          hiredBy: owner,
          offsetDays: departmentIndex * 3,
          now,
        });
        for (const person of hired) workforce.set(person.name, person);
        // Leads and conversations go to the sales department's employees, in a stable order.
        if (department.kind === "sales") salesEmployees.push(...hired.sort((a, b) => a.name.localeCompare(b.name)));
      }
      // Built in memory first: the conversations' status and last activity come from their messages.
      const sales = buildSalesRows({
        companyId,
        profile: company.sales,
        months: DEMO_SALES_MONTHS,
        orders: DEMO_ORDERS_PER_COMPANY,
        aiEmployeeIds: salesEmployees.map((employee) => employee.id),
        seed: companyIndex + 1,
        now,
      });
      const conversations = buildConversationRows({
        companyId,
        companyName: company.name,
        profile: company.sales,
        sales,
        aiEmployees: salesEmployees,
        staff,
        seed: companyIndex + 1,
        now,
        todoTasks: DEMO_TODO_TASKS_PER_COMPANY,
        doneTasks: DEMO_DONE_TASKS_PER_COMPANY,
      });
      // The website's chat, answered by the first sales employee: the channel API shows as connected.
      // Its token is kept only as a hash; rotating the channel (POST /app/api_channels/{id}/rotate.json) shows a new one.
      const secrets = newChannelSecrets();
      await insertApiChannel(tx, {
        companyId,
        name: company.language === "en" ? "Website chat" : "Chat del sitio web",
        aiEmployeeId: salesEmployees[0]!.id,
        webhookUrl: null,
        webhookSecret: secrets.webhookSecret,
        createdByUserId: owner.id,
        ...secrets.stored,
      });
      await insertSalesRows(tx, sales);
      await insertConversationRows(tx, conversations);
      await seedTickets(tx, {
        companyId,
        companyName: company.name,
        profile: company.sales,
        sales,
        conversationRows: conversations,
        aiEmployees: workforce,
        staff,
        stories: company.tickets,
        now,
        seed: companyIndex + 1,
      });
      await seedKnowledge(tx, { id: companyId, name: company.name, createdByUserId: owner.id });
      await seedWebsiteChat(tx, { id: companyId, language: company.language, createdByUserId: owner.id });
      await seedEmailChannel(tx, {
        id: companyId,
        name: company.name,
        language: company.language,
        createdByUserId: owner.id,
      });
      await seedPhones(tx, { id: companyId, language: company.language, createdByUserId: owner.id, now });
      await seedCalls(tx, { id: companyId, language: company.language, now });
    }
    return true;
  });
}
