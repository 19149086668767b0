import { EMAIL_CHANGE_SENT, type EmailChangeForm, emailChangeSchema, type Profile } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { requestEmailChange } from "../api.ts";
import { ProfileCard } from "./profile-card.tsx";
import { useDisclosureForm } from "./use-disclosure-form.ts";
import { useProfileForm } from "./use-profile-form.ts";

const FIELDS = ["newEmail", "currentPassword"] as const;

/** The address the user signs in with; a new one takes effect once its confirmation link is opened. */
export function SignInEmailCard({ profile }: { profile: Profile }) {
  const disclosure = useDisclosureForm();
  return (
    <ProfileCard
      title="Sign-in email"
      description="The address you sign in with, where Foreman sends mail about your account."
      action={
        disclosure.open ? null : (
          <Button ref={disclosure.trigger} variant="outline" size="sm" onClick={disclosure.show}>
            Change email
          </Button>
        )
      }
    >
      <div className="grid gap-4">
        <p className="text-sm">
          You sign in with{" "}
          <span className="break-all font-medium" data-testid="current-email">
            {profile.email}
          </span>
        </p>
        {profile.pendingEmail ? (
          <div
            role="status"
            data-testid="pending-email"
            className="flex items-start gap-3 rounded-md border border-info/25 bg-info/10 px-3 py-2.5 text-sm"
          >
            <MailCheck className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
            <p>
              Waiting for confirmation: <span className="break-all font-medium">{profile.pendingEmail}</span>.{" "}
              {EMAIL_CHANGE_SENT}
            </p>
          </div>
        ) : null}
        {disclosure.open ? <EmailChangeFormView profile={profile} onDone={disclosure.hide} /> : null}
      </div>
    </ProfileCard>
  );
}

function EmailChangeFormView({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { form, failure, onSubmit, fieldId, errorOf, control } = useProfileForm<EmailChangeForm>(
    emailChangeSchema,
    FIELDS,
    { newEmail: "", currentPassword: "" },
  );
  const { isSubmitting } = form.formState;

  const submit = onSubmit(async (values) => {
    if (values.newEmail === profile.email.toLowerCase()) {
      form.setError("newEmail", { type: "same", message: "Is already your sign-in email" }, { shouldFocus: true });
      return;
    }
    await requestEmailChange(queryClient, values);
    toast({ title: `Check the inbox of ${values.newEmail}`, description: EMAIL_CHANGE_SENT, variant: "success" });
    onDone();
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Change your sign-in email" className="grid gap-4 border-t pt-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId("newEmail")} label="New email" error={errorOf("newEmail")}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            placeholder="you@company.com"
            autoFocus
            {...control("newEmail")}
          />
        </FormField>
        <FormField
          id={fieldId("currentPassword")}
          label="Current password"
          error={errorOf("currentPassword")}
          hint="To show it is you."
        >
          <Input
            type="password"
            autoComplete="current-password"
            {...control("currentPassword", "To show it is you.")}
          />
        </FormField>
      </div>
      <FormAlert message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Send confirmation link
        </Button>
      </div>
    </form>
  );
}
