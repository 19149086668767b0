import { COMPANY_LANGUAGE_LABELS, COMPANY_LANGUAGES } from "@foreman/contract";
import type { ComponentProps } from "react";
import { Label } from "#web/components/ui/label.tsx";
import { cn } from "#web/lib/utils.ts";

type LanguageFieldProps = Omit<ComponentProps<"select">, "children"> & {
  id: string;
  label: string;
  /** One line under the label saying what the choice changes. */
  hint: string;
  error?: string;
};

/**
 * The company's language as a native select: it is uncontrolled like the form's inputs (the form's
 * engine registers it when it arrives) and needs no script to open, choose or reach by keyboard.
 */
export function LanguageField({ id, label, hint, error, className, ...selectProps }: LanguageFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        defaultValue="en"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={cn(
          "h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition-[color,box-shadow,border-color] dark:bg-input/20",
          "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
          "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30",
          className,
        )}
        {...selectProps}
      >
        {COMPANY_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {COMPANY_LANGUAGE_LABELS[language]}
          </option>
        ))}
      </select>
      <p id={hintId} className="text-muted-foreground text-sm">
        {hint}
      </p>
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
