import { OWNER_ONLY_SETTING } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { meQueryKey, meQueryOptions, updateCompanySettings } from "../api.ts";

/**
 * The company's "require two-factor sign-in" setting (owners only): with it on, everyone must sign in
 * with a code from an authenticator app to reach the company's data; members without it are asked to
 * turn it on first. Turning it on is confirmed. Admins and members see it, disabled.
 */
export function TwoFactorRequirementSetting() {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQueryOptions());
  const membership = me?.managedCompanies.find((company) => company.id === companyId) ?? null;
  const isOwner = membership?.role === "owner";
  const required = membership?.requireTwoFactor ?? null;
  // An owner without it would shut themselves out at once: they turn it on for themselves first.
  const ownerLacksIt = isOwner && me?.twoFactorEnabled === false;
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  // A refused confirmation is said in the dialog, where the owner is looking.
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  async function change(next: boolean) {
    setSaving(true);
    setFailure(null);
    try {
      await updateCompanySettings(companyId, { requireTwoFactor: next });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      setConfirming(false);
      toast({
        title: next ? "Two-factor sign-in is now required" : "Two-factor sign-in is no longer required",
        variant: "success",
      });
    } catch (error) {
      if (next) setFailure(describeError(error));
      else
        toast({ title: "The setting could not be changed", description: describeError(error), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  const hint = !isOwner
    ? `${OWNER_ONLY_SETTING}.`
    : ownerLacksIt && !required
      ? "Turn on two-factor sign-in for yourself first, in your profile."
      : "Everyone must sign in with a code from an authenticator app to work in this company.";

  return (
    <div className="flex items-start gap-2" data-testid="two-factor-requirement-setting">
      <input
        id={id}
        type="checkbox"
        checked={required ?? false}
        // Turning it off stays possible for an owner who lost their own second factor.
        disabled={!isOwner || saving || required === null || (ownerLacksIt && !required)}
        onChange={(event) => {
          if (!event.target.checked) return void change(false);
          setFailure(null);
          setConfirming(true);
        }}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm">
          Require two-factor sign-in
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
          {isOwner && ownerLacksIt && !required ? (
            <>
              {" "}
              <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
                Open your profile
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <DialogFrame
        open={confirming}
        onClose={() => setConfirming(false)}
        pending={saving}
        title={`Require two-factor sign-in in ${membership?.name ?? "this company"}?`}
        description="Everyone will need a code from an authenticator app, as well as their password, to work in this company."
      >
        <p className="text-muted-foreground text-sm">
          Members who have not turned on two-factor sign-in will be asked to, the next time they open this company, and
          will see none of its data until they do. Their other companies are not affected.
        </p>
        <FormAlert message={failure} />
        <DialogActions
          actionLabel="Require it"
          onAction={() => void change(true)}
          pending={saving}
          onCancel={() => setConfirming(false)}
        />
      </DialogFrame>
    </div>
  );
}
