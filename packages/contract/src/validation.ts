import { z } from "zod";

// The product's generic validation messages. Forms and the API use the same wording.
export const messages = {
  required: "Required",
  minLength: (min: number) => `Must be at least ${min} characters`,
  maxLength: (max: number) => `Must be at most ${max} characters`,
  invalidEmail: "Invalid email address",
  passwordsMustMatch: "Passwords must match",
} as const;

/** A trimmed string with the product's messages for missing, too short and too long values. */
export function requiredText(min: number, max: number) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .min(min, { error: messages.minLength(min) })
    .max(max, { error: messages.maxLength(max) });
}

export const emailField = z
  .string({ error: messages.required })
  .trim()
  .toLowerCase()
  .min(1, { error: messages.required })
  .max(254, { error: messages.maxLength(254) })
  .pipe(z.email({ error: messages.invalidEmail }));

export type FieldError = { field: string; message: string };

/** Flattens a zod error into one entry per failing field (dotted path), first message wins. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
}
