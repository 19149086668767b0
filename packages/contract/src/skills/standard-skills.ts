import type { CompanyLanguage } from "../companies/language.ts";

// The five skills every company starts with, named in its language. The server gives each its
// description and tools (modules/skills/standard-skills.ts); hiring presets name them (ai-employees/presets.ts).

export const STANDARD_SKILL_KEYS = ["catalog", "quoting", "order_tracking", "handoff", "ticketing"] as const;
export type StandardSkillKey = (typeof STANDARD_SKILL_KEYS)[number];

export const STANDARD_SKILL_NAMES: Record<CompanyLanguage, Record<StandardSkillKey, string>> = {
  en: {
    catalog: "Product catalog",
    quoting: "Quoting",
    order_tracking: "Order tracking",
    handoff: "Human handoff",
    ticketing: "Ticketing",
  },
  es: {
    catalog: "Catálogo de productos",
    quoting: "Cotizaciones",
    order_tracking: "Seguimiento de pedidos",
    handoff: "Derivación a personas",
    ticketing: "Tickets de soporte",
  },
};
