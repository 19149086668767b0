import { useQueryClient } from "@tanstack/react-query";
import { RotateCcw, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { exactDateTime } from "#web/lib/relative-time.ts";
import { toast } from "#web/lib/toast-store.ts";
import { invalidateDeletion, restoreCompany, scheduleDeletion } from "../api.ts";
import { DeleteCompanyDialog } from "./delete-company-dialog.tsx";

type DangerZoneCardProps = {
  companyId: string;
  companyName: string;
  /** When the scheduled deletion happens, or null. */
  deletionScheduledFor: string | null;
  deletionRequestedBy: string | null;
};

/** Owners only: delete the company (after a grace period), or restore it while the grace lasts. */
export function DangerZoneCard({
  companyId,
  companyName,
  deletionScheduledFor,
  deletionRequestedBy,
}: DangerZoneCardProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);

  async function schedule(confirm: string) {
    await scheduleDeletion(companyId, confirm);
    setConfirming(false);
    await invalidateDeletion(queryClient, companyId);
    toast({ title: `${companyName} is scheduled for deletion`, description: "Every owner was sent an email." });
  }

  async function restore() {
    setRestoring(true);
    try {
      await restoreCompany(companyId);
      await invalidateDeletion(queryClient, companyId);
      toast({ title: `${companyName} was restored`, variant: "success" });
    } catch (error) {
      toast({ title: "The company could not be restored", description: describeError(error), variant: "destructive" });
    } finally {
      setRestoring(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={id} className="border-destructive/40" data-testid="danger-zone">
      <CardHeader>
        <CardTitle className="text-destructive">
          <h2 id={id}>Danger zone</h2>
        </CardTitle>
        <CardDescription>Deleting the company removes everything in it, for everyone, for good.</CardDescription>
      </CardHeader>
      <CardContent>
        {deletionScheduledFor ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">
              <span className="font-medium">
                {companyName} will be deleted on {exactDateTime(deletionScheduledFor)}.
              </span>{" "}
              <span className="text-muted-foreground">
                {deletionRequestedBy ? `${deletionRequestedBy} asked for it. ` : ""}Restore it to call this off.
              </span>
            </p>
            <Button variant="outline" onClick={() => void restore()} disabled={restoring}>
              {restoring ? <Spinner /> : <RotateCcw aria-hidden />}
              Restore company
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-muted-foreground text-sm">
              Export the data first if you may need it: nothing can be recovered after the deletion.
            </p>
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden />
              Delete this company
            </Button>
          </div>
        )}
        <DeleteCompanyDialog
          open={confirming}
          companyName={companyName}
          onClose={() => setConfirming(false)}
          onConfirm={schedule}
        />
      </CardContent>
    </Card>
  );
}
