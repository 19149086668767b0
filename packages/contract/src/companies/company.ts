import { z } from "zod";

export const COMPANY_ROLES = ["owner", "admin", "member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  logoSmallUrl: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** A company as its member sees it: with the member's role (owners and admins manage, see roles.ts). */
export const memberCompanySchema = companySchema.extend({ role: z.enum(COMPANY_ROLES) });
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
