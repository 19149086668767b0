import {
  type Department,
  EMAIL_CHANNEL_LIMITS,
  type EmailChannel,
  type EmailChannelCreate,
  emailField,
} from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AnsweredBySelect, answeredByValue, parseAnsweredBy } from "#web/components/forms/answered-by-select.tsx";
import { FormDialog, FormDialogFooter } from "#web/components/forms/form-dialog.tsx";
import { type FieldErrors, useDialogForm } from "#web/components/forms/use-dialog-form.ts";
import { Button } from "#web/components/ui/button.tsx";
import { DialogFooter } from "#web/components/ui/dialog.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { toast } from "#web/lib/toast-store.ts";
import type { EmployeeName } from "#web/lib/workforce.ts";
import { createEmailChannel, invalidateEmailChannels, updateEmailChannel } from "../email-api.ts";
import { InboundAddress } from "./inbound-address.tsx";

// Its own chunk (email-card.tsx loads it on first use): add or edit an email channel; a new one ends on
// its inbound address, ready to be forwarded to.

type Values = { name: string; answeredBy: string; fromAddress: string };

type EmailChannelDialogProps = {
  companyId: string;
  /** The channel being edited, or null to add one. */
  channel: EmailChannel | null;
  open: boolean;
  onClose: () => void;
  employees: readonly EmployeeName[];
  departments: readonly Department[];
};

export function EmailChannelDialog({
  companyId,
  channel,
  open,
  onClose,
  employees,
  departments,
}: EmailChannelDialogProps) {
  const [created, setCreated] = useState<EmailChannel | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const title = created ? `${created.name} is ready` : channel ? `Edit ${channel.name}` : "Add an email channel";
  const description = created
    ? "Mail sent to its inbound address reaches your AI employee; the conversations appear in the inbox."
    : "An address your AI employee answers: choose who answers and, if you like, the address replies come from.";
  return (
    <FormDialog open={open} onClose={close} title={title} description={description}>
      {created ? (
        <div className="grid gap-4">
          <div className="grid gap-1.5 rounded-lg border bg-muted/30 p-3 text-sm">
            <p className="font-medium">Inbound address</p>
            <InboundAddress channel={created} />
          </div>
          <DialogFooter>
            <Button type="button" onClick={close}>
              Done
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <EmailChannelForm
          companyId={companyId}
          channel={channel}
          employees={employees}
          departments={departments}
          onCancel={close}
          onSaved={(saved) => (channel ? close() : setCreated(saved))}
        />
      )}
    </FormDialog>
  );
}

const initialValues = (channel: EmailChannel | null): Values => ({
  name: channel?.name ?? "",
  answeredBy: answeredByValue(channel?.aiEmployee, channel?.department),
  fromAddress: channel?.customFromAddress ? channel.fromAddress : "",
});

/** The channel as the API takes it, or what is wrong (the server checks again). */
export function parseEmailChannel(
  values: Values,
): { ok: true; input: EmailChannelCreate } | { ok: false; errors: FieldErrors<Values> } {
  const errors: FieldErrors<Values> = {};
  const name = values.name.trim();
  if (!name) errors.name = "Name is required";
  else if (name.length > EMAIL_CHANNEL_LIMITS.nameLength)
    errors.name = `At most ${EMAIL_CHANNEL_LIMITS.nameLength} characters`;
  const answeredBy = parseAnsweredBy(values.answeredBy);
  if (!answeredBy) errors.answeredBy = "Choose an AI employee or a department to answer";
  let fromAddress: string | null = null;
  if (values.fromAddress.trim()) {
    const parsed = emailField.safeParse(values.fromAddress);
    if (parsed.success) fromAddress = parsed.data;
    else errors.fromAddress = "Must be an email address like support@shop.example";
  }
  if (!answeredBy || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { name, fromAddress, ...answeredBy } };
}

type EmailChannelFormProps = {
  companyId: string;
  channel: EmailChannel | null;
  employees: readonly EmployeeName[];
  departments: readonly Department[];
  onCancel: () => void;
  onSaved: (channel: EmailChannel) => void;
};

function EmailChannelForm({ companyId, channel, employees, departments, onCancel, onSaved }: EmailChannelFormProps) {
  const queryClient = useQueryClient();
  const { values, set, errors, failure, saving, submit, control, fieldId } = useDialogForm<Values>(() =>
    initialValues(channel),
  );
  const onSubmit = submit({
    parse: parseEmailChannel,
    save: async (input: EmailChannelCreate) => {
      const saved = channel
        ? await updateEmailChannel(companyId, channel.id, input)
        : await createEmailChannel(companyId, input);
      toast({ title: channel ? `${saved.name} saved` : `${saved.name} added`, variant: "success" });
      await invalidateEmailChannels(queryClient, companyId);
      onSaved(saved);
    },
    refusal: (error) =>
      serverFieldErrors(error, ["name", "answeredBy", "fromAddress"] as const, {
        aiEmployeeId: "answeredBy",
        departmentId: "answeredBy",
      }),
  });
  const fromHint =
    "Your own address, like support@shop.example; your mail server must be allowed to send from it. Leave it empty to reply from the inbound address.";

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id={fieldId("name")} label="Name" error={errors.name}>
        <Input
          {...control("name")}
          value={values.name}
          maxLength={EMAIL_CHANNEL_LIMITS.nameLength}
          placeholder="Support mail"
          onChange={(event) => set("name", event.target.value)}
        />
      </FormField>
      <FormField id={fieldId("answeredBy")} label="Answered by" error={errors.answeredBy}>
        <AnsweredBySelect
          {...control("answeredBy")}
          value={values.answeredBy}
          onValueChange={(value) => set("answeredBy", value)}
          employees={employees}
          departments={departments}
        />
      </FormField>
      <FormField id={fieldId("fromAddress")} label="Replies come from" error={errors.fromAddress} hint={fromHint}>
        <Input
          {...control("fromAddress", fromHint)}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          value={values.fromAddress}
          maxLength={254}
          placeholder="support@shop.example"
          onChange={(event) => set("fromAddress", event.target.value)}
        />
      </FormField>
      <FormDialogFooter
        failure={failure}
        saving={saving}
        submitLabel={channel ? "Save" : "Add email channel"}
        onCancel={onCancel}
      />
    </form>
  );
}
