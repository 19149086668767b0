import type { WhatsappTemplate } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, Plus, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { whatsappTemplatesQueryOptions } from "#web/lib/whatsapp-templates.ts";
import {
  deleteWhatsappTemplate,
  describeWhatsappError,
  invalidateWhatsappTemplates,
  syncWhatsappTemplates,
  useLiveWhatsapp,
  whatsappKeys,
} from "../whatsapp-api.ts";
import { TimeAgo } from "./connection-details.tsx";
import { TemplateEditorDialog } from "./template-editor-dialog.tsx";
import { TemplateTable } from "./template-table.tsx";

/** The WhatsApp message templates: their review by Meta, a sync, and writing, changing or deleting one. */
export function TemplateManager({ canManage }: { canManage: boolean }) {
  const id = useId();
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const query = useQuery(whatsappTemplatesQueryOptions(companyId));
  useLiveWhatsapp(companyId, "templates");
  const [editing, setEditing] = useState<WhatsappTemplate | "new" | null>(null);
  const [deleting, setDeleting] = useState<WhatsappTemplate | null>(null);
  const [pending, setPending] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const data = query.data;
  const connected = data?.connected ?? false;

  async function sync() {
    setSyncing(true);
    try {
      const list = await syncWhatsappTemplates(companyId);
      // A list fetch started before the sync would answer the older list after it: drop it first.
      await queryClient.cancelQueries({ queryKey: whatsappKeys.templates(companyId) });
      queryClient.setQueryData(whatsappKeys.templates(companyId), list);
      toast({ title: "Templates synced", variant: "success" });
      await queryClient.invalidateQueries({ queryKey: whatsappKeys.status(companyId) });
    } catch (error) {
      toast({
        title: "The templates could not be synced",
        description: describeWhatsappError(error),
        variant: "destructive",
      });
    } finally {
      setSyncing(false);
    }
  }

  async function remove(template: WhatsappTemplate) {
    setPending(true);
    try {
      await deleteWhatsappTemplate(companyId, template.id);
      toast({ title: "Template deleted successfully", variant: "success" });
      setDeleting(null);
      await invalidateWhatsappTemplates(queryClient, companyId);
    } catch (error) {
      toast({
        title: `${template.name} could not be deleted`,
        description: describeWhatsappError(error),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  const content = (() => {
    if (query.error && !data) {
      return (
        <QueryError title="Couldn't load the templates" error={query.error} onRetry={() => void query.refetch()} />
      );
    }
    if (!data) {
      return (
        <div role="status" aria-label="Loading the templates" className="space-y-2 rounded-xl border bg-card p-4">
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      );
    }
    if (data.templates.length === 0) {
      return (
        <EmptyState
          icon={FileText}
          title="No templates found"
          description="Write one for each message you send customers outside WhatsApp's 24-hour window, such as an order update."
        />
      );
    }
    return (
      <TemplateTable templates={data.templates} canManage={canManage} onEdit={setEditing} onDelete={setDeleting} />
    );
  })();

  const syncHintId = `${id}-sync-hint`;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="whatsapp-templates">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={`${id}-heading`} className="font-semibold text-lg">
            WhatsApp templates
          </h2>
          <p className="text-muted-foreground text-sm">
            The messages you may send customers outside WhatsApp's 24-hour window. Meta reviews each before it can be
            used.
          </p>
          {data ? (
            <p id={syncHintId} className="text-muted-foreground text-xs" data-testid="templates-synced">
              {connected ? (
                <TimeAgo at={data.syncedAt} never="Not synced yet" prefix="Synced " />
              ) : (
                "Connect WhatsApp to submit templates for review and sync them; until then you can save drafts."
              )}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ManagerOnly allowed={canManage}>
            <Button
              variant="outline"
              disabled={!canManage || !connected || syncing}
              aria-describedby={data ? syncHintId : undefined}
              onClick={() => void sync()}
            >
              {syncing ? <Spinner /> : <RefreshCw aria-hidden />}
              Sync now
            </Button>
          </ManagerOnly>
          <ManagerOnly allowed={canManage}>
            <Button disabled={!canManage} onClick={() => setEditing("new")}>
              <Plus aria-hidden />
              New template
            </Button>
          </ManagerOnly>
        </div>
      </div>
      {content}
      <TemplateEditorDialog
        companyId={companyId}
        template={editing}
        connected={connected}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ""}?`}
        description={
          deleting?.metaTemplateId
            ? "It is deleted from your WhatsApp Business Account too and can no longer be sent. This cannot be undone."
            : "The draft is deleted. This cannot be undone."
        }
        confirmLabel="Delete"
        pending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </section>
  );
}
