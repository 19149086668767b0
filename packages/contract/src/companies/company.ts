import { z } from "zod";
import { COMPANY_NAME_MAX } from "../auth/credentials.ts";
import { ACCEPTED_CURRENCIES } from "../sales/currency.ts";
import { answerLanguagesSchema } from "./answer-languages.ts";
import { businessHoursSchema } from "./business-hours.ts";
import { COMPANY_LANGUAGES } from "./language.ts";
import { timeZoneSchema } from "./time-zone.ts";

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
  /** The IANA zone the dashboard shows the company's times in. */
  timeZone: z.string(),
  /** The company's main currency (ISO code). */
  currency: z.string(),
  /**
   * When the company will be deleted for good (an owner asked; it can be restored until then): every
   * member sees a banner. Present only while a deletion is scheduled.
   */
  deletionScheduledFor: z.string().optional(),
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

/** The company's name as people see it (the switcher, mails): trimmed, 1 to 100 characters. */
export const companyNameSchema = z
  .string({ error: "Enter the company's name" })
  .trim()
  .min(1, { error: "Enter the company's name" })
  .max(COMPANY_NAME_MAX, { error: `Keep the name to ${COMPANY_NAME_MAX} characters or fewer` });

/** Who the company is to its customers and staff: Settings → General's company card, all four at once. */
export const companyDetailsSchema = z.object({
  name: companyNameSchema,
  timeZone: timeZoneSchema,
  currency: z.enum(ACCEPTED_CURRENCIES, { error: `Must be one of ${ACCEPTED_CURRENCIES.join(", ")}` }),
  answerLanguages: answerLanguagesSchema,
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

/** `GET /app/companies/{id}/settings.json`: what owners and admins decide for the whole company. */
export const companySettingsSchema = z.object({
  /** Members may authorize what goes past an AI employee's guardrails and cancel placed orders. */
  membersMayApprove: z.boolean(),
  /** The language the company works in (en or es): its new departments, presets and chat widget. */
  language: z.enum(COMPANY_LANGUAGES),
  /** Everyone must sign in with two-factor to reach the company's data (owners change it). */
  requireTwoFactor: z.boolean(),
  name: z.string(),
  /** IANA zone ("America/Santiago"): the dashboard's times and the business hours are in it. */
  timeZone: z.string(),
  /** The main currency (one of ACCEPTED_CURRENCIES): sales totals are in it. */
  currency: z.string(),
  /** The languages its AI employees answer customers in. */
  answerLanguages: z.array(z.string()),
  /** When staff answer, in the company's zone; null: always open. */
  businessHours: businessHoursSchema.nullable(),
  /** When the company was created (read only). */
  createdAt: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** `PATCH /app/companies/{id}/settings.json`: the settings to change (owners and admins only). */
export const companySettingsPatchSchema = z
  .object({
    membersMayApprove: z.boolean({ error: "Must be true or false" }),
    language: z.enum(COMPANY_LANGUAGES, { error: `Must be one of ${COMPANY_LANGUAGES.join(", ")}` }),
    requireTwoFactor: z.boolean({ error: "Must be true or false" }),
    ...companyDetailsSchema.shape,
    businessHours: businessHoursSchema.nullable(),
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
