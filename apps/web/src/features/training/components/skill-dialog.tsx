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
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { type FieldErrors, useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { createSkill, invalidateSkills, updateSkill } from "../api.ts";

type SkillFormValues = { name: string; description: string; tools: GrantableTool[] };
type SkillInput = { name: string; description: string; tools: GrantableTool[] };

const emptyValues: SkillFormValues = { name: "", description: "", tools: [] };

/** The skill as the API takes it, or what is wrong with it (the server checks again). */
function parse(
  values: SkillFormValues,
): { ok: true; input: SkillInput } | { ok: false; errors: FieldErrors<SkillFormValues> } {
  const errors: FieldErrors<SkillFormValues> = {};
  const name = values.name.trim();
  if (!name) errors.name = "Name is required";
  else if (name.length > SKILL_LIMITS.name) errors.name = `Name must be at most ${SKILL_LIMITS.name} characters`;
  if (values.description.trim().length > SKILL_LIMITS.description)
    errors.description = `Description must be at most ${SKILL_LIMITS.description} characters`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { name, description: values.description.trim(), tools: values.tools } };
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
    <FormDialog
      open={skill !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : "Add a skill"}
      description="The employees that have it may use its tools from their next reply on."
    >
      <SkillForm key={editing?.id ?? "new"} companyId={companyId} skill={editing} onClose={onClose} />
    </FormDialog>
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
  const queryClient = useQueryClient();
  const { id, values, setValues, set, errors, failure, saving, submit, control } = useDialogForm<SkillFormValues>(() =>
    skill
      ? {
          name: skill.name,
          description: skill.description,
          tools: skill.tools.filter((t): t is GrantableTool => (GRANTABLE_TOOLS as string[]).includes(t)),
        }
      : emptyValues,
  );

  function toggleTool(tool: GrantableTool, on: boolean) {
    setValues((current) => ({
      ...current,
      tools: on ? [...current.tools, tool] : current.tools.filter((t) => t !== tool),
    }));
  }

  const onSubmit = submit({
    parse,
    save: async (input: SkillInput) => {
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
    },
    // A taken name is a 409 that names the field.
    refusal: (error) => serverFieldErrors(error, ["name", "description", "tools"] as const),
  });

  const toolsHint = "Every AI employee can always ask staff, whatever its skills.";
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        <Input
          {...control("name")}
          autoComplete="off"
          maxLength={SKILL_LIMITS.name + 20}
          value={values.name}
          onChange={(event) => set("name", event.target.value)}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Description (optional)" error={errors.description}>
        <Textarea
          {...control("description")}
          rows={2}
          value={values.description}
          onChange={(event) => set("description", event.target.value)}
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
      <FormDialogFooter
        failure={failure}
        saving={saving}
        submitLabel={skill ? "Save" : "Add skill"}
        onCancel={onClose}
      />
    </form>
  );
}
