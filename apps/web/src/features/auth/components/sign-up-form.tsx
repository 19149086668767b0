import type { SignUpForm as SignUpValues } from "@foreman/contract";
import { useCallback } from "react";
import type { SignUpInvitation } from "../sign-up-engine.ts";
import { useDeferredForm } from "../use-deferred-form.ts";
import { AuthForm } from "./auth-form.tsx";
import { LanguageField } from "./language-field.tsx";
import { TextField, type TextFieldProps } from "./text-field.tsx";

type SignUpFormProps = {
  /** Runs once the account exists and the session is stored; the page navigates on. */
  onSignedUp: () => void | Promise<void>;
  /** From an invitation link: the address is the invited one, and no company is made (it joins the inviting one). */
  invitation?: SignUpInvitation;
};

type FieldName = keyof SignUpValues;
type TextFieldName = Exclude<FieldName, "companyLanguage">;

/** Each text field's id, label and input hints (autofill, the phone keyboard). */
const FIELD_PROPS: Record<
  TextFieldName,
  Pick<TextFieldProps, "id" | "label" | "type" | "inputMode" | "autoComplete" | "placeholder">
> = {
  firstName: { id: "sign-up-first-name", label: "First name", autoComplete: "given-name" },
  lastName: { id: "sign-up-last-name", label: "Last name", autoComplete: "family-name" },
  email: {
    id: "sign-up-email",
    label: "Work email",
    type: "email",
    inputMode: "email",
    autoComplete: "email",
    placeholder: "you@company.com",
  },
  companyName: { id: "sign-up-company-name", label: "Company name", autoComplete: "organization" },
  password: { id: "sign-up-password", label: "Password", type: "password", autoComplete: "new-password" },
  passwordConfirmation: {
    id: "sign-up-password-confirmation",
    label: "Confirm password",
    type: "password",
    autoComplete: "new-password",
  },
};

const loadEngine = (invitation?: SignUpInvitation) =>
  import("../sign-up-engine.ts").then((module) => module.createSignUpEngine(invitation));

export function SignUpForm({ onSignedUp, invitation }: SignUpFormProps) {
  const token = invitation?.token;
  const invitedEmail = invitation?.email;
  // One engine per invitation (the token and the address are its defaults).
  const load = useCallback(
    () => loadEngine(token !== undefined && invitedEmail !== undefined ? { token, email: invitedEmail } : undefined),
    [token, invitedEmail],
  );
  const { field: bind, formError, submitting, formProps } = useDeferredForm(load, onSignedUp);

  // Each field bound to the form: its id, label and hints, its value and its error.
  const field = (name: TextFieldName) => ({ ...FIELD_PROPS[name], ...bind(name) });
  return (
    <AuthForm
      label="Sign up"
      {...formProps}
      error={formError}
      submitting={submitting}
      submitLabel={invitation ? "Create account and join" : "Create account"}
      submittingLabel="Creating your account…"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field("firstName")} autoFocus />
        <TextField {...field("lastName")} />
      </div>
      {invitation ? (
        // The invitation is for this address; the server refuses any other.
        <TextField
          {...field("email")}
          defaultValue={invitation.email}
          readOnly
          className="bg-muted/60 text-muted-foreground dark:bg-muted/40"
        />
      ) : (
        <>
          <TextField {...field("email")} />
          <TextField {...field("companyName")} />
          <LanguageField
            id="sign-up-company-language"
            label="Company language"
            hint="Your departments, AI employee presets and website chat start in this language."
            {...bind("companyLanguage")}
          />
        </>
      )}
      <TextField {...field("password")} />
      <TextField {...field("passwordConfirmation")} />
    </AuthForm>
  );
}
