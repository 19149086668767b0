import type { AiEmployee } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import {
  aiEmployeeQueryOptions,
  editAiEmployee,
  hireAiEmployee,
  invalidateWorkforce,
  isAiEmployeeNotFound,
} from "../api.ts";
import { EmployeeForm } from "./employee-form.tsx";
import type { PresetContext } from "./employee-form-preset.tsx";
import { changedFields, employeeToForm, emptyEmployeeForm, formToInput } from "./employee-form-schema.ts";

// Hiring and editing share one form in a dialog. Edit follows the address (`?edit=<id>`), so the
// profile page can link straight to it.

/** A department the form offers. */
export type DepartmentChoice = { id: string; name: string };

/**
 * The departments an employee can join: the rail's placeholders for kinds the company lacks (ids
 * starting "fallback-") are not real departments.
 */
export function hireableDepartments(departments: readonly DepartmentChoice[]): DepartmentChoice[] {
  return departments
    .filter((department) => !department.id.startsWith("fallback-"))
    .map(({ id, name }) => ({ id, name }));
}

/** The employee's own department stays choosable even if the list has not caught up. */
function withCurrent(departments: readonly DepartmentChoice[], current: DepartmentChoice): readonly DepartmentChoice[] {
  return departments.some((department) => department.id === current.id) ? departments : [current, ...departments];
}

type HireDialogProps = {
  companyId: string;
  departments: readonly DepartmentChoice[];
  /** The company's language and currency: the chosen department's preset is offered in them. */
  presets: PresetContext;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function HireDialog({ companyId, departments, presets, open, onOpenChange }: HireDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title="Hire an AI employee"
      description="Choose a department to start from its preset, then make it yours: who it is, what it may do alone, and where customers reach it."
      size="2xl"
    >
      {/* Mounted only while open: each hire starts from an empty form. */}
      {open ? <HireForm companyId={companyId} departments={departments} presets={presets} onClose={close} /> : null}
    </DialogFrame>
  );
}

type FormProps = { companyId: string; departments: readonly DepartmentChoice[]; onClose: () => void };

function HireForm({ companyId, departments, presets, onClose }: FormProps & { presets: PresetContext }) {
  const queryClient = useQueryClient();
  const [defaultValues] = useState(() => emptyEmployeeForm());
  return (
    <EmployeeForm
      defaultValues={defaultValues}
      departments={departments}
      submitLabel="Hire"
      failureTitle="AI employee could not be created"
      presets={presets}
      onCancel={onClose}
      onSubmit={async (values) => {
        await hireAiEmployee(companyId, formToInput(values));
        toast({ title: "Created successfully", variant: "success" });
        onClose();
        await invalidateWorkforce(queryClient, companyId);
      }}
    />
  );
}

type EditDialogProps = {
  companyId: string;
  departments: readonly DepartmentChoice[];
  employeeId: string | undefined;
  onClose: () => void;
};

/** Open while the address names an employee to edit; closing takes it out of the address. */
export function EditDialog({ companyId, departments, employeeId, onClose }: EditDialogProps) {
  return (
    <DialogFrame
      open={employeeId !== undefined}
      onClose={onClose}
      title="Edit AI employee"
      description="Only what you change is saved."
      size="2xl"
    >
      {employeeId ? (
        <EditLoader
          key={employeeId}
          companyId={companyId}
          departments={departments}
          employeeId={employeeId}
          onClose={onClose}
        />
      ) : null}
    </DialogFrame>
  );
}

function EditLoader({ companyId, departments, employeeId, onClose }: FormProps & { employeeId: string }) {
  const query = useQuery(aiEmployeeQueryOptions(companyId, employeeId));
  if (query.error) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {isAiEmployeeNotFound(query.error) ? "This AI employee was not found." : describeError(query.error)}
      </p>
    );
  }
  if (!query.data) {
    return (
      <div role="status" className="flex items-center gap-2 py-8 text-muted-foreground text-sm">
        <Spinner />
        Loading the AI employee...
      </div>
    );
  }
  return <EditForm companyId={companyId} departments={departments} employee={query.data} onClose={onClose} />;
}

function EditForm({ companyId, departments, employee, onClose }: FormProps & { employee: AiEmployee }) {
  const queryClient = useQueryClient();
  const choices = useMemo(() => withCurrent(departments, employee.department), [departments, employee.department]);
  // Taken once: a refetch while editing must not reset what is being typed.
  const [defaultValues] = useState(() => employeeToForm(employee));
  return (
    <EmployeeForm
      defaultValues={defaultValues}
      departments={choices}
      submitLabel="Save"
      failureTitle="AI employee could not be saved"
      onCancel={onClose}
      onSubmit={async (values) => {
        const patch = changedFields(employee, values);
        // Nothing changed: nothing to send (the API refuses an empty patch).
        if (Object.keys(patch).length > 0) {
          await editAiEmployee(companyId, employee.id, patch);
          toast({ title: "Saved", variant: "success" });
        }
        onClose();
        await invalidateWorkforce(queryClient, companyId);
      }}
    />
  );
}
