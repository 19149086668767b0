import { type PasswordChangeForm, type Profile, passwordChangeSchema } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { relativeTime } from "#web/lib/relative-time.ts";
import { toast } from "#web/lib/toast-store.ts";
import { changePassword } from "../api.ts";
import { ProfileCard } from "./profile-card.tsx";
import { useDisclosureForm } from "./use-disclosure-form.ts";
import { useProfileForm } from "./use-profile-form.ts";

const FIELDS = ["currentPassword", "password", "passwordConfirmation"] as const;
const NEW_PASSWORD_HINT = "At least 8 characters; a phrase of unrelated words is strong and easy to remember.";

/** Changing the password with the current one; every other session is signed out. */
export function PasswordCard({ profile }: { profile: Profile }) {
  const disclosure = useDisclosureForm();
  const changed = relativeTime(profile.passwordChangedAt);
  return (
    <ProfileCard
      title="Password"
      description={changed ? `Last changed ${changed}.` : "Use a password you use nowhere else."}
      action={
        disclosure.open ? null : (
          <Button ref={disclosure.trigger} variant="outline" size="sm" onClick={disclosure.show}>
            Change password
          </Button>
        )
      }
    >
      {disclosure.open ? (
        <PasswordChangeFormView email={profile.email} onDone={disclosure.hide} />
      ) : (
        <p className="text-muted-foreground text-sm">
          Changing it signs you out everywhere else: on other browsers and devices, you sign in again with the new one.
        </p>
      )}
    </ProfileCard>
  );
}

function PasswordChangeFormView({ email, onDone }: { email: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { form, failure, onSubmit, fieldId, errorOf, control } = useProfileForm<PasswordChangeForm>(
    passwordChangeSchema,
    FIELDS,
    { currentPassword: "", password: "", passwordConfirmation: "" },
  );
  const { isSubmitting } = form.formState;

  const submit = onSubmit(async (values) => {
    await changePassword(queryClient, values);
    toast({ title: "Password changed", description: "Every other session was signed out.", variant: "success" });
    onDone();
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Change your password" className="grid gap-4">
      {/* Password managers file the new password under this account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField id={fieldId("currentPassword")} label="Current password" error={errorOf("currentPassword")}>
        <Input type="password" autoComplete="current-password" autoFocus {...control("currentPassword")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId("password")} label="New password" error={errorOf("password")} hint={NEW_PASSWORD_HINT}>
          <Input type="password" autoComplete="new-password" {...control("password", NEW_PASSWORD_HINT)} />
        </FormField>
        <FormField
          id={fieldId("passwordConfirmation")}
          label="Confirm new password"
          error={errorOf("passwordConfirmation")}
        >
          <Input type="password" autoComplete="new-password" {...control("passwordConfirmation")} />
        </FormField>
      </div>
      <FormAlert message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Change password
        </Button>
      </div>
    </form>
  );
}
