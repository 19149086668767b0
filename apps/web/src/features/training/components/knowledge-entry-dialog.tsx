import { KNOWLEDGE_LIMITS } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";
import { describedBy, FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { createKnowledgeText, type EmployeeName, invalidateKnowledge, type KnowledgeTextInput } from "../api.ts";
import { EmployeeSelect } from "./employee-select.tsx";

type Kind = "qa" | "note";
type Values = { kind: Kind; title: string; question: string; text: string; employeeId: string };
type Errors = Partial<Record<"title" | "question" | "text", string>>;

type KnowledgeEntryDialogProps = {
  companyId: string;
  employees: readonly EmployeeName[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A hand-written entry: a question with its answer, or a titled note. */
export function KnowledgeEntryDialog({ companyId, employees, open, onOpenChange }: KnowledgeEntryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add an entry</DialogTitle>
          <DialogDescription>
            Write down an answer your AI employees should give, or a note they should know.
          </DialogDescription>
        </DialogHeader>
        {open ? <EntryForm companyId={companyId} employees={employees} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (values.kind === "qa" && !values.question.trim()) errors.question = "Question is required";
  if (values.kind === "note" && !values.title.trim()) errors.title = "Title is required";
  if (!values.text.trim()) errors.text = values.kind === "qa" ? "Answer is required" : "Text is required";
  return errors;
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
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({ kind: "qa", title: "", question: "", text: "", employeeId: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const entry = await createKnowledgeText(companyId, toInput(values));
      toast({ title: `${entry.title} added`, variant: "success" });
      onClose();
      await invalidateKnowledge(queryClient, companyId);
    } catch (error) {
      // The server names the field by its wire name; "answer" and "body" are this form's text.
      const { fields, message } = serverFieldErrors(error, ["title", "question", "text"] as const, {
        answer: "text",
        body: "text",
      });
      setErrors(fields);
      setFailure(message ?? null);
    } finally {
      setSaving(false);
    }
  }

  const control = (key: keyof Errors) => ({
    id: `${id}-${key}`,
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": describedBy(`${id}-${key}`, errors[key]),
  });
  const kinds: { value: Kind; label: string }[] = [
    { value: "qa", label: "Question and answer" },
    { value: "note", label: "Note" },
  ];

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
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
      <FormAlert message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner /> : null}
          Add entry
        </Button>
      </DialogFooter>
    </form>
  );
}
