import {
  type CompanyLanguage,
  centsToDecimal,
  currencyOrDefault,
  type EmployeePreset,
  employeePreset,
  matchDepartmentKind,
} from "@foreman/contract";
// A wand, not the Assistant's sparkles: an icon the shell's nav shares with a screen becomes a file of
// its own on every cold load.
import { WandSparkles } from "lucide-react";
import { useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { Button } from "#web/components/ui/button.tsx";
import type { EmployeeFormOutput, EmployeeFormValues } from "./employee-form-schema.ts";

// Hiring from a preset: once a department is chosen, the hire form offers the preset of its kind
// (sales representative, support agent…) in the company's language. Nothing is filled until the user
// asks, and everything stays editable afterwards.

/** What the hire form needs to offer presets: the company's language and currency (for the order limit). */
export type PresetContext = { language: CompanyLanguage; currency: string | undefined };

/** The preset for a department, by its name (contract matchDepartmentKind); null for a kind it does not know. */
export function presetForDepartment(
  departments: readonly { id: string; name: string }[],
  departmentId: string,
  context: PresetContext,
): EmployeePreset | null {
  const department = departments.find((d) => d.id === departmentId);
  const kind = department ? matchDepartmentKind(department.name) : null;
  return kind ? employeePreset(kind, context.language, currencyOrDefault(context.currency)) : null;
}

/** The form's fields a preset fills, as the form holds them (text for lists and amounts). */
export function presetFormValues(preset: EmployeePreset): Partial<EmployeeFormValues> {
  return {
    role: preset.role,
    languages: preset.languages.join(", "),
    persona: preset.persona,
    instructions: preset.instructions,
    maxDiscountPercent: String(preset.guardrails.maxDiscountPercent),
    maxOrderTotal: centsToDecimal(preset.guardrails.maxOrderTotalCents),
    actionsRequiringHuman: [...preset.guardrails.actionsRequiringHuman],
    skills: preset.skillNames.join(", "),
  };
}

const FILLED_TEXT = ["role", "persona", "instructions", "skills"] as const;

type PresetOfferProps = {
  form: UseFormReturn<EmployeeFormValues, unknown, EmployeeFormOutput>;
  departments: readonly { id: string; name: string }[];
  context: PresetContext;
};

/** The offer under the department field; applying it fills the fields and says so. */
export function PresetOffer({ form, departments, context }: PresetOfferProps) {
  const departmentId = useWatch({ control: form.control, name: "departmentId" });
  // The department the preset was last applied for: choosing another one offers its preset again.
  const [appliedFor, setAppliedFor] = useState<string | null>(null);
  const preset = departmentId ? presetForDepartment(departments, departmentId, context) : null;
  if (!preset) return null;

  if (appliedFor === departmentId) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg border bg-muted/40 p-3 text-sm sm:col-span-2">
        <WandSparkles className="size-4 shrink-0 text-primary" aria-hidden />
        Filled from the {preset.role} preset. Change anything before hiring.
      </p>
    );
  }

  const typed = FILLED_TEXT.some((name) => form.getValues(name).trim() !== "");
  const apply = () => {
    for (const [name, value] of Object.entries(presetFormValues(preset)))
      form.setValue(name as keyof EmployeeFormValues, value, { shouldDirty: true, shouldValidate: false });
    setAppliedFor(departmentId);
  };
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 sm:col-span-2 sm:flex-row sm:items-center">
      <WandSparkles className="hidden size-4 shrink-0 text-primary sm:block" aria-hidden />
      <p className="flex-1 text-sm">
        <span className="font-medium">{preset.role}</span>: a role, persona, instructions, guardrails and skills ready
        to edit.
        {typed ? " It replaces what you typed in those fields." : null}
      </p>
      {/* Wraps on a phone: a long preset name must not push the form wider than the dialog. */}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="h-auto min-h-8 max-w-full self-start whitespace-normal py-1.5 text-left sm:self-center"
        onClick={apply}
      >
        Start from the {preset.role} preset
      </Button>
    </div>
  );
}
