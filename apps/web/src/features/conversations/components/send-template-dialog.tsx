import {
  fillTemplateVariables,
  type Message,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_LANGUAGE_LABELS,
  TEMPLATE_VARIABLE_SOURCE_LABELS,
  type TemplateLanguage,
  type TemplateVariable,
  templatePreview,
  type WhatsappTemplate,
} from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FileText, Search } from "lucide-react";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { TryAgainButton } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { describedBy, FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import { useSelectedCompany } from "#web/lib/selected-company.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { whatsappTemplatesQueryOptions } from "#web/lib/whatsapp-templates.ts";
import { sendWhatsappTemplate } from "../api.ts";

// Sending an approved WhatsApp template into a conversation: the only way to write to a customer once
// 24 hours have passed since their last message. Staff pick one of the company's active templates,
// check each variable (the customer's name and the company's are filled in already; order facts and
// the rest are left to the server, which fills them from the customer's latest order; typed ones must
// be written) and see the message as the customer will read it. A refusal keeps everything typed and
// shows the server's reasons under the fields. The templates themselves are managed in the training
// centre's integrations tab.

/** More templates than this: a search by name above the list. */
const SEARCH_FROM = 7;

type SendTemplateDialogProps = {
  companyId: string;
  conversationId: string;
  /** The customer's name, which fills name variables as the server would. */
  customerName: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template message the server stored (it goes out through WhatsApp by itself). */
  onSent: (message: Message) => void;
  /** Inside the inbox's frame: a link to another page opens in the whole window. */
  embed?: boolean;
};

export function SendTemplateDialog({ open, onOpenChange, ...props }: SendTemplateDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title="Send a template"
      description="Outside the 24-hour window WhatsApp delivers only templates Meta has approved."
      size="lg"
      className="max-h-[90dvh]"
      data-testid="send-template-dialog"
    >
      {/* Mounted only while open: each time starts from the templates as they are now. */}
      {open ? <TemplateForm {...props} onClose={close} /> : null}
    </DialogFrame>
  );
}

type TemplateFormProps = Omit<SendTemplateDialogProps, "open" | "onOpenChange"> & { onClose: () => void };

/** What the server will put in each variable left empty, where it can be known here ("" where not). */
export function knownValues(
  variables: readonly TemplateVariable[],
  context: { customerName: string | null; companyName: string | null },
): string[] {
  const { values } = fillTemplateVariables(variables, {
    customerName: context.customerName,
    companyName: context.companyName ?? "",
    orderNumber: null,
    orderTotal: null,
    orderStatus: null,
  });
  return values;
}

/** A refusal's reasons by variable (`values.N` → N), and the rest as one message. */
export function templateErrors(error: unknown): { fields: Record<number, string>; message: string | null } {
  const fields: Record<number, string> = {};
  const other: string[] = [];
  if (isApiError(error) && Array.isArray(error.body.details)) {
    for (const detail of error.body.details) {
      const match = /^values\.(\d+)$/.exec(String(detail.field));
      if (match) fields[Number(match[1])] = detail.message;
      else other.push(detail.message);
    }
  }
  const described = describeError(error);
  if (Object.keys(fields).length > 0) return { fields, message: other.length > 0 ? described : null };
  return { fields, message: other.length > 0 ? `${described}: ${other.join("; ")}` : described };
}

const languageLabel = (language: string) => TEMPLATE_LANGUAGE_LABELS[language as TemplateLanguage] ?? language;

