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
  /** Owners require two-factor sign-in of everyone: without it, the company's data is refused. */
  requireTwoFactor: z.boolean(),
});
export type MemberCompany = z.infer<typeof memberCompanySchema>;

/** `GET /app/me.json`. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  twoFactorEnabled: z.boolean(),
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
  /** Everyone must sign in with two-factor to reach the company's data (owners change it). */
  requireTwoFactor: z.boolean(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** `PATCH /app/companies/{id}/settings.json`: the settings to change (owners and admins only). */
export const companySettingsPatchSchema = z
  .object({
    membersMayApprove: z.boolean({ error: "Must be true or false" }),
    language: z.enum(COMPANY_LANGUAGES, { error: `Must be one of ${COMPANY_LANGUAGES.join(", ")}` }),
    requireTwoFactor: z.boolean({ error: "Must be true or false" }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: "Nothing to change" });
export type CompanySettingsPatch = z.infer<typeof companySettingsPatchSchema>;

/** The 403 of a company-scoped call by a member without two-factor sign-in, when the company requires it. */
export const TWO_FACTOR_REQUIRED_ERROR = "two_factor_required";
export const twoFactorRequiredMessage = (companyName: string) =>
  `${companyName} requires two-factor sign-in. Turn it on in your profile to continue.`;
/** Only owners may require two-factor sign-in of everyone (or stop requiring it). */
export const OWNER_ONLY_SETTING = "Only an owner can change this setting";
