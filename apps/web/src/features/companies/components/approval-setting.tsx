import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { meQueryKey, updateCompanySettings } from "../api.ts";
import { useCanManage, useMembersMayApprove } from "../use-can-manage.ts";

/**
 * The company's "members may approve" setting: owners and admins always authorize action items and
 * cancel placed orders; with it on, members may too. Owners and admins change it; members see it.
 */
export function ApprovalSetting() {
  const companyId = useCompanyId();
  const canManage = useCanManage();
  const membersMayApprove = useMembersMayApprove();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function change(next: boolean) {
    setSaving(true);
    try {
      await updateCompanySettings(companyId, { membersMayApprove: next });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast({
        title: next ? "Members may now approve" : "Only owners and admins approve now",
        variant: "success",
      });
    } catch (error) {
      toast({ title: "The setting could not be changed", description: describeError(error), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex items-start gap-2" data-testid="approval-setting">
      <input
        id={id}
        type="checkbox"
        checked={membersMayApprove ?? false}
        disabled={!canManage || saving || membersMayApprove === null}
        onChange={(event) => void change(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm">
          Members may approve
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {canManage ? "Owners and admins always can." : "Only owners and admins can change this."}
        </p>
      </div>
    </div>
  );
}
