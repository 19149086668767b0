import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

// The sign-in and sign-up forms paint as plain inputs. Their engine — react-hook-form, the contract's
// zod schema and the API client, about 40 KB gzip, twice the rest of the page's own code — comes the
// first time the visitor presses a key, points or types in the form. The inputs are uncontrolled and
// stay the same elements: when the engine arrives, react-hook-form registers them and reads what is
// already typed. A submit made before then waits for it.

/** What a form's engine failed with, to show above the button; null when its fields say it all. */
export type SendOutcome = { sent: true } | { sent: false; formError: string | null };

/** The lazily loaded half of a form: a react-hook-form control (createFormControl) and its call. */
export type FormEngine<Values extends FieldValues, Sent = Values> = Pick<
  UseFormReturn<Values, unknown, Sent>,
  "register" | "subscribe" | "handleSubmit"
> & {
  send: (values: Sent) => Promise<SendOutcome>;
};

/** The engine could not be fetched (offline, or a new version replaced the files). */
const ENGINE_UNAVAILABLE = "The page could not finish loading. Check your connection and try again.";

export function useDeferredForm<Values extends FieldValues, Sent>(
  load: () => Promise<FormEngine<Values, Sent>>,
  onSent: () => void | Promise<void>,
) {
  const [engine, setEngine] = useState<FormEngine<Values, Sent> | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // Submitted before the engine arrived: it submits once it has.
  const [queued, setQueued] = useState(false);
  const loading = useRef<Promise<void> | null>(null);
  const sentRef = useRef(onSent);
  sentRef.current = onSent;

  // Fetches the engine once; a failed fetch is tried again on the next key press or submit.
  const warm = useCallback(() => {
    loading.current ??= load().then(setEngine, (error: unknown) => {
      loading.current = null;
      throw error;
    });
    return loading.current;
  }, [load]);
  const prefetch = useCallback(() => {
    warm().catch(() => {});
  }, [warm]);

  // Submitting lasts from the press until the call and what follows it (the navigation) are done.
  const submit = useCallback(async (current: FormEngine<Values, Sent>) => {
    setSubmitting(true);
    try {
      await current.handleSubmit(async (values) => {
        setFormError(null);
        const outcome = await current.send(values);
        if (outcome.sent) await sentRef.current();
        else setFormError(outcome.formError);
      })();
    } finally {
      setSubmitting(false);
    }
  }, []);

  useEffect(() => {
    if (!engine) return;
    // react-hook-form updates its errors object in place: copy it so React sees the change.
    return engine.subscribe({
      formState: { errors: true },
      callback: (state) => setErrors({ ...state.errors } as FieldErrors<Values>),
    });
  }, [engine]);

  useEffect(() => {
    if (!engine || !queued) return;
    setQueued(false);
    void submit(engine);
  }, [engine, queued, submit]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (engine) {
      void submit(engine);
      return;
    }
    setFormError(null);
    setQueued(true);
    warm().catch(() => {
      setQueued(false);
      setFormError(ENGINE_UNAVAILABLE);
    });
  };

  /** A field's name, error and, once the engine is in, its react-hook-form binding. */
  const field = <Name extends FieldPath<Values>>(name: Name) => ({
    name,
    error: errors[name]?.message as string | undefined,
    ...engine?.register(name),
  });

  return {
    field,
    formError,
    submitting: isSubmitting || queued,
    /** Spread on the <form>: any press, point or typing in it fetches the engine. */
    formProps: { onSubmit, onKeyDown: prefetch, onPointerDown: prefetch, onInput: prefetch },
  };
}
