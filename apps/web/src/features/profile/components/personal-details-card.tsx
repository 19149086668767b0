import { type Profile, type ProfilePatch, profilePatchSchema } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { updateProfile } from "../api.ts";
import { ProfileCard } from "./profile-card.tsx";
import { useProfileForm } from "./use-profile-form.ts";

const FIELDS = ["firstName", "lastName"] as const;

/** First and last name, as colleagues see them. */
export function PersonalDetailsCard({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const { form, failure, onSubmit, fieldId, errorOf, control } = useProfileForm<ProfilePatch>(
    profilePatchSchema,
    FIELDS,
    { firstName: profile.firstName, lastName: profile.lastName },
  );
  const { isDirty, isSubmitting } = form.formState;

  const submit = onSubmit(async (values) => {
    const saved = await updateProfile(queryClient, values);
    // The saved names become the form's starting point: Save waits for the next change.
    form.reset({ firstName: saved.firstName, lastName: saved.lastName });
    toast({ title: "Your name is saved", variant: "success" });
  });

  return (
    <ProfileCard title="Personal details" description="Your name as your colleagues see it in Foreman.">
      <form noValidate onSubmit={submit} aria-label="Personal details" className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={fieldId("firstName")} label="First name" error={errorOf("firstName")}>
            <Input autoComplete="given-name" {...control("firstName")} />
          </FormField>
          <FormField id={fieldId("lastName")} label="Last name" error={errorOf("lastName")}>
            <Input autoComplete="family-name" {...control("lastName")} />
          </FormField>
        </div>
        <FormAlert message={failure} />
        <div className="flex justify-end">
          <Button type="submit" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? <Spinner /> : null}
            {isSubmitting ? "Saving…" : "Save"}
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}