function TemplateForm({ companyId, conversationId, customerName, onSent, onClose, embed }: TemplateFormProps) {
  const query = useQuery(whatsappTemplatesQueryOptions(companyId));
  const company = useSelectedCompany();
  const companyName = company?.id === companyId ? (company.name ?? null) : null;
  const formId = useId();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  // What was typed, by template: choosing another and coming back keeps it.
  const [typed, setTyped] = useState<Record<string, string[]>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fields = useRef<(HTMLInputElement | null)[]>([]);

  const active = useMemo(
    () => (query.data?.templates ?? []).filter((template) => template.status === "active"),
    [query.data],
  );
  const needle = search.trim().toLowerCase();
  const shown =
    active.length >= SEARCH_FROM && needle
      ? active.filter((template) => template.name.toLowerCase().includes(needle))
      : active;
  const template = active.find((item) => item.id === selectedId) ?? (active.length === 1 ? active[0]! : null);
  const known = useMemo(
    () => (template ? knownValues(template.variables, { customerName, companyName }) : []),
    [template, customerName, companyName],
  );
  // Name and company are filled in as the server would; order facts and typed text start empty.
  const values = template
    ? (typed[template.id] ??
      template.variables.map((variable, index) => (variable.source === "text" ? "" : known[index]!)))
    : [];

  if (query.error) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p>The templates could not be loaded: {describeError(query.error)}</p>
        <TryAgainButton onRetry={() => void query.refetch()} size="sm" />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div role="status" className="flex items-center gap-2 py-6 text-muted-foreground text-sm">
        <Spinner />
        Loading templates…
      </div>
    );
  }
  if (active.length === 0) {
    return (
      <div
        className="flex flex-col items-center rounded-xl border border-dashed px-5 py-8 text-center"
        data-testid="no-templates"
      >
        <div className="mb-3 flex size-10 items-center justify-center rounded-lg border bg-background text-muted-foreground shadow-xs">
          <FileText aria-hidden className="size-5" />
        </div>
        <p className="font-semibold">No templates found</p>
        <p className="mt-1.5 max-w-sm text-balance text-muted-foreground text-sm">
          Templates are managed in the training centre's integrations tab; once Meta approves one, it can be sent from
          here.
        </p>
        <Button variant="outline" size="sm" className="mt-4" asChild>
          <Link to="/training" search={{ tab: "integrations" }} target={embed ? "_top" : undefined}>
            Manage templates
          </Link>
        </Button>
      </div>
    );
  }

  function choose(id: string) {
    setSelectedId(id);
    setFieldErrors({});
    setFormError(null);
  }

  function change(index: number, value: string) {
    if (!template) return;
    const next = values.slice();
    next[index] = value;
    setTyped((current) => ({ ...current, [template.id]: next }));
    if (fieldErrors[index]) setFieldErrors(({ [index]: _, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!template) {
      setFormError("Choose a template to send.");
      return;
    }
    const sent = template.variables.map((_, index) => values[index]?.trim() || null);
    const missing = template.variables.flatMap((variable, index) =>
      variable.source === "text" && !sent[index] ? [index] : [],
    );
    if (missing.length > 0) {
      setFieldErrors(Object.fromEntries(missing.map((index) => [index, `{{${index + 1}}} is required`])));
      setFormError(null);
      fields.current[missing[0]!]?.focus();
      return;
    }
    setSending(true);
    setFieldErrors({});
    setFormError(null);
    try {
      const message = await sendWhatsappTemplate(companyId, conversationId, { templateId: template.id, values: sent });
      toast({ title: "Template sent", variant: "success" });
      onSent(message);
      onClose();
    } catch (failure) {
      // Everything typed stays; the reasons go under their fields.
      const errors = templateErrors(failure);
      setFieldErrors(errors.fields);
      setFormError(errors.message);
      setSending(false);
      const first = Object.keys(errors.fields)
        .map(Number)
        .sort((a, b) => a - b)[0];
      // Once the fields are enabled again (they were locked while sending).
      if (first !== undefined) requestAnimationFrame(() => fields.current[first]?.focus());
    }
  }

  // What the customer will read: typed text, else what the server will fill in, else the variable's name.
  const preview = template
    ? templatePreview(
        template,
        template.variables.map(
          (variable, index) =>
            values[index]?.trim() || known[index] || `[${TEMPLATE_VARIABLE_SOURCE_LABELS[variable.source]}]`,
        ),
      )
    : "";

  return (
    <form onSubmit={submit} className="grid min-w-0 gap-5" aria-busy={sending || undefined} noValidate>
      <fieldset className="grid min-w-0 gap-2" disabled={sending}>
        <legend className="mb-2 font-medium text-sm">Template</legend>
        {active.length >= SEARCH_FROM ? (
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by name"
              aria-label="Search templates"
              className="pl-9"
            />
          </div>
        ) : null}
        {shown.length > 0 ? (
          <ul className="-mx-1 grid max-h-60 gap-1.5 overflow-y-auto p-1" aria-label="Active templates">
            {shown.map((item) => (
              <TemplateChoice
                key={item.id}
                template={item}
                name={`${formId}-template`}
                checked={template?.id === item.id}
                onChoose={() => choose(item.id)}
              />
            ))}
          </ul>
        ) : (
          <p className="py-2 text-muted-foreground text-sm">No template is called that.</p>
        )}
      </fieldset>

      {template && template.variables.length > 0 ? (
        <fieldset className="grid min-w-0 gap-3" disabled={sending}>
          <legend className="mb-2 font-medium text-sm">Variables</legend>
          {template.variables.map((variable, index) => {
            const id = `${formId}-value-${index}`;
            const error = fieldErrors[index];
            const typedOnly = variable.source === "text";
            const source = TEMPLATE_VARIABLE_SOURCE_LABELS[variable.source];
            const hint = typedOnly
              ? "Required: write it for this customer."
              : known[index]
                ? undefined
                : "Left empty, it is filled in when sending.";
            return (
              <FormField
                // biome-ignore lint/suspicious/noArrayIndexKey: a variable is its position ({{1}}, {{2}}…)
                key={`${template.id}-${index}`}
                id={id}
                label={`{{${index + 1}}} · ${source}`}
                error={error}
                hint={hint}
              >
                <Input
                  ref={(element) => {
                    fields.current[index] = element;
                  }}
                  id={id}
                  value={values[index] ?? ""}
                  onChange={(event) => change(index, event.target.value)}
                  placeholder={
                    typedOnly
                      ? variable.example
                        ? `e.g. ${variable.example}`
                        : ""
                      : `Filled from the ${source.toLowerCase()}`
                  }
                  aria-required={typedOnly || undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(id, error, hint)}
                  maxLength={1000}
                  data-testid="template-value"
                />
              </FormField>
            );
          })}
        </fieldset>
      ) : null}

      {template ? (
        <section aria-labelledby={`${formId}-preview`} className="grid min-w-0 gap-2">
          <h3 id={`${formId}-preview`} className="font-medium text-sm">
            Preview
          </h3>
          <div className="flex justify-end rounded-lg border bg-muted/50 p-3">
            <p
              className="max-w-[90%] whitespace-pre-wrap break-words rounded-2xl rounded-tr-md bg-primary px-3.5 py-2 text-primary-foreground text-sm leading-relaxed shadow-xs [overflow-wrap:anywhere]"
              data-testid="template-preview"
            >
              {preview}
            </p>
          </div>
        </section>
      ) : null}

      {formError ? (
        <p role="alert" className="text-destructive text-sm">
          {formError}
        </p>
      ) : null}

      <DialogActions
        actionLabel={sending ? "Sending…" : "Send template"}
        pending={sending}
        onCancel={onClose}
        cancelWaits
      />
    </form>
  );
}

function TemplateChoice({
  template,
  name,
  checked,
  onChoose,
}: {
  template: WhatsappTemplate;
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <li>
      <label
        className={cn(
          "flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 text-sm transition-colors hover:bg-accent/60",
          "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
          checked && "border-primary bg-primary/5 hover:bg-primary/8 dark:bg-primary/10",
        )}
        data-testid="template-choice"
      >
        <input
          type="radio"
          name={name}
          value={template.id}
          checked={checked}
          onChange={onChoose}
          className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="break-all font-medium">{template.name}</span>
            <span className="text-muted-foreground text-xs">
              {TEMPLATE_CATEGORY_LABELS[template.category]} · {languageLabel(template.language)}
            </span>
          </span>
          <span className="line-clamp-2 break-words text-muted-foreground text-xs">{template.body}</span>
        </span>
      </label>
    </li>
  );
}
