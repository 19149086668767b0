import { INVALID_TWO_FACTOR_CODE, normalizeCode, TOTP_DIGITS, twoFactorCodeSchema } from "@foreman/contract";
import { useEffect, useRef } from "react";
import { describedBy, FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { isApiError, tooManyAttemptsMessage } from "#web/lib/api-error.ts";
import { serverFieldErrors } from "#web/lib/server-field-errors.ts";
import { CODE_LABELS, type CodeKind, codeInputProps, SWITCH_CODE_KIND } from "#web/lib/two-factor-code.ts";

// The code that proves the phone is at hand: 6 digits from the authenticator app, or — where the
// server takes one (turning two-factor off, new recovery codes) — one of the recovery codes.

export type { CodeKind };

export const APP_CODE_FORMAT = `Enter the ${TOTP_DIGITS}-digit code your authenticator app shows`;

/** What is wrong with a typed code before it is sent, or undefined. */
export function checkCode(kind: CodeKind, value: string): string | undefined {
  const parsed = twoFactorCodeSchema.safeParse({ code: value });
  if (!parsed.success) return parsed.error.issues[0]?.message;
  if (kind === "app" && !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(value))) return APP_CODE_FORMAT;
  return undefined;
}

/** A refused code at the field; throttling, an unavailable server and the rest as the form's message. */
export function codeRefusal(error: unknown): { fields: { code?: string }; message?: string } {
  if (isApiError(error) && error.status === 429) {
    const wait = error.retryAfterSeconds;
    return {
      fields: {},
      message: error.body.errorDescription ?? tooManyAttemptsMessage(wait),
    };
  }
  // A wrong code said without field details still belongs at the field.
  if (isApiError(error) && !error.body.details && error.body.errorDescription === INVALID_TWO_FACTOR_CODE)
    return { fields: { code: INVALID_TWO_FACTOR_CODE } };
  return serverFieldErrors(error, ["code"] as const);
}

type CodeFieldProps = {
  id: string;
  kind: CodeKind;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  /** Offers "Use a recovery code instead" (and back) when given. */
  onKindChange?: (kind: CodeKind) => void;
};

export function CodeField({ id, kind, value, onChange, error, disabled, onKindChange }: CodeFieldProps) {
  const app = kind === "app";
  const input = useRef<HTMLInputElement>(null);
  const shownKind = useRef(kind);
  // After switching kinds, back to the field: once its keyboard (inputMode) has changed.
  useEffect(() => {
    if (shownKind.current === kind) return;
    shownKind.current = kind;
    input.current?.focus();
  });
  const hint = app
    ? "The 6-digit code your authenticator app shows for Foreman right now."
    : "One of the recovery codes you saved. Each works once.";
  return (
    <div className="grid gap-1.5">
      <FormField id={id} label={CODE_LABELS[kind]} error={error} hint={hint}>
        <Input
          ref={input}
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          {...codeInputProps(kind)}
          className={app ? "max-w-40 font-mono tracking-[0.3em]" : "font-mono"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
        />
      </FormField>
      {onKindChange ? (
        <button
          type="button"
          onClick={() => {
            onChange("");
            onKindChange(app ? "recovery" : "app");
          }}
          className="w-fit rounded-sm font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {SWITCH_CODE_KIND[kind]}
        </button>
      ) : null}
    </div>
  );
}
