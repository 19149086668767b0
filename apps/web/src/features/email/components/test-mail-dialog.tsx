import { emailField } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { type FieldErrors, useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import { invalidateOutbox, sendTestMail } from "../email-api.ts";

// Its own chunk (email-card.tsx loads it on first use): a short mail through the outbox, to check that
// mail leaves the server (or, without an SMTP server, that it is kept).

type Values = { to: string };

type TestMailDialogProps = {
  companyId: string;
  open: boolean;
  onClose: () => void;
  /** The signed-in user's address, the first guess. */
  defaultTo: string;
  /** After it was queued: the outbox shows how it went. */
  onSent: () => void;
};

export function TestMailDialog({ companyId, open, onClose, defaultTo, onSent }: TestMailDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Send a test mail"
      description="A short mail through the outbox, like every mail Foreman sends. The outbox shows whether it left."
    >
      <TestMailForm companyId={companyId} defaultTo={defaultTo} onCancel={onClose} onSent={onSent} />
    </FormDialog>
  );
}

export function parseTestMail(
  values: Values,
): { ok: true; input: string } | { ok: false; errors: FieldErrors<Values> } {
  const parsed = emailField.safeParse(values.to);
  if (!parsed.success)
    return {
      ok: false,
      errors: { to: values.to.trim() ? "Must be an email address like ana@shop.example" : "Required" },
    };
  return { ok: true, input: parsed.data };
}

function TestMailForm({
  companyId,
  defaultTo,
  onCancel,
  onSent,
}: {
  companyId: string;
  defaultTo: string;
  onCancel: () => void;
  onSent: () => void;
}) {
  const queryClient = useQueryClient();
  const { values, set, errors, failure, saving, submit, control, fieldId } = useDialogForm<Values>({ to: defaultTo });
  const onSubmit = submit({
    parse: parseTestMail,
    save: async (to: string) => {
      const mail = await sendTestMail(companyId, to);
      toast({
        title: `Test mail queued to ${mail.to}`,
        description: "Open the outbox to see whether it was sent.",
        variant: "success",
      });
      await invalidateOutbox(queryClient, companyId);
      onSent();
    },
    refusal: (error) => serverFieldErrors(error, ["to"] as const),
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id={fieldId("to")} label="Send to" error={errors.to}>
        <Input
          {...control("to")}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
          value={values.to}
          placeholder="you@shop.example"
          onChange={(event) => set("to", event.target.value)}
        />
      </FormField>
      <FormDialogFooter failure={failure} saving={saving} submitLabel="Send test mail" onCancel={onCancel} />
    </form>
  );
}
