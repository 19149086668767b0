import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";

type SettingsFormFooterProps = {
  /** The server's refusal of the last save, shown above the button. */
  failure: string | null | undefined;
  canManage: boolean;
  isDirty: boolean;
  isSubmitting: boolean;
};

/** The end of a General settings card: what went wrong, and Save for owners and admins. */
export function SettingsFormFooter({ failure, canManage, isDirty, isSubmitting }: SettingsFormFooterProps) {
  return (
    <>
      <FormAlert message={failure} />
      {canManage ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? <Spinner /> : null}
            {isSubmitting ? "Saving…" : "Save"}
          </Button>
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">Only owners and admins can change these.</p>
      )}
    </>
  );
}
