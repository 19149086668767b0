import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_LANGUAGE_LABELS,
  TEMPLATE_LANGUAGES,
  TEMPLATE_LIMITS,
  TEMPLATE_VARIABLE_SOURCE_LABELS,
  TEMPLATE_VARIABLE_SOURCES,
  type TemplateCategory,
  type TemplateLanguage,
  type TemplateVariable,
  type TemplateVariableSource,
  templateVariableNumbers,
  validateTemplate,
  type WhatsappTemplate,
  type WhatsappTemplateInput,
} from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Braces, Send } from "lucide-react";
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { DialogFooter } from "#web/components/ui/dialog.tsx";
import { DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { describedBy, FormField, SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { isApiError } from "#web/lib/api-error.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import {
  createWhatsappTemplate,
  describeWhatsappError,
  invalidateWhatsappTemplates,
  isApiErrorCode,
  updateWhatsappTemplate,
} from "../whatsapp-api.ts";
import { asSentence, languageLabel } from "../whatsapp-format.ts";
import { TemplatePreview } from "./template-preview.tsx";

type Values = {
  name: string;
  language: string;
  category: TemplateCategory;
  headerText: string;
  body: string;
  footerText: string;
  /** By variable number: index 0 is {{1}}. Kept beyond the body's count, so removing a {{n}} loses nothing. */
  variables: TemplateVariable[];
};

/** Field → message: `name`, `headerText`, `body`, `footerText`, `variables`, `variables.0.example`… */
type Errors = Record<string, string>;

const NAME_HINT = "lowercase_with_underscores, e.g. order_update";

const FIELDS = ["name", "language", "category", "headerText", "body", "footerText", "variables"] as const;

const CATEGORY_HINTS: Record<TemplateCategory, string> = {
  utility: "Updates the customer asked for: an order, a delivery, an account.",
  marketing: "Offers, news and invitations.",
  authentication: "One-time codes to sign in or confirm.",
};

const newVariable = (index: number): TemplateVariable => ({
  source: index === 0 ? "customer_name" : "text",
  example: "",
});

function initialValues(template: WhatsappTemplate | null): Values {
  if (!template)
    return {
      name: "",
      language: "en_US",
      category: "utility",
      headerText: "",
      body: "",
      footerText: "",
      variables: [],
    };
  return {
    name: template.name,
    language: template.language,
    category: template.category,
    headerText: template.headerText ?? "",
    body: template.body,
    footerText: template.footerText ?? "",
    variables: template.variables.map((variable) => ({ ...variable })),
  };
}

/** The body's variables, once each, in number order: the rows under the body. */
const variableRows = (body: string) => [...new Set(templateVariableNumbers(body))].sort((a, b) => a - b);

type TemplateEditorDialogProps = {
  companyId: string;
  /** The template to edit, "new" to write one, null when closed. */
  template: WhatsappTemplate | "new" | null;
  /** Whether a number is connected: without one, templates can only be saved as drafts. */
  connected: boolean;
  onClose: () => void;
};

/** Writing or changing a template: its fields, its variables with examples, and a live preview. */
export function TemplateEditorDialog({ companyId, template, connected, onClose }: TemplateEditorDialogProps) {
  const editing = template !== null && template !== "new" ? template : null;
  return (
    <DialogFrame
      open={template !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : "New template"}
      description="A message you may send customers outside WhatsApp's 24-hour window. Meta reviews it before it can be used."
      size="4xl"
      className="max-h-[92vh] max-sm:p-4"
    >
      {template !== null ? (
        <TemplateForm
          key={editing?.id ?? "new"}
          companyId={companyId}
          template={editing}
          connected={connected}
          onClose={onClose}
        />
      ) : null}
    </DialogFrame>
  );
}

function TemplateForm({
  companyId,
  template,
  connected,
  onClose,
}: {
  companyId: string;
  template: WhatsappTemplate | null;
  connected: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => initialValues(template));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState<"draft" | "submit" | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);

  const rows = variableRows(values.body);
  const count = templateVariableNumbers(values.body).length;
  const variableAt = (index: number) => values.variables[index] ?? newVariable(index);
  const fieldId = (field: string) => `${id}-${field.replaceAll(".", "-")}`;

  // After "Add variable": the cursor goes right after the inserted {{n}}.
  useLayoutEffect(() => {
    if (caret.current === null || !bodyRef.current) return;
    bodyRef.current.focus();
    bodyRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  }

  function setVariable(index: number, patch: Partial<TemplateVariable>) {
    setValues((current) => {
      const variables = [...current.variables];
      for (let i = variables.length; i <= index; i++) variables.push(newVariable(i));
      variables[index] = { ...variables[index]!, ...patch };
      return { ...current, variables };
    });
    const field = `variables.${index}.example`;
    setErrors((current) => {
      if (!(field in current) && !("variables" in current)) return current;
      const { [field]: _gone, variables: _all, ...rest } = current;
      return rest;
    });
  }

  function addVariable() {
    const numbers = templateVariableNumbers(values.body);
    const token = `{{${numbers.length > 0 ? Math.max(...numbers) + 1 : 1}}}`;
    const area = bodyRef.current;
    const start = area?.selectionStart ?? values.body.length;
    const end = area?.selectionEnd ?? start;
    caret.current = start + token.length;
    set("body", values.body.slice(0, start) + token + values.body.slice(end));
  }

  /** The variables to send: one per {{n}} in the body, in number order. */
  function variablesToSend(): TemplateVariable[] {
    return Array.from({ length: count }, (_, index) => {
      const variable = variableAt(index);
      return { source: variable.source, example: variable.example.trim() };
    });
  }

  function focusField(field: string) {
    const target =
      field === "variables" ? (rows.length > 0 ? fieldId("variables.0.example") : fieldId("body")) : fieldId(field);
    document.getElementById(target)?.focus();
  }

  async function save(submit: boolean) {
    setFailure(null);
    const variables = variablesToSend();
    const issues = validateTemplate({ ...values, variables });
    if (issues.length > 0) {
      const found: Errors = {};
      for (const issue of issues) found[issue.field] ??= asSentence(issue.message);
      setErrors(found);
      focusField(issues[0]!.field);
      return;
    }
    setErrors({});
    const input: WhatsappTemplateInput = {
      name: values.name.trim(),
      language: values.language as TemplateLanguage,
      category: values.category,
      headerText: values.headerText.trim() || null,
      body: values.body.trim(),
      footerText: values.footerText.trim() || null,
      variables,
      submit,
    };
    setSaving(submit ? "submit" : "draft");
    try {
      if (template) {
        await updateWhatsappTemplate(companyId, template.id, input);
        toast({ title: "Template updated successfully", variant: "success" });
      } else {
        await createWhatsappTemplate(companyId, input);
        toast({ title: "Template created successfully", variant: "success" });
      }
      onClose();
      await invalidateWhatsappTemplates(queryClient, companyId);
    } catch (error) {
      const { fields, message } = serverFieldErrors(error, FIELDS);
      const found: Errors = {};
      for (const [field, text] of Object.entries(fields)) {
        // A detail without words (a taken name) still says what is wrong.
        found[field] = text ? asSentence(text) : fieldFallback(field, error, input);
      }
      // Each example's own message, under its own input.
      if (isApiError(error)) {
        for (const detail of error.body.details ?? []) {
          if (/^variables\.\d+\.\w+$/.test(detail.field) && detail.message) {
            found[detail.field.replace(/\.source$/, ".example")] = asSentence(detail.message);
            delete found.variables;
          }
        }
      }
      setErrors(found);
      if (isApiErrorCode(error, "whatsapp_rejected")) {
        // The server's words usually name Meta already ("Meta refused the changes: …"); a bare reason does not.
        const reason = describeWhatsappError(error);
        setFailure(/\bMeta\b/.test(reason) ? reason : `Meta rejected this template: ${reason}`);
      } else if (isApiErrorCode(error, "whatsapp_not_connected")) {
        setFailure(
          "Connect a WhatsApp number before submitting templates for review. You can save this one as a draft.",
        );
      } else if (Object.keys(found).length === 0 || message) {
        setFailure(describeWhatsappError(error));
      }
      const first = Object.keys(found)[0];
      if (first) focusField(first);
    } finally {
      setSaving(null);
    }
  }

  function submitDraft(event: FormEvent) {
    event.preventDefault();
    void save(false);
  }

  const languages: string[] = (TEMPLATE_LANGUAGES as readonly string[]).includes(values.language)
    ? [...TEMPLATE_LANGUAGES]
    : [values.language, ...TEMPLATE_LANGUAGES];
  const bodyLength = values.body.length;
  const bodyOver = values.body.trim().length > TEMPLATE_LIMITS.bodyMax;
  const reviewHintId = `${id}-review-hint`;
  // Once at Meta, a template keeps its name and language, and every change goes to review again.
  const submitted = template?.metaTemplateId != null;
  const nameHint = submitted ? "Meta keeps a submitted template's name and language." : NAME_HINT;
  const headerHint = `${values.headerText.length} / ${TEMPLATE_LIMITS.headerMax} characters`;
  const footerHint = `${values.footerText.length} / ${TEMPLATE_LIMITS.footerMax} characters`;

  return (
    <form noValidate onSubmit={submitDraft} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 content-start gap-4">
        <FormField id={fieldId("name")} label="Name" hint={nameHint} error={errors.name}>
          <Input
            id={fieldId("name")}
            autoComplete="off"
            spellCheck={false}
            readOnly={submitted}
            className={cn(submitted && "bg-muted/50")}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(fieldId("name"), errors.name, nameHint)}
            value={values.name}
            onChange={(event) => set("name", event.target.value)}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={fieldId("language")} label="Language" error={errors.language}>
            <select
              id={fieldId("language")}
              className={cn(SELECT_CLASS, "disabled:opacity-60")}
              disabled={submitted}
              aria-invalid={errors.language ? true : undefined}
              aria-describedby={describedBy(fieldId("language"), errors.language)}
              value={values.language}
              onChange={(event) => set("language", event.target.value)}
            >
              {languages.map((code) => (
                <option key={code} value={code}>
                  {code in TEMPLATE_LANGUAGE_LABELS ? languageLabel(code) : `${code} (not offered)`}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={fieldId("category")}
            label="Category"
            hint={CATEGORY_HINTS[values.category]}
            error={errors.category}
          >
            <select
              id={fieldId("category")}
              className={SELECT_CLASS}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={describedBy(fieldId("category"), errors.category, CATEGORY_HINTS[values.category])}
              value={values.category}
              onChange={(event) => set("category", event.target.value as TemplateCategory)}
            >
              {TEMPLATE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {TEMPLATE_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField id={fieldId("headerText")} label="Header (optional)" hint={headerHint} error={errors.headerText}>
          <Input
            id={fieldId("headerText")}
            autoComplete="off"
            aria-invalid={errors.headerText ? true : undefined}
            aria-describedby={describedBy(fieldId("headerText"), errors.headerText, headerHint)}
            value={values.headerText}
            onChange={(event) => set("headerText", event.target.value)}
          />
        </FormField>
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={fieldId("body")} className="font-medium text-sm">
              Message
            </label>
            <Button variant="outline" size="sm" onClick={addVariable}>
              <Braces aria-hidden />
              Add variable
            </Button>
          </div>
          <Textarea
            ref={bodyRef}
            id={fieldId("body")}
            rows={5}
            className="min-h-28"
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={describedBy(fieldId("body"), errors.body, "counter")}
            value={values.body}
            onChange={(event) => set("body", event.target.value)}
          />
          <p
            id={`${fieldId("body")}-hint`}
            className="flex flex-wrap justify-between gap-x-3 text-muted-foreground text-xs"
          >
            <span>
              Variables are written {"{{1}}"}, {"{{2}}"}…; the customer sees their values.
            </span>
            <span data-testid="body-counter" className={cn("tabular-nums", bodyOver && "text-destructive")}>
              {bodyLength.toLocaleString("en-US")} / {TEMPLATE_LIMITS.bodyMax.toLocaleString("en-US")}
            </span>
          </p>
          {errors.body ? (
            <p id={`${fieldId("body")}-error`} className="text-destructive text-xs">
              {errors.body}
            </p>
          ) : null}
        </div>
        {rows.length > 0 ? (
          <fieldset className="grid gap-3 rounded-lg border p-3">
            <legend className="px-1 font-medium text-sm">Variables</legend>
            <p className="-mt-1 text-muted-foreground text-xs">
              What fills each variable when the template is sent, and an example Meta reviews it with.
            </p>
            {errors.variables ? <p className="text-destructive text-xs">{errors.variables}</p> : null}
            {rows.map((number) => {
              const index = number - 1;
              const variable = variableAt(index);
              const exampleField = `variables.${index}.example`;
              const error = errors[exampleField];
              return (
                <div
                  key={number}
                  data-testid="template-variable"
                  className="grid gap-2 sm:grid-cols-[3rem_minmax(0,1fr)_minmax(0,1fr)] sm:items-start"
                >
                  <span className="pt-2 font-mono text-sm" aria-hidden>{`{{${number}}}`}</span>
                  <div className="grid gap-1">
                    <label htmlFor={fieldId(`variables.${index}.source`)} className="sr-only">
                      {`Source of {{${number}}}`}
                    </label>
                    <select
                      id={fieldId(`variables.${index}.source`)}
                      className={SELECT_CLASS}
                      value={variable.source}
                      onChange={(event) => setVariable(index, { source: event.target.value as TemplateVariableSource })}
                    >
                      {TEMPLATE_VARIABLE_SOURCES.map((source) => (
                        <option key={source} value={source}>
                          {TEMPLATE_VARIABLE_SOURCE_LABELS[source]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={fieldId(exampleField)} className="sr-only">
                      {`Example for {{${number}}}`}
                    </label>
                    <Input
                      id={fieldId(exampleField)}
                      placeholder="Example"
                      autoComplete="off"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy(fieldId(exampleField), error)}
                      value={variable.example}
                      onChange={(event) => setVariable(index, { example: event.target.value })}
                    />
                    {error ? (
                      <p id={`${fieldId(exampleField)}-error`} className="text-destructive text-xs">
                        {error}
                      </p>
                    ) : null}
                  </div>
                </div>
              );
            })}
          </fieldset>
        ) : null}
        <FormField id={fieldId("footerText")} label="Footer (optional)" hint={footerHint} error={errors.footerText}>
          <Input
            id={fieldId("footerText")}
            autoComplete="off"
            aria-invalid={errors.footerText ? true : undefined}
            aria-describedby={describedBy(fieldId("footerText"), errors.footerText, footerHint)}
            value={values.footerText}
            onChange={(event) => set("footerText", event.target.value)}
          />
        </FormField>
      </div>
      <div className="min-w-0 lg:sticky lg:top-0 lg:self-start">
        <TemplatePreview
          headerText={values.headerText}
          body={values.body}
          footerText={values.footerText}
          examples={rows.length > 0 ? Array.from({ length: Math.max(...rows) }, (_, i) => variableAt(i).example) : []}
        />
      </div>
      <div className="grid gap-3 lg:col-span-2">
        <FormAlert message={failure} />
        {!connected ? (
          <p id={reviewHintId} className="text-muted-foreground text-sm">
            {submitted
              ? "Connect WhatsApp to submit the changes for review."
              : "Connect WhatsApp to submit templates for review; until then you can save drafts."}
          </p>
        ) : submitted ? (
          <p className="text-muted-foreground text-sm">Your changes go to Meta for review again.</p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {submitted ? null : (
            <Button type="submit" variant="secondary" disabled={saving !== null}>
              {saving === "draft" ? <Spinner /> : null}
              Save draft
            </Button>
          )}
          <Button
            disabled={!connected || saving !== null}
            aria-describedby={connected ? undefined : reviewHintId}
            onClick={() => void save(true)}
          >
            {saving === "submit" ? <Spinner /> : <Send aria-hidden />}
            Submit for review
          </Button>
        </DialogFooter>
      </div>
    </form>
  );
}

/** The words for a refused field the server named without a message. */
function fieldFallback(field: string, error: unknown, input: WhatsappTemplateInput): string {
  if (field === "name" && isApiError(error) && error.status === 409)
    return `A template named ${input.name} already exists in ${languageLabel(input.language)}`;
  return asSentence(describeWhatsappError(error));
}
