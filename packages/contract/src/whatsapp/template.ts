// WhatsApp message templates: what a business may send outside WhatsApp's 24-hour window. The rules
// Meta applies when it reviews one are checked here first (validateTemplate), so the editor and the
// server refuse what Meta would, with a message that says why (camelCase here; snake_case on the wire).
import { z } from "zod";

/** The spec's statuses (active, pending review, rejected, draft) and the two Meta adds later. */
export const TEMPLATE_STATUSES = ["active", "pending_review", "rejected", "draft", "paused", "disabled"] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const TEMPLATE_STATUS_LABELS: Record<TemplateStatus, string> = {
  active: "Active",
  pending_review: "Pending review",
  rejected: "Rejected",
  draft: "Draft",
  paused: "Paused",
  disabled: "Disabled",
};

export const TEMPLATE_CATEGORIES = ["utility", "marketing", "authentication"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, string> = {
  utility: "Utility",
  marketing: "Marketing",
  authentication: "Authentication",
};

/** Languages offered in the editor (Meta's codes). */
export const TEMPLATE_LANGUAGES = ["en_US", "en_GB", "es", "es_AR", "es_MX", "es_ES", "pt_BR"] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export const TEMPLATE_LANGUAGE_LABELS: Record<TemplateLanguage, string> = {
  en_US: "English (US)",
  en_GB: "English (UK)",
  es: "Spanish",
  es_AR: "Spanish (Argentina)",
  es_MX: "Spanish (Mexico)",
  es_ES: "Spanish (Spain)",
  pt_BR: "Portuguese (Brazil)",
};

/**
 * What fills a variable when a template is sent into a conversation: a fact about the customer, their
 * latest order or the company, or text staff type at the time.
 */
export const TEMPLATE_VARIABLE_SOURCES = [
  "customer_name",
  "customer_first_name",
  "order_number",
  "order_total",
  "order_status",
  "company_name",
  "text",
] as const;
export type TemplateVariableSource = (typeof TEMPLATE_VARIABLE_SOURCES)[number];

export const TEMPLATE_VARIABLE_SOURCE_LABELS: Record<TemplateVariableSource, string> = {
  customer_name: "Customer name",
  customer_first_name: "Customer first name",
  order_number: "Order number",
  order_total: "Order total",
  order_status: "Order status",
  company_name: "Company name",
  text: "Typed when sending",
};

/** Meta's limits. */
export const TEMPLATE_LIMITS = {
  nameMax: 512,
  headerMax: 60,
  bodyMax: 1024,
  footerMax: 60,
  exampleMax: 200,
  variablesMax: 20,
} as const;

/** How many templates one company may keep (Meta allows 250 per WABA by default). */
export const TEMPLATES_PER_COMPANY_MAX = 250;

export const templateVariableSchema = z.object({
  source: z.enum(TEMPLATE_VARIABLE_SOURCES).describe("What fills the variable when the template is sent"),
  example: z.string().describe("A sample value: Meta reviews the template with it"),
});
export type TemplateVariable = z.infer<typeof templateVariableSchema>;

export const whatsappTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  status: z.enum(TEMPLATE_STATUSES),
  headerText: z.string().nullable(),
  body: z.string().describe("The message, with variables written {{1}}, {{2}} …"),
  footerText: z.string().nullable(),
  variables: z.array(templateVariableSchema).describe("One per {{n}} in the body, in order"),
  rejectionReason: z.string().nullable().describe("Meta's reason when it rejected, paused or disabled it"),
  metaTemplateId: z.string().nullable().describe("Meta's id once submitted; null for a draft"),
  syncedAt: z.string().nullable().describe("When it was last read from or written to Meta"),
  updatedAt: z.string(),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

export const whatsappTemplateListSchema = z.object({
  templates: z.array(whatsappTemplateSchema),
  syncedAt: z.string().nullable().describe("The last sync with the WhatsApp Business Account"),
  connected: z.boolean().describe("False: templates can be drafted but not submitted"),
});
export type WhatsappTemplateList = z.infer<typeof whatsappTemplateListSchema>;

export const whatsappTemplateInputSchema = z.object({
  name: z.string().trim(),
  language: z.enum(TEMPLATE_LANGUAGES),
  category: z.enum(TEMPLATE_CATEGORIES),
  headerText: z.string().trim().nullable().optional(),
  body: z.string().trim(),
  footerText: z.string().trim().nullable().optional(),
  variables: z.array(templateVariableSchema).max(TEMPLATE_LIMITS.variablesMax).default([]),
  submit: z
    .boolean()
    .default(true)
    .describe("true: send to Meta for review (needs a connected number); false: keep as a draft"),
});
export type WhatsappTemplateInput = z.input<typeof whatsappTemplateInputSchema>;

/** The numbers of the variables in a text, in the order written: "Hi {{1}}, order {{2}}" → [1, 2]. */
export function templateVariableNumbers(text: string): number[] {
  return [...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((match) => Number(match[1]));
}

export type TemplateIssue = { field: string; message: string };

const NAME_PATTERN = /^[a-z0-9_]+$/;

/**
 * Meta's review rules that can be checked before sending: a lowercase name of letters, digits and
 * underscores; a body within 1,024 characters; variables numbered 1, 2, 3… in order, none at the very
 * start or end of the body, none in the header or footer; one example per variable, on one line.
 */
export function validateTemplate(input: {
  name: string;
  headerText?: string | null | undefined;
  body: string;
  footerText?: string | null | undefined;
  variables: readonly TemplateVariable[];
}): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const name = input.name.trim();
  if (name.length === 0) issues.push({ field: "name", message: "required" });
  else if (name.length > TEMPLATE_LIMITS.nameMax)
    issues.push({ field: "name", message: `must be at most ${TEMPLATE_LIMITS.nameMax} characters` });
  else if (!NAME_PATTERN.test(name))
    issues.push({ field: "name", message: "use lowercase letters, numbers and underscores only (e.g. order_update)" });

  const header = input.headerText?.trim() ?? "";
  if (header.length > TEMPLATE_LIMITS.headerMax)
    issues.push({ field: "headerText", message: `must be at most ${TEMPLATE_LIMITS.headerMax} characters` });
  else if (templateVariableNumbers(header).length > 0)
    issues.push({ field: "headerText", message: "variables are allowed in the message body only" });

  const footer = input.footerText?.trim() ?? "";
  if (footer.length > TEMPLATE_LIMITS.footerMax)
    issues.push({ field: "footerText", message: `must be at most ${TEMPLATE_LIMITS.footerMax} characters` });
  else if (templateVariableNumbers(footer).length > 0)
    issues.push({ field: "footerText", message: "variables are allowed in the message body only" });

  const body = input.body.trim();
  const numbers = templateVariableNumbers(body);
  if (body.length === 0) issues.push({ field: "body", message: "required" });
  else if (body.length > TEMPLATE_LIMITS.bodyMax)
    issues.push({ field: "body", message: `must be at most ${TEMPLATE_LIMITS.bodyMax} characters` });
  else if (/\{\{(?!\s*\d+\s*\}\})/.test(body) || /(?<!\{\{\s*\d+\s*)\}\}/.test(body))
    issues.push({ field: "body", message: "write variables as {{1}}, {{2}} and so on" });
  else if (numbers.some((n, i) => n !== i + 1))
    issues.push({
      field: "body",
      message: "number the variables in order without gaps or repeats: {{1}}, then {{2}}, then {{3}}",
    });
  else if (numbers.length > TEMPLATE_LIMITS.variablesMax)
    issues.push({ field: "body", message: `use at most ${TEMPLATE_LIMITS.variablesMax} variables` });
  else if (numbers.length > 0 && (/^\{\{\s*\d+\s*\}\}/.test(body) || /\{\{\s*\d+\s*\}\}[.!?]?$/.test(body)))
    issues.push({ field: "body", message: "the message cannot start or end with a variable; add words around it" });

  if (issues.some((issue) => issue.field === "body")) return issues;
  if (input.variables.length !== numbers.length)
    issues.push({
      field: "variables",
      message: `give one example for each variable: the body has ${numbers.length}, ${input.variables.length} given`,
    });
  input.variables.forEach((variable, index) => {
    const example = variable.example.trim();
    const field = `variables.${index}.example`;
    if (example.length === 0) issues.push({ field, message: "required" });
    else if (example.length > TEMPLATE_LIMITS.exampleMax)
      issues.push({ field, message: `must be at most ${TEMPLATE_LIMITS.exampleMax} characters` });
    else if (/[\n\t]| {4,}/.test(example))
      issues.push({ field, message: "must be one line without tabs or runs of spaces" });
  });
  return issues;
}

/** The text with each {{n}} replaced by the n-th value (a missing value stays as {{n}}). */
export function fillTemplateText(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

/** A template as the customer reads it: header, body and footer, one per paragraph. */
export function templatePreview(
  template: { headerText?: string | null; body: string; footerText?: string | null },
  values: readonly string[],
): string {
  return [template.headerText, fillTemplateText(template.body, values), template.footerText]
    .filter((part): part is string => typeof part === "string" && part.trim().length > 0)
    .join("\n\n");
}

/** Meta's template status (from the API or a status webhook) → ours; null for a status that is not one. */
export function templateStatusFromMeta(status: string): TemplateStatus | null {
  switch (status.toUpperCase()) {
    case "APPROVED":
    case "REINSTATED":
    case "UNLOCKED":
      return "active";
    case "PENDING":
    case "IN_APPEAL":
      return "pending_review";
    case "REJECTED":
      return "rejected";
    case "PAUSED":
    case "FLAGGED":
      return "paused";
    case "DISABLED":
    case "LOCKED":
    case "ARCHIVED":
    case "LIMIT_EXCEEDED":
      return "disabled";
    default:
      return null;
  }
}

/** The facts a template's variables are filled from when it is sent into a conversation. */
export type TemplateFillContext = {
  customerName: string | null;
  orderNumber: string | null;
  orderTotal: string | null;
  orderStatus: string | null;
  companyName: string;
};

/**
 * Each variable's value for a conversation: from the customer, their latest order and the company,
 * or from `typed` (the values staff entered, by position) for "text" variables and to override any.
 * Answers the values and the positions still empty (1-based).
 */
export function fillTemplateVariables(
  variables: readonly TemplateVariable[],
  context: TemplateFillContext,
  typed: readonly (string | null | undefined)[] = [],
): { values: string[]; missing: number[] } {
  const values = variables.map((variable, index) => {
    const given = typed[index]?.trim();
    if (given) return given;
    switch (variable.source) {
      case "customer_name":
        return context.customerName ?? "";
      case "customer_first_name":
        return context.customerName?.trim().split(/\s+/)[0] ?? "";
      case "order_number":
        return context.orderNumber ?? "";
      case "order_total":
        return context.orderTotal ?? "";
      case "order_status":
        return context.orderStatus ?? "";
      case "company_name":
        return context.companyName;
      default:
        return "";
    }
  });
  const missing = values.flatMap((value, index) => (value.trim() === "" ? [index + 1] : []));
  return { values, missing };
}
