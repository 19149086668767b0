import { type CompanyLanguage, type GrantableTool, STANDARD_SKILL_NAMES } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { aiEmployeeSkills, skills } from "#server/db/schema/index.ts";

// The five skills every company starts with (migration 0011 gave the first four to companies that existed
// before skills granted tools, 0019 gave Ticketing to every company and its support department's AI
// employees). Together they grant every tool; the training centre changes who has which.
// Their names are the contract's (skills/standard-skills.ts), which hiring presets name too.

export type StandardSkill = { name: string; description: string; tools: GrantableTool[] };

const QUOTE_TOOLS: GrantableTool[] = [
  "upsert_quote",
  "send_quote",
  "confirm_order",
  "update_lead_stage",
  "request_authorization",
];

const TICKET_TOOLS: GrantableTool[] = ["create_ticket", "find_tickets", "update_ticket"];

export const STANDARD_SKILLS: Record<CompanyLanguage, StandardSkill[]> = {
  en: [
    {
      name: STANDARD_SKILL_NAMES.en.catalog,
      description: "Knows the catalog, prices and stock, and suggests alternatives.",
      tools: ["find_products"],
    },
    {
      name: STANDARD_SKILL_NAMES.en.quoting,
      description: "Builds quotes from the catalog, sends them and confirms orders within its limits.",
      tools: QUOTE_TOOLS,
    },
    {
      name: STANDARD_SKILL_NAMES.en.order_tracking,
      description: "Looks up orders and tells customers where theirs is.",
      tools: ["find_orders"],
    },
    {
      name: STANDARD_SKILL_NAMES.en.handoff,
      description: "Hands the conversation to staff or another department when it should.",
      tools: ["hand_off"],
    },
    {
      name: STANDARD_SKILL_NAMES.en.ticketing,
      description:
        "Opens a support ticket when a customer reports a problem, adds their follow-ups to it and closes it once they confirm it is solved.",
      tools: TICKET_TOOLS,
    },
  ],
  es: [
    {
      name: STANDARD_SKILL_NAMES.es.catalog,
      description: "Conoce el catálogo, los precios y el stock, y sugiere alternativas.",
      tools: ["find_products"],
    },
    {
      name: STANDARD_SKILL_NAMES.es.quoting,
      description: "Arma cotizaciones desde el catálogo, las envía y confirma pedidos dentro de sus límites.",
      tools: QUOTE_TOOLS,
    },
    {
      name: STANDARD_SKILL_NAMES.es.order_tracking,
      description: "Busca pedidos y cuenta a los clientes dónde está el suyo.",
      tools: ["find_orders"],
    },
    {
      name: STANDARD_SKILL_NAMES.es.handoff,
      description: "Pasa la conversación al equipo o a otro departamento cuando corresponde.",
      tools: ["hand_off"],
    },
    {
      name: STANDARD_SKILL_NAMES.es.ticketing,
      description:
        "Abre un ticket de soporte cuando un cliente reporta un problema, suma sus novedades y lo cierra cuando el cliente confirma que está resuelto.",
      tools: TICKET_TOOLS,
    },
  ],
};

/** Adds these skills to the company; answers their ids in the same order. */
export async function insertSkillSet(db: Executor, companyId: string, set: readonly StandardSkill[]) {
  const rows = await db
    .insert(skills)
    .values(set.map((skill) => ({ companyId, ...skill })))
    .returning({ id: skills.id });
  return rows.map((row) => row.id);
}

/** Gives each employee each of these skills (already given ones are kept). */
export async function grantSkills(db: Executor, companyId: string, employeeIds: string[], skillIds: string[]) {
  const rows = employeeIds.flatMap((aiEmployeeId) => skillIds.map((skillId) => ({ companyId, aiEmployeeId, skillId })));
  if (rows.length > 0) await db.insert(aiEmployeeSkills).values(rows).onConflictDoNothing();
}
