// Zod schemas of the AI employees API (camelCase here; snake_case on the wire): who an AI employee is,
// what it may do alone (its guardrails) and where it answers (its contact points).
import { z } from "zod";
import { paginationQuerySchema } from "../http/errors.ts";
import { centsSchema, timestampSchema } from "../sales/schemas.ts";

export const AI_EMPLOYEE_STATUSES = ["active", "inactive"] as const;
export type AiEmployeeStatus = (typeof AI_EMPLOYEE_STATUSES)[number];

/** Channels an AI employee answers on; each contact point is one address on one of them. */
export const CONTACT_CHANNELS = ["whatsapp", "email", "phone", "sms", "web_chat"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Actions that can be set to always need a human, whatever the amounts. */
export const HUMAN_APPROVAL_ACTIONS = [
  "send_quote",
  "apply_discount",
  "confirm_order",
  "cancel_order",
  "update_lead_stage",
  "hand_off",
] as const;
export type HumanApprovalAction = (typeof HUMAN_APPROVAL_ACTIONS)[number];

/** Languages are ISO 639-1 codes ("en", "es"). */
export const languageCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, { error: "Must be a two-letter language code like en or es" });

export const AI_EMPLOYEE_LIMITS = {
  name: 80,
  role: 80,
  persona: 4_000,
  instructions: 8_000,
  languages: 10,
  contactPoints: 20,
  address: 200,
  skills: 50,
} as const;

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const contactPointSchema = z
  .object({
    channel: z.enum(CONTACT_CHANNELS, { error: `Must be one of ${CONTACT_CHANNELS.join(", ")}` }),
    address: trimmed("Address", AI_EMPLOYEE_LIMITS.address),
  })
  // Email addresses are compared without case (Sales@x.com is sales@x.com), so they are stored lower-cased
  // and one employee per company answers each, whatever case it was typed in.
  .transform((point) => (point.channel === "email" ? { ...point, address: point.address.toLowerCase() } : point));
export type ContactPoint = z.infer<typeof contactPointSchema>;

export const guardrailsSchema = z.object({
  /** The largest discount it may give alone, in percent (0 = none without a human). */
  maxDiscountPercent: z
    .number({ error: "Must be a number" })
    .min(0, { error: "Must be between 0 and 100" })
    .max(100, { error: "Must be between 0 and 100" })
    .multipleOf(0.01, { error: "At most two decimals" }),
  /** The largest order total it may confirm alone, in the company currency's cents (0 = none). */
  maxOrderTotalCents: centsSchema.refine((value) => value >= 0, { error: "Must be zero or more" }),
  /** Actions that always need a human. */
  actionsRequiringHuman: z.array(z.enum(HUMAN_APPROVAL_ACTIONS)).max(HUMAN_APPROVAL_ACTIONS.length),
});
export type Guardrails = z.infer<typeof guardrailsSchema>;

export const skillSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type Skill = z.infer<typeof skillSchema>;

/** One AI employee as the list and the detail page show it. */
export const aiEmployeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.enum(AI_EMPLOYEE_STATUSES),
  avatarUrl: z.string().nullable(),
  department: z.object({ id: z.string(), name: z.string() }),
  languages: z.array(z.string()),
  persona: z.string(),
  instructions: z.string(),
  guardrails: guardrailsSchema,
  contactPoints: z.array(contactPointSchema),
  skills: z.array(skillSchema),
  /** "Member since": when it was hired. */
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  deactivatedAt: timestampSchema.nullable(),
});
export type AiEmployee = z.infer<typeof aiEmployeeSchema>;

/** Hiring: everything but the department and the name has a default. */
export const aiEmployeeInputSchema = z.object({
  name: trimmed("Name", AI_EMPLOYEE_LIMITS.name),
  role: trimmed("Role", AI_EMPLOYEE_LIMITS.role),
  departmentId: z.guid({ error: "Choose a department" }),
  avatarUrl: z.string().trim().max(500).nullable().default(null),
  languages: z
    .array(languageCodeSchema)
    .min(1, { error: "Choose at least one language" })
    .max(AI_EMPLOYEE_LIMITS.languages)
    .default(["en"]),
  persona: z.string().trim().max(AI_EMPLOYEE_LIMITS.persona).default(""),
  instructions: z.string().trim().max(AI_EMPLOYEE_LIMITS.instructions).default(""),
  guardrails: guardrailsSchema.default({ maxDiscountPercent: 0, maxOrderTotalCents: 0, actionsRequiringHuman: [] }),
  contactPoints: z.array(contactPointSchema).max(AI_EMPLOYEE_LIMITS.contactPoints).default([]),
  /** Skill names: new ones become skills of the company. */
  skills: z.array(trimmed("Skill", 80)).max(AI_EMPLOYEE_LIMITS.skills).default([]),
});
export type AiEmployeeInput = z.input<typeof aiEmployeeInputSchema>;
export type AiEmployeeValues = z.output<typeof aiEmployeeInputSchema>;

/** Editing: any subset of the hiring fields. */
export const aiEmployeePatchSchema = z
  .object({
    name: aiEmployeeInputSchema.shape.name,
    role: aiEmployeeInputSchema.shape.role,
    departmentId: aiEmployeeInputSchema.shape.departmentId,
    avatarUrl: z.string().trim().max(500).nullable(),
    languages: z.array(languageCodeSchema).min(1, { error: "Choose at least one language" }).max(10),
    persona: z.string().trim().max(AI_EMPLOYEE_LIMITS.persona),
    instructions: z.string().trim().max(AI_EMPLOYEE_LIMITS.instructions),
    guardrails: guardrailsSchema,
    contactPoints: z.array(contactPointSchema).max(AI_EMPLOYEE_LIMITS.contactPoints),
    skills: z.array(trimmed("Skill", 80)).max(AI_EMPLOYEE_LIMITS.skills),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: "Nothing to change" });
export type AiEmployeePatch = z.infer<typeof aiEmployeePatchSchema>;

export const AI_EMPLOYEE_SORTS = ["name", "created_at", "department", "status"] as const;
export type AiEmployeeSort = (typeof AI_EMPLOYEE_SORTS)[number];

export const aiEmployeesQuerySchema = z.object({
  departmentId: z.guid({ error: "Must be a UUID" }).optional(),
  status: z.enum(AI_EMPLOYEE_STATUSES, { error: `Must be one of ${AI_EMPLOYEE_STATUSES.join(", ")}` }).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(AI_EMPLOYEE_SORTS, { error: `Must be one of ${AI_EMPLOYEE_SORTS.join(", ")}` }).default("name"),
  direction: z.enum(["asc", "desc"], { error: "Must be asc or desc" }).default("asc"),
  page: paginationQuerySchema.shape.page,
  perPage: paginationQuerySchema.shape.perPage,
});
export type AiEmployeesQuery = z.infer<typeof aiEmployeesQuerySchema>;

export const aiEmployeesPageSchema = z.object({
  aiEmployees: z.array(aiEmployeeSchema),
  /** Every employee the filters match, not the page's length. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type AiEmployeesPage = z.infer<typeof aiEmployeesPageSchema>;
