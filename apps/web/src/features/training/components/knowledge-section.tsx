import type { KnowledgeEntry } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen, NotebookPen } from "lucide-react";
import { useMemo, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { saveFile } from "#web/lib/save-file.ts";
import { toast } from "#web/lib/toast-store.ts";
import {
  deleteKnowledgeEntry,
  downloadKnowledgeFile,
  employeeNamesQueryOptions,
  invalidateKnowledge,
  knowledgeEntriesQueryOptions,
} from "../api.ts";
import { KnowledgeEntryDialog } from "./knowledge-entry-dialog.tsx";
import { type KnowledgeActions, KnowledgeTable } from "./knowledge-table.tsx";
import { KnowledgeTestSearch } from "./knowledge-test-search.tsx";
import { KnowledgeUpload } from "./knowledge-upload.tsx";
import { useLiveKnowledge } from "./use-live-knowledge.ts";

/** What the AI employees answer from: files and hand-written entries, their processing, and a test search. */
export function KnowledgeSection({ canManage }: { canManage: boolean }) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const query = useQuery(knowledgeEntriesQueryOptions(companyId));
  const { data: employees = [] } = useQuery(employeeNamesQueryOptions(companyId));
  useLiveKnowledge(companyId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<KnowledgeEntry | null>(null);
  const [pending, setPending] = useState(false);

  const names = useMemo(() => new Map(employees.map((employee) => [employee.id, employee.name])), [employees]);

  const actions = useMemo<KnowledgeActions>(
    () => ({
      canManage,
      onDelete: setDeleting,
      onDownload: async (entry) => {
        try {
          saveFile(await downloadKnowledgeFile(companyId, entry.id), entry.fileName ?? entry.title);
        } catch (error) {
          toast({ title: "The download failed", description: describeError(error), variant: "destructive" });
        }
      },
    }),
    [canManage, companyId],
  );

  async function remove(entry: KnowledgeEntry) {
    setPending(true);
    try {
      await deleteKnowledgeEntry(companyId, entry.id);
      toast({ title: `${entry.title} deleted`, variant: "success" });
      setDeleting(null);
      await invalidateKnowledge(queryClient, companyId);
    } catch (error) {
      toast({
        title: `${entry.title} could not be deleted`,
        description: describeError(error),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  const data = query.data;
  const content = (() => {
    if (query.error && !data) {
      return (
        <QueryError title="Couldn't load the knowledge base" error={query.error} onRetry={() => void query.refetch()} />
      );
    }
    if (!data) {
      return (
        <div role="status" aria-label="Loading the knowledge base" className="space-y-2 rounded-xl border bg-card p-4">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      );
    }
    if (data.entries.length === 0) {
      return (
        <EmptyState
          icon={BookOpen}
          title="The knowledge base is empty"
          description="What your AI employees read before they answer appears here. Upload your policies, manuals and price sheets, or write down the answers they should give."
        />
      );
    }
    return <KnowledgeTable entries={data.entries} names={names} actions={actions} />;
  })();

  return (
    <section aria-labelledby="knowledge-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id="knowledge-heading" className="font-semibold text-lg">
            Knowledge base
          </h2>
          <p className="text-muted-foreground text-sm">
            What your AI employees answer from. An entry for no one in particular is for all of them.
          </p>
        </div>
        <ManagerOnly allowed={canManage}>
          <Button variant="outline" disabled={!canManage} onClick={() => setAdding(true)}>
            <NotebookPen aria-hidden />
            Add entry
          </Button>
        </ManagerOnly>
      </div>
      <KnowledgeUpload companyId={companyId} employees={employees} canManage={canManage} />
      {content}
      <KnowledgeTestSearch companyId={companyId} employees={employees} />
      <KnowledgeEntryDialog companyId={companyId} employees={employees} open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.title ?? ""}?`}
        description="The AI employees stop answering from it at once. This cannot be undone."
        confirmLabel="Delete"
        pending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </section>
  );
}
