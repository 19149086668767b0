import { CONTACT_CHANNELS, type ContactChannel } from "@foreman/contract";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { Button } from "#web/components/ui/button.tsx";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import type { EmployeeFormOutput, EmployeeFormValues } from "./employee-form-schema.ts";

const CHANNEL_LABELS: Record<ContactChannel, string> = {
  whatsapp: "WhatsApp",
  email: "Email",
  phone: "Phone",
  sms: "SMS",
  web_chat: "Web chat",
};

type ContactPointsFieldProps = {
  control: Control<EmployeeFormValues, unknown, EmployeeFormOutput>;
  register: UseFormRegister<EmployeeFormValues>;
  errors: FieldErrors<EmployeeFormValues>;
};

/** Where the employee answers: rows of channel and address, added and removed freely. */
export function ContactPointsField({ control, register, errors }: ContactPointsFieldProps) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name: "contactPoints" });
  const listError = errors.contactPoints?.message ?? errors.contactPoints?.root?.message;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 font-medium text-sm">Contact points</legend>
      {fields.length === 0 ? <p className="text-muted-foreground text-xs">None yet.</p> : null}
      {fields.map((field, index) => {
        const rowErrors = errors.contactPoints?.[index];
        const channelId = `${id}-${index}-channel`;
        const addressId = `${id}-${index}-address`;
        return (
          <div key={field.id} className="grid gap-1">
            <div className="flex flex-wrap items-start gap-2">
              <label htmlFor={channelId} className="sr-only">
                Channel {index + 1}
              </label>
              <select
                id={channelId}
                className={`${SELECT_CLASS} w-36`}
                aria-invalid={rowErrors?.channel ? true : undefined}
                {...register(`contactPoints.${index}.channel`)}
              >
                {CONTACT_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </select>
              <label htmlFor={addressId} className="sr-only">
                Address {index + 1}
              </label>
              <Input
                id={addressId}
                className="min-w-40 flex-1"
                placeholder="+1 555 0100, sales@example.com…"
                aria-invalid={rowErrors?.address ? true : undefined}
                {...register(`contactPoints.${index}.address`)}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove contact point ${index + 1}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
            {rowErrors?.channel?.message || rowErrors?.address?.message ? (
              <p className="text-destructive text-xs">{rowErrors.channel?.message ?? rowErrors.address?.message}</p>
            ) : null}
          </div>
        );
      })}
      {listError ? <p className="text-destructive text-xs">{listError}</p> : null}
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => append({ channel: "whatsapp", address: "" })}
      >
        <Plus aria-hidden />
        Add contact point
      </Button>
    </fieldset>
  );
}
