import { type FormEvent, useId, useState } from "react";
import { describedBy } from "#web/components/ui/form-field.tsx";

/** A form's errors by field. */
export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

type SubmitSteps<Values, Input> = {
  /** The values as the API takes them, or what is wrong with them (the server checks again). */
  parse: (values: Values) => { ok: true; input: Input } | { ok: false; errors: FieldErrors<Values> };
  /** Sends them; a refusal is put on the fields it names through `refusal`. */
  save: (input: Input) => Promise<void>;
  /** A refused save by the form's fields, or as one message. */
  refusal: (error: unknown) => { fields: FieldErrors<Values>; message?: string };
};

/**
 * The state of a hand-written dialog form: its values, their errors, the server's refusal, whether it is
 * saving; `submit` checks, saves, and sorts a refusal onto the fields; `control` gives a field's control
 * its id and its accessible error and hint.
 */
export function useDialogForm<Values extends object>(initial: Values | (() => Values)) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit =
    <Input>({ parse, save, refusal }: SubmitSteps<Values, Input>) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setFailure(null);
      const parsed = parse(values);
      if (!parsed.ok) {
        setErrors(parsed.errors);
        return;
      }
      setErrors({});
      setSaving(true);
      try {
        await save(parsed.input);
      } catch (error) {
        const { fields, message } = refusal(error);
        setErrors(fields);
        setFailure(message ?? null);
      } finally {
        setSaving(false);
      }
    };

  const fieldId = (key: keyof Values & string) => `${id}-${key}`;
  const control = (key: keyof Values & string, hint?: string) => ({
    id: fieldId(key),
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": describedBy(fieldId(key), errors[key], hint),
  });

  return { id, values, setValues, set, errors, failure, saving, submit, fieldId, control };
}
