import { HUMAN_APPROVAL_ACTIONS, type HumanApprovalAction } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { DialogActions } from "#web/components/ui/dialog-frame.tsx";
import { describedBy, FormField, SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import { ContactPointsField } from "./contact-points-field.tsx";
import { type PresetContext, PresetOffer } from "./employee-form-preset.tsx";
import {
  type EmployeeFormOutput,
  type EmployeeFormValues,
  employeeFormSchema,
  formFieldOf,
} from "./employee-form-schema.ts";

const ACTION_LABELS: Record<HumanApprovalAction, string> = {
  send_quote: "Send a quote",
  apply_discount: "Apply a discount",
  confirm_order: "Confirm an order",
  cancel_order: "Cancel an order",
  update_lead_stage: "Move a lead to another stage",
  hand_off: "Hand a conversation off",
};

type EmployeeFormProps = {
  defaultValues: EmployeeFormValues;
  departments: readonly { id: string; name: string }[];
  submitLabel: string;
  /** The form-level message when the server refuses ("AI employee could not be created"). */
  failureTitle: string;
  /** Sends the checked values; throws the API's error to show it. */
  onSubmit: (values: EmployeeFormOutput) => Promise<void>;
  onCancel: () => void;
  /** A new hire only: offer the preset of the chosen department's kind in the company's language. */
  presets?: PresetContext;
};

/** Every hiring field, checked with the contract's rules; the server's refusals land on the fields they name. */
export function EmployeeForm({
  defaultValues,
  departments,
  submitLabel,
  failureTitle,
  onSubmit,
  onCancel,
  presets,
}: EmployeeFormProps) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EmployeeFormValues, unknown, EmployeeFormOutput>({
    resolver: zodResolver(employeeFormSchema),
    defaultValues,
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      // The reason in words (a 409 names the channel and address), and each detail on its field.
      setFormError(`${failureTitle}. ${describeError(error)}`);
      const details = isApiError(error) && Array.isArray(error.body.details) ? error.body.details : [];
      for (const detail of details) {
        const field = typeof detail?.field === "string" ? formFieldOf(detail.field) : null;
        if (field) setError(field as FieldPath<EmployeeFormValues>, { message: detail.message });
      }
    }
  });

  const field = (name: keyof EmployeeFormValues) => `${id}-${name}`;
  const text = (name: keyof EmployeeFormValues, hint?: string) => ({
    id: field(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(field(name), errors[name]?.message, hint),
    ...register(name),
  });
  const languagesHint = "Two-letter codes, separated by commas: en, es";
  const skillsHint =
    "Names separated by commas. Each skill grants tools (Training centre → Skills); a new name becomes a skill that grants none yet";
  const orderHint = "In the company's currency, like 1500.00; 0 means always ask";

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={field("name")} label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...text("name")} />
        </FormField>
        <FormField id={field("role")} label="Role" error={errors.role?.message}>
          <Input autoComplete="off" {...text("role")} />
        </FormField>
        <FormField id={field("departmentId")} label="Department" error={errors.departmentId?.message}>
          <select className={SELECT_CLASS} {...text("departmentId")}>
            <option value="">Choose a department</option>
            {departments.map((department) => (
              <option key={department.id} value={department.id}>
                {department.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={field("languages")} label="Languages" error={errors.languages?.message} hint={languagesHint}>
          <Input autoComplete="off" {...text("languages", languagesHint)} />
        </FormField>
        <FormField
          id={field("avatarUrl")}
          label="Avatar URL (optional)"
          error={errors.avatarUrl?.message}
          className="sm:col-span-2"
        >
          <Input type="url" autoComplete="off" {...text("avatarUrl")} />
        </FormField>
        {presets ? <PresetOffer form={form} departments={departments} context={presets} /> : null}
      </div>
      <FormField id={field("persona")} label="Persona" error={errors.persona?.message}>
        <Textarea rows={3} {...text("persona")} />
      </FormField>
      <FormField id={field("instructions")} label="Instructions" error={errors.instructions?.message}>
        <Textarea rows={4} {...text("instructions")} />
      </FormField>
      <fieldset className="grid gap-3 rounded-lg border p-3">
        <legend className="px-1 font-medium text-sm">Guardrails</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={field("maxDiscountPercent")}
            label="Largest discount alone (%)"
            error={errors.maxDiscountPercent?.message}
          >
            <Input inputMode="decimal" {...text("maxDiscountPercent")} />
          </FormField>
          <FormField
            id={field("maxOrderTotal")}
            label="Largest order total alone"
            error={errors.maxOrderTotal?.message}
            hint={orderHint}
          >
            <Input inputMode="decimal" {...text("maxOrderTotal", orderHint)} />
          </FormField>
        </div>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-muted-foreground text-xs">Always needs a human to</legend>
          <div className="grid gap-1.5 sm:grid-cols-2">
            {HUMAN_APPROVAL_ACTIONS.map((action) => (
              <label key={action} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={action}
                  className="size-4 accent-primary"
                  {...register("actionsRequiringHuman")}
                />
                {ACTION_LABELS[action]}
              </label>
            ))}
          </div>
          {errors.actionsRequiringHuman?.message ? (
            <p className="text-destructive text-xs">{errors.actionsRequiringHuman.message}</p>
          ) : null}
        </fieldset>
      </fieldset>
      <ContactPointsField control={control} register={register} errors={errors} />
      <FormField id={field("skills")} label="Skills" error={errors.skills?.message} hint={skillsHint}>
        <Input autoComplete="off" {...text("skills", skillsHint)} />
      </FormField>
      <DialogActions actionLabel={submitLabel} pending={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
