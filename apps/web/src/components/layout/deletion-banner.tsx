import type { MemberCompany } from "@foreman/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { apiRequest } from "#web/lib/api-client.ts";
import { describeError } from "#web/lib/api-error.ts";
import { meQueryKey } from "#web/lib/me.ts";
import { toast } from "#web/lib/toast-store.ts";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

// Above every page while the selected company is scheduled for deletion (/app/me.json's
// deletion_scheduled_for): everyone sees when, owners can restore it from here.

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

/** `DELETE /app/companies/{id}/deletion.json` (owners); then the banner and the privacy tab refresh. */
function restore(companyId: string) {
  return apiRequest<unknown>(`/app/companies/${encodeURIComponent(companyId)}/deletion.json`, {
    companyScoped: true,
    companyId,
    method: "DELETE",
  });
}

export function DeletionBanner({ company }: { company: MemberCompany | null }) {
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState(false);
  if (!company?.deletionScheduledFor) return null;
  const { id, name, role } = company;
  const when = dateFormat.format(new Date(company.deletionScheduledFor));

  async function onRestore() {
    setRestoring(true);
    try {
      await restore(id);
      // The privacy tab's key (features/privacy/api.ts) and the user's companies.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: ["privacy", id] }),
      ]);
      toast({ title: `${name} was restored`, variant: "success" });
    } catch (error) {
      toast({ title: "The company could not be restored", description: describeError(error), variant: "destructive" });
    } finally {
      setRestoring(false);
    }
  }

  return (
    <section
      aria-label="Company deletion"
      className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border border-destructive/30 bg-destructive/10 px-4 py-3"
      data-testid="deletion-banner"
    >
      <TriangleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">This company will be deleted on {when}.</p>
        <p className="text-muted-foreground">
          {role === "owner"
            ? "Everything in it will be gone for good. Restore it to keep it."
            : "Everything in it will be gone for good. Ask an owner to restore it if this is a mistake."}
        </p>
      </div>
      {role === "owner" ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to="/settings" search={{ tab: "privacy" }}>
              Privacy settings
            </Link>
          </Button>
          <Button size="sm" onClick={() => void onRestore()} disabled={restoring}>
            {restoring ? <Spinner /> : null}
            Restore company
          </Button>
        </div>
      ) : null}
    </section>
  );
}
