import {
  type CompanyRole,
  fieldErrors,
  INVITATION_TTL_DAYS,
  type InvitationCreate,
  invitationCreateSchema,
  OWNER_ROLE_REQUIRED,
} from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { type FieldErrors, useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { FormField, SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { isApiError } from "#web/lib/api-error.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { createInvitation, invalidateInvitations } from "../api.ts";
import { ROLE_HINTS, ROLE_LABELS } from "../team-rules.ts";

// Loaded with its first opening (team-settings.tsx): an address and a role; the server mails the link.

type Values = { email: string; role: CompanyRole };

type InviteDialogProps = {
  companyId: string;
  open: boolean;
  onClose: () => void;
  /** The roles the viewer may give (an admin cannot invite an owner). */
  roles: readonly CompanyRole[];
};

export function InviteDialog({ companyId, open, onClose, roles }: InviteDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Invite someone"
      description={`They get an email with a link to join, valid for ${INVITATION_TTL_DAYS} days. Without an account yet, they create one with this address.`}
    >
      <InviteForm companyId={companyId} roles={roles} onCancel={onClose} onSent={onClose} />
    </FormDialog>
  );
}

/** The form's values as the API takes them, or each field's message (the contract's). */
function parseInvitation(
  values: Values,
): { ok: true; input: InvitationCreate } | { ok: false; errors: FieldErrors<Values> } {
  const parsed = invitationCreateSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors<Values> = {};
  for (const { field, message } of fieldErrors(parsed.error)) {
    if (field === "email" || field === "role") errors[field] = message;
  }
  return { ok: false, errors };
}

function InviteForm({
  companyId,
  roles,
  onCancel,
  onSent,
}: {
  companyId: string;
  roles: readonly CompanyRole[];
  onCancel: () => void;
  onSent: () => void;
}) {
  const queryClient = useQueryClient();
  const { values, set, errors, failure, saving, submit, control, fieldId } = useDialogForm<Values>({
    email: "",
    role: "member",
  });
  const roleHint = ROLE_HINTS[values.role];
  const onSubmit = submit({
    parse: parseInvitation,
    save: async (input: InvitationCreate) => {
      await createInvitation(companyId, input);
      toast({ title: `Invitation sent to ${input.email}`, variant: "success" });
      await invalidateInvitations(queryClient, companyId);
      onSent();
    },
    refusal: (error) => {
      // "Only an owner can give … the owner role" is about the role chosen.
      if (isApiError(error) && error.body.errorDescription === OWNER_ROLE_REQUIRED) {
        return { fields: { role: OWNER_ROLE_REQUIRED } };
      }
      return serverFieldErrors(error, ["email", "role"] as const);
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id={fieldId("email")} label="Email" error={errors.email}>
        <Input
          {...control("email")}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          autoFocus
          placeholder="colleague@company.com"
          value={values.email}
          onChange={(event) => set("email", event.target.value)}
        />
      </FormField>
      <FormField id={fieldId("role")} label="Role" error={errors.role} hint={roleHint}>
        <select
          {...control("role", roleHint)}
          className={SELECT_CLASS}
          value={values.role}
          onChange={(event) => set("role", event.target.value as CompanyRole)}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </FormField>
      <FormDialogFooter failure={failure} saving={saving} submitLabel="Send invitation" onCancel={onCancel} />
    </form>
  );
}
