import { KNOWLEDGE_LIMITS } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { type FieldErrors, useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { createKnowledgeText, type EmployeeName, invalidateKnowledge, type KnowledgeTextInput } from "../api.ts";
import { EmployeeSelect } from "./employee-select.tsx";

type Kind = "qa" | "note";
type Values = { kind: Kind; title: string; question: string; text: string; employeeId: string };

type KnowledgeEntryDialogProps = {
  companyId: string;
  employees: readonly EmployeeName[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A hand-written entry: a question with its answer, or a titled note. */
export function KnowledgeEntryDialog({ companyId, employees, open, onOpenChange }: KnowledgeEntryDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Add an entry"
      description="Write down an answer your AI employees should give, or a note they should know."
    >
      <EntryForm companyId={companyId} employees={employees} onClose={close} />
    </FormDialog>
  );
}

/** The entry as the API takes it, or what is missing (the server checks again). */
function parse(values: Values): { ok: true; input: KnowledgeTextInput } | { ok: false; errors: FieldErrors<Values> } {
  const errors: FieldErrors<Values> = {};
  if (values.kind === "qa" && !values.question.trim()) errors.question = "Question is required";
  if (values.kind === "note" && !values.title.trim()) errors.title = "Title is required";
  if (!values.text.trim()) errors.text = values.kind === "qa" ? "Answer is required" : "Text is required";
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input: toInput(values) };
}

function toInput(values: Values): KnowledgeTextInput {
  const aiEmployeeIds = values.employeeId ? [values.employeeId] : [];
  const title = values.title.trim();
  return values.kind === "qa"
    ? {
        source: "qa",
        question: values.question.trim(),
        answer: values.text.trim(),
        title: title || undefined,
        aiEmployeeIds,
      }
    : { source: "note", title, body: values.text.trim(), aiEmployeeIds };
}

function EntryForm({
  companyId,
  employees,
  onClose,
}: {
  companyId: string;
  employees: readonly EmployeeName[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { id, values, set, errors, failure, saving, submit, control } = useDialogForm<Values>({
    kind: "qa",
    title: "",
    question: "",
    text: "",
    employeeId: "",
  });
  const onSubmit = submit({
    parse,
    save: async (input: KnowledgeTextInput) => {
      const entry = await createKnowledgeText(companyId, input);
      toast({ title: `${entry.title} added`, variant: "success" });
      onClose();
      await invalidateKnowledge(queryClient, companyId);
    },
    // The server names the field by its wire name; "answer" and "body" are this form's text.
    refusal: (error) =>
      serverFieldErrors(error, ["title", "question", "text"] as const, { answer: "text", body: "text" }),
  });

  const kinds: { value: Kind; label: string }[] = [
    { value: "qa", label: "Question and answer" },
    { value: "note", label: "Note" },
  ];

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Kind</legend>
        <div className="flex flex-wrap gap-2">
          {kinds.map((kind) => (
            <label
              key={kind.value}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-focus-visible:ring-2 has-focus-visible:ring-ring",
                values.kind === kind.value && "border-primary bg-primary/5",
              )}
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind.value}
                checked={values.kind === kind.value}
                onChange={() => set("kind", kind.value)}
                className="accent-primary"
              />
              {kind.label}
            </label>
          ))}
        </div>
      </fieldset>
      {values.kind === "qa" ? (
        <FormField id={`${id}-question`} label="Question" error={errors.question}>
          <Input
            {...control("question")}
            value={values.question}
            maxLength={KNOWLEDGE_LIMITS.question}
            onChange={(event) => set("question", event.target.value)}
          />
        </FormField>
      ) : null}
      <FormField id={`${id}-title`} label={values.kind === "qa" ? "Title (optional)" : "Title"} error={errors.title}>
        <Input
          {...control("title")}
          value={values.title}
          maxLength={KNOWLEDGE_LIMITS.title}
          onChange={(event) => set("title", event.target.value)}
        />
      </FormField>
      <FormField id={`${id}-text`} label={values.kind === "qa" ? "Answer" : "Text"} error={errors.text}>
        <Textarea
          {...control("text")}
          rows={6}
          value={values.text}
          maxLength={KNOWLEDGE_LIMITS.body}
          onChange={(event) => set("text", event.target.value)}
        />
      </FormField>
      <FormField id={`${id}-for`} label="For">
        <EmployeeSelect
          id={`${id}-for`}
          value={values.employeeId}
          onChange={(employeeId) => set("employeeId", employeeId)}
          employees={employees}
          anyLabel="All AI employees"
        />
      </FormField>
      <FormDialogFooter failure={failure} saving={saving} submitLabel="Add entry" onCancel={onClose} />
    </form>
  );
}
