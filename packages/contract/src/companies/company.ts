import { z } from "zod";

export const COMPANY_ROLES = ["owner", "admin", "member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  logoSmallUrl: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** `GET /app/me.json`. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: companySchema.nullable(),
  managedCompanies: z.array(companySchema),
});
export type Me = z.infer<typeof meSchema>;
