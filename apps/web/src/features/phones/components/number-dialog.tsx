import type { PhoneNumber, UpdatePhoneNumber } from "@foreman/contract";
import { friendlyPhoneNumber } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { type FieldErrors, useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import type { EmployeeName } from "#web/lib/workforce.ts";
import { invalidateNumbers, updatePhoneNumber } from "../api.ts";
import { EmployeeSelect } from "./employee-select.tsx";

// Renaming a number, or choosing who answers it: one field each, saved with one PATCH.

export type NumberDialogMode = "rename" | "assign";
type Values = { name: string; aiEmployeeId: string };

/** What a number's name may be (the API's limit). */
const NAME_MAX = 60;

type NumberDialogProps = {
  companyId: string;
  number: PhoneNumber | null;
  mode: NumberDialogMode;
  open: boolean;
  onClose: () => void;
  employees: readonly EmployeeName[];
};

export function NumberDialog({ companyId, number, mode, open, onClose, employees }: NumberDialogProps) {
  const shown = number ? friendlyPhoneNumber(number.phoneNumber) : "";
  const title = mode === "rename" ? `Rename ${shown}` : `Who answers ${shown}`;
  const description =
    mode === "rename"
      ? "A name your team knows it by, like Support line. Callers never see it."
      : "The AI employee who answers its calls and places calls from it. Without one, callers hear the line is not in service.";
  return (
    <FormDialog open={open} onClose={onClose} title={title} description={description}>
      {number ? (
        <NumberForm companyId={companyId} number={number} mode={mode} employees={employees} onDone={onClose} />
      ) : null}
    </FormDialog>
  );
}

function parse(mode: NumberDialogMode, values: Values) {
  const errors: FieldErrors<Values> = {};
  if (mode === "rename") {
    const name = values.name.trim();
    if (!name) errors.name = "A name can't be empty";
    else if (name.length > NAME_MAX) errors.name = `A name is at most ${NAME_MAX} characters`;
    if (errors.name) return { ok: false as const, errors };
    return { ok: true as const, input: { name } satisfies UpdatePhoneNumber };
  }
  return { ok: true as const, input: { aiEmployeeId: values.aiEmployeeId || null } satisfies UpdatePhoneNumber };
}

type NumberFormProps = {
  companyId: string;
  number: PhoneNumber;
  mode: NumberDialogMode;
  employees: readonly EmployeeName[];
  onDone: () => void;
};

function NumberForm({ companyId, number, mode, employees, onDone }: NumberFormProps) {
  const queryClient = useQueryClient();
  const { values, set, errors, failure, saving, submit, control, fieldId } = useDialogForm<Values>(() => ({
    name: number.name,
    aiEmployeeId: number.aiEmployee?.id ?? "",
  }));
  const onSubmit = submit({
    parse: (current: Values) => parse(mode, current),
    save: async (input: UpdatePhoneNumber) => {
      const saved = await updatePhoneNumber(companyId, number.id, input);
      const shown = friendlyPhoneNumber(saved.phoneNumber);
      toast({
        title:
          mode === "rename"
            ? `${shown} is now ${saved.name}`
            : saved.aiEmployee
              ? `${saved.aiEmployee.name} answers ${shown}`
              : `Nobody answers ${shown} now`,
        variant: "success",
      });
      await invalidateNumbers(queryClient, companyId);
      onDone();
    },
    refusal: (error) => serverFieldErrors(error, ["name", "aiEmployeeId"] as const),
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {mode === "rename" ? (
        <FormField id={fieldId("name")} label="Name" error={errors.name}>
          <Input
            {...control("name")}
            value={values.name}
            maxLength={NAME_MAX}
            placeholder="Support line"
            onChange={(event) => set("name", event.target.value)}
          />
        </FormField>
      ) : (
        <FormField id={fieldId("aiEmployeeId")} label="AI employee" error={errors.aiEmployeeId}>
          <EmployeeSelect
            {...control("aiEmployeeId")}
            value={values.aiEmployeeId}
            onValueChange={(value) => set("aiEmployeeId", value)}
            employees={employees}
            emptyLabel="Nobody (the line is not in service)"
          />
        </FormField>
      )}
      <FormDialogFooter failure={failure} saving={saving} submitLabel="Save" onCancel={onDone} />
    </form>
  );
}
