import {
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
  type TemplateVariable,
  templateStatusFromMeta,
  templateVariableNumbers,
} from "@foreman/contract";
import type { MetaTemplate, MetaTemplateComponent } from "./graph-api.ts";

// Our template (header, body with {{n}}, footer, one example per variable) ↔ Meta's components.

export type TemplateContent = {
  headerText: string | null;
  body: string;
  footerText: string | null;
  variables: TemplateVariable[];
};

export function toMetaComponents(template: TemplateContent): MetaTemplateComponent[] {
  const components: MetaTemplateComponent[] = [];
  if (template.headerText) components.push({ type: "HEADER", format: "TEXT", text: template.headerText });
  components.push({
    type: "BODY",
    text: template.body,
    ...(template.variables.length > 0
      ? { example: { body_text: [template.variables.map((variable) => variable.example)] } }
      : {}),
  });
  if (template.footerText) components.push({ type: "FOOTER", text: template.footerText });
  return components;
}

export const toMetaCategory = (category: TemplateCategory) => category.toUpperCase();

export function fromMetaCategory(category: string): TemplateCategory {
  const lower = category.toLowerCase();
  return (TEMPLATE_CATEGORIES as readonly string[]).includes(lower) ? (lower as TemplateCategory) : "utility";
}

/**
 * A template read from Meta, as ours: the text components, and the variables with Meta's examples.
 * `known` is what we already hold for it: how each variable is filled is ours and is kept.
 */
export function fromMetaTemplate(meta: MetaTemplate, known: TemplateVariable[] = []) {
  const text = (type: string) => meta.components.find((c) => c.type.toUpperCase() === type)?.text ?? null;
  const body = text("BODY") ?? "";
  const header = meta.components.find((c) => c.type.toUpperCase() === "HEADER");
  const examples = meta.components.find((c) => c.type.toUpperCase() === "BODY")?.example?.body_text?.[0] ?? [];
  const variables = templateVariableNumbers(body).map((_, index) => ({
    source: known[index]?.source ?? "text",
    example: examples[index] ?? known[index]?.example ?? "",
  }));
  return {
    name: meta.name,
    language: meta.language,
    category: fromMetaCategory(meta.category),
    // A non-text header (image, document) is shown as its kind: we send templates without media headers.
    headerText: header ? (header.text ?? (header.format ? `[${header.format.toLowerCase()}]` : null)) : null,
    body,
    footerText: text("FOOTER"),
    variables,
    status: templateStatusFromMeta(meta.status) ?? "pending_review",
    rejectionReason: meta.rejectedReason,
  } satisfies TemplateContent & Record<string, unknown>;
}
