import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { type DefaultValues, type FieldPath, type FieldValues, useForm } from "react-hook-form";
import type { z } from "zod";
import { describedBy } from "#web/components/ui/form-field.tsx";
import { isApiError, tooManyAttemptsMessage } from "#web/lib/api-error.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";

/**
 * A profile form: the contract's schema checks it before anything is sent; a refusal puts each of the
 * server's details on its field (the first one focused), or shows as one message when none is the form's.
 */
export function useProfileForm<Values extends FieldValues>(
  schema: z.ZodType<Values, Values>,
  fields: readonly FieldPath<Values>[],
  defaultValues: DefaultValues<Values>,
) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues });
  const { errors } = form.formState;

  /** Runs `save` with the checked values; a refusal lands on the fields or in `failure`. */
  const onSubmit = (save: (values: Values) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await save(values);
      } catch (error) {
        if (isApiError(error) && error.status === 429) {
          setFailure(tooManyAttemptsMessage(error.retryAfterSeconds));
          return;
        }
        const refused = serverFieldErrors(error, fields);
        const named = Object.entries(refused.fields) as [FieldPath<Values>, string][];
        named.forEach(([field, message], index) => {
          form.setError(field, { type: "server", message }, { shouldFocus: index === 0 });
        });
        setFailure(refused.message ?? null);
      }
    });

  const fieldId = (name: FieldPath<Values>) => `${id}-${name}`;
  const errorOf = (name: FieldPath<Values>) => {
    const error = (errors as Record<string, { message?: unknown } | undefined>)[name];
    return typeof error?.message === "string" ? error.message : undefined;
  };
  /** A field's input props: its id, its value binding, and its error for screen readers. */
  const control = (name: FieldPath<Values>, hint?: string) => ({
    id: fieldId(name),
    "aria-invalid": errorOf(name) ? true : undefined,
    "aria-describedby": describedBy(fieldId(name), errorOf(name), hint),
    ...form.register(name),
  });

  return { form, failure, setFailure, onSubmit, fieldId, errorOf, control };
}
