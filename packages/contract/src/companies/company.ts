import { z } from "zod";
import { COMPANY_LANGUAGES } from "./language.ts";

export const COMPANY_ROLES = ["owner", "admin", "member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  logoSmallUrl: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/**
 * A company as its member sees it: with the member's role (owners and admins manage, see roles.ts) and
 * whether the company lets members approve (roles.ts `canApprove`).
 */
export const memberCompanySchema = companySchema.extend({
  role: z.enum(COMPANY_ROLES),
  membersMayApprove: z.boolean(),
  /** The language the company works in (department names, hiring presets, its chat widget). */
  language: z.enum(COMPANY_LANGUAGES),
});
export type MemberCompany = z.infer<typeof memberCompanySchema>;

/** `GET /app/me.json`. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: memberCompanySchema.nullable(),
  managedCompanies: z.array(memberCompanySchema),
});
export type Me = z.infer<typeof meSchema>;

/** `GET /app/companies/{id}/settings.json`: what owners and admins decide for the whole company. */
export const companySettingsSchema = z.object({
  /** Members may authorize what goes past an AI employee's guardrails and cancel placed orders. */
  membersMayApprove: z.boolean(),
  /** The language the company works in (en or es): its new departments, presets and chat widget. */
  language: z.enum(COMPANY_LANGUAGES),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** `PATCH /app/companies/{id}/settings.json`: the settings to change (owners and admins only). */
export const companySettingsPatchSchema = z
  .object({
    membersMayApprove: z.boolean({ error: "Must be true or false" }),
    language: z.enum(COMPANY_LANGUAGES, { error: `Must be one of ${COMPANY_LANGUAGES.join(", ")}` }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: "Nothing to change" });
export type CompanySettingsPatch = z.infer<typeof companySettingsPatchSchema>;
