import {
  GRANTABLE_TOOLS,
  type GrantableTool,
  SKILL_LIMITS,
  type SkillDetail,
  type SkillPatch,
  TOOL_DESCRIPTIONS,
  TOOL_LABELS,
} from "@foreman/contract";
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
import { createSkill, invalidateSkills, updateSkill } from "../api.ts";

type SkillFormValues = { name: string; description: string; tools: GrantableTool[] };
type FieldErrors = Partial<Record<keyof SkillFormValues, string>>;

const emptyValues: SkillFormValues = { name: "", description: "", tools: [] };

/** What is wrong with the form before it is sent (the server checks again). */
function check(values: SkillFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = "Name is required";
  else if (name.length > SKILL_LIMITS.name) errors.name = `Name must be at most ${SKILL_LIMITS.name} characters`;
  if (values.description.trim().length > SKILL_LIMITS.description)
    errors.description = `Description must be at most ${SKILL_LIMITS.description} characters`;
  return errors;
}

type SkillDialogProps = {
  companyId: string;
  /** The skill to edit, "new" to add one, null when closed. */
  skill: SkillDetail | "new" | null;
  onClose: () => void;
};

/** Adding or editing a skill: its name, what it is for, and the tools it grants. */
export function SkillDialog({ companyId, skill, onClose }: SkillDialogProps) {
  const editing = skill !== null && skill !== "new" ? skill : null;
  return (
    <Dialog open={skill !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${editing.name}` : "Add a skill"}</DialogTitle>
          <DialogDescription>The employees that have it may use its tools from their next reply on.</DialogDescription>
        </DialogHeader>
        {skill !== null ? (
          <SkillForm key={editing?.id ?? "new"} companyId={companyId} skill={editing} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SkillForm({
  companyId,
  skill,
  onClose,
}: {
  companyId: string;
  skill: SkillDetail | null;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SkillFormValues>(() =>
    skill
      ? {
          name: skill.name,
          description: skill.description,
          tools: skill.tools.filter((t): t is GrantableTool => (GRANTABLE_TOOLS as string[]).includes(t)),
        }
      : emptyValues,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function toggleTool(tool: GrantableTool, on: boolean) {
    setValues((current) => ({
      ...current,
      tools: on ? [...current.tools, tool] : current.tools.filter((t) => t !== tool),
    }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = { name: values.name.trim(), description: values.description.trim(), tools: values.tools };
    setSaving(true);
    try {
      if (skill) {
        const patch: SkillPatch = {};
        if (input.name !== skill.name) patch.name = input.name;
        if (input.description !== skill.description) patch.description = input.description;
        const sorted = GRANTABLE_TOOLS.filter((tool) => input.tools.includes(tool));
        if (sorted.join() !== skill.tools.join()) patch.tools = sorted;
        if (Object.keys(patch).length > 0) await updateSkill(companyId, skill.id, patch);
        toast({ title: `${input.name} saved`, variant: "success" });
      } else {
        await createSkill(companyId, input);
        toast({ title: `${input.name} added`, variant: "success" });
      }
      onClose();
      await invalidateSkills(queryClient, companyId);
    } catch (error) {
      // A taken name is a 409 that names the field.
      const { fields, message } = serverFieldErrors(error, ["name", "description", "tools"] as const);
      setErrors(fields);
      setFailure(message ?? null);
    } finally {
      setSaving(false);
    }
  }

  const toolsHint = "Every AI employee can always ask staff, whatever its skills.";
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          maxLength={SKILL_LIMITS.name + 20}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy(`${id}-name`, errors.name)}
          value={values.name}
          onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Description (optional)" error={errors.description}>
        <Textarea
          id={`${id}-description`}
          rows={2}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(`${id}-description`, errors.description)}
          value={values.description}
          onChange={(event) => setValues((current) => ({ ...current, description: event.target.value }))}
        />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={`${id}-tools-hint`}>
        <legend className="mb-1 font-medium text-sm">Tools it grants</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {GRANTABLE_TOOLS.map((tool) => (
            <label
              key={tool}
              className="flex items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary/50 has-[:checked]:bg-primary/5"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={values.tools.includes(tool)}
                onChange={(event) => toggleTool(tool, event.target.checked)}
              />
              <span className="min-w-0">
                <span className="block font-medium">{TOOL_LABELS[tool]}</span>
                <span className="block text-muted-foreground text-xs" title={TOOL_DESCRIPTIONS[tool]}>
                  <code className="font-mono">{tool}</code>
                </span>
              </span>
            </label>
          ))}
        </div>
        <p id={`${id}-tools-hint`} className="text-muted-foreground text-xs">
          {toolsHint}
        </p>
      </fieldset>
      <FormAlert message={failure} />
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner /> : null}
          {skill ? "Save" : "Add skill"}
        </Button>
      </DialogFooter>
    </form>
  );
}
