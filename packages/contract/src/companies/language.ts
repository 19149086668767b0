import type { DepartmentKind } from "../departments/kinds.ts";

/** The languages a company works in: its department names, presets, skills and its chat widget's words. */
export const COMPANY_LANGUAGES = ["en", "es"] as const;
export type CompanyLanguage = (typeof COMPANY_LANGUAGES)[number];

export const COMPANY_LANGUAGE_LABELS: Record<CompanyLanguage, string> = { en: "English", es: "Español" };

export function isCompanyLanguage(value: unknown): value is CompanyLanguage {
  return typeof value === "string" && (COMPANY_LANGUAGES as readonly string[]).includes(value);
}

/** The name each department kind gets in a new company of that language (matchDepartmentKind finds it again). */
export const DEPARTMENT_NAMES: Record<CompanyLanguage, Record<DepartmentKind, string>> = {
  en: {
    sales: "Sales",
    retention: "Retention",
    support: "Support",
    collections: "Collections",
    analytics: "Analytics",
  },
  es: { sales: "Ventas", retention: "Retención", support: "Soporte", collections: "Cobranza", analytics: "Analítica" },
};
