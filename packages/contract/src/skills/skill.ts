// Skills are what an AI employee can do: each one grants runtime tools. Turning a skill off for an
// employee takes its tools out of that employee's runs (camelCase here; snake_case on the wire).
import { z } from "zod";
import { AGENT_TOOL_NAMES, type AgentToolName } from "../agents/tools.ts";

/**
 * Tools every AI employee keeps whatever its skills: asking staff is how an employee that cannot do
 * something says so, so no combination of skills leaves it without a way to a human.
 */
export const ALWAYS_GRANTED_TOOLS = ["ask_human"] as const satisfies readonly AgentToolName[];

/** The tools a skill may grant: every tool but the ones all employees keep. */
export const GRANTABLE_TOOLS = AGENT_TOOL_NAMES.filter(
  (name) => !(ALWAYS_GRANTED_TOOLS as readonly string[]).includes(name),
) as Exclude<AgentToolName, (typeof ALWAYS_GRANTED_TOOLS)[number]>[];
export type GrantableTool = (typeof GRANTABLE_TOOLS)[number];

/** What staff read for each tool (the model reads TOOL_DESCRIPTIONS). */
export const TOOL_LABELS: Record<AgentToolName, string> = {
  find_products: "Search the catalog",
  upsert_quote: "Build quotes",
  send_quote: "Send quotes",
  confirm_order: "Confirm orders",
  find_orders: "Look up orders",
  update_lead_stage: "Move leads",
  ask_human: "Ask staff",
  request_authorization: "Request authorization",
  hand_off: "Hand off",
  create_ticket: "Open tickets",
  find_tickets: "Look up tickets",
  update_ticket: "Update tickets",
};

/**
 * The tools an employee with these skills may use, in the runtime's order: the ones every employee
 * keeps and the union of its skills' grants (a name that is no longer a tool is ignored).
 */
export function toolsOfSkills(skills: readonly { tools: readonly string[] }[]): AgentToolName[] {
  const granted = new Set<string>(ALWAYS_GRANTED_TOOLS);
  for (const skill of skills) for (const tool of skill.tools) granted.add(tool);
  return AGENT_TOOL_NAMES.filter((name) => granted.has(name));
}

export const SKILL_LIMITS = { name: 80, description: 500, perCompany: 100 } as const;

const nameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, { error: "Name is required" })
  .max(SKILL_LIMITS.name, { error: `Name must be at most ${SKILL_LIMITS.name} characters` });
const descriptionSchema = z
  .string({ error: "Must be text" })
  .trim()
  .max(SKILL_LIMITS.description, { error: `Description must be at most ${SKILL_LIMITS.description} characters` });
const toolsSchema = z
  .array(z.enum(GRANTABLE_TOOLS, { error: `Must be one of ${GRANTABLE_TOOLS.join(", ")}` }))
  .max(GRANTABLE_TOOLS.length)
  .transform((tools) => GRANTABLE_TOOLS.filter((name) => tools.includes(name)));
const employeeIdsSchema = z.array(z.guid({ error: "Must be an AI employee's id" })).max(1000);

/** One skill as the training centre lists it: what it grants and who has it. */
export const skillDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tools: z.array(z.enum(AGENT_TOOL_NAMES)),
  aiEmployees: z.array(z.object({ id: z.string(), name: z.string(), departmentName: z.string() })),
  createdAt: z.string(),
});
export type SkillDetail = z.infer<typeof skillDetailSchema>;

export const skillListSchema = z.object({ skills: z.array(skillDetailSchema) });
export type SkillList = z.infer<typeof skillListSchema>;

export const skillInputSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(""),
  tools: toolsSchema.default([]),
  /** The AI employees that have it; none by default. */
  aiEmployeeIds: employeeIdsSchema.default([]),
});
export type SkillInput = z.input<typeof skillInputSchema>;
export type SkillValues = z.output<typeof skillInputSchema>;

/** Any subset: `ai_employee_ids` is the whole new set of employees that have the skill. */
export const skillPatchSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    tools: toolsSchema,
    aiEmployeeIds: employeeIdsSchema,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: "Nothing to change" });
export type SkillPatch = z.infer<typeof skillPatchSchema>;
