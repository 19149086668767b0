import {
  type AiEmployeesSearch,
  type CompanyLanguage,
  CREATED_AT_FROM_KEY,
  CREATED_AT_TO_KEY,
  type DateRangeSearch,
  type EmployeeOutcome,
} from "@foreman/contract";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bot, UserPlus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { HelpLink } from "#web/components/help-link.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { TimeFrameBar } from "#web/components/period/time-frame-bar.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { describePeriod, periodFromSearch } from "#web/lib/period.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { toast } from "#web/lib/toast-store.ts";
import {
  exportAiEmployeesCsv,
  invalidateWorkforce,
  setAiEmployeeActive,
  workforceOutcomesQueryOptions,
} from "../api.ts";
import { AiEmployeesTableSkeleton } from "./ai-employees-loading.tsx";
import { DeactivateDialog } from "./deactivate-dialog.tsx";
import { type DepartmentChoice, EditDialog, HireDialog } from "./employee-form-dialog.tsx";
import type { RowActions } from "./employee-row-menu.tsx";
import { ImportDialog } from "./import-dialog.tsx";
import { WorkforceTable } from "./workforce-table.tsx";
import { WorkforceToolbar } from "./workforce-toolbar.tsx";

export type SearchUpdate = (patch: Partial<AiEmployeesSearch>, options?: { replace?: boolean }) => void;

type AiEmployeesPageProps = {
  search: AiEmployeesSearch;
  /** Merges into the address's search (the route navigates; a test can hold it in state). */
  onSearch: SearchUpdate;
  /** Owners and admins change the workforce; members see those actions disabled. */
  canManage: boolean;
  /** The departments a hire or an edit may choose (the route reads them: another feature's data). */
  departments: readonly DepartmentChoice[];
  /** The company's language: hiring presets are offered in it. */
  language: CompanyLanguage;
};

/**
 * `/ai_employees`: the workforce with its figures for a period, and hiring, editing, import and
 * export. Inside a CompanyGate.
 */
export function AiEmployeesPage({ search, onSearch, canManage, departments, language }: AiEmployeesPageProps) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const query = useQuery({ ...workforceOutcomesQueryOptions(companyId, search), placeholderData: keepPreviousData });

  // Opened by the Hire button, or by a link with `?hire=true` (the getting-started checklist) for
  // those who may hire.
  const [hiringHere, setHiringHere] = useState(false);
  const hiring = hiringHere || (search.hire === true && canManage);
  const setHiring = (open: boolean) => {
    setHiringHere(open);
    if (!open && search.hire) onSearch({ hire: undefined }, { replace: true });
  };
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState<EmployeeOutcome | null>(null);
  const [switching, setSwitching] = useState(false);

  const setActive = useCallback(
    async (employee: EmployeeOutcome, active: boolean) => {
      setSwitching(true);
      try {
        await setAiEmployeeActive(companyId, employee.id, active);
        toast({ title: `${employee.name} ${active ? "activated" : "deactivated"}`, variant: "success" });
        setConfirming(null);
        // Also the rail: a department's dot follows whether it has an active employee.
        await invalidateWorkforce(queryClient, companyId);
      } catch (error) {
        toast({
          title: `${employee.name} could not be ${active ? "activated" : "deactivated"}`,
          description: describeError(error),
          variant: "destructive",
        });
      } finally {
        setSwitching(false);
      }
    },
    [companyId, queryClient],
  );

  const actions = useMemo<RowActions>(
    () => ({
      canManage,
      onEdit: (employee) => onSearch({ edit: employee.id }),
      onSetActive: (employee, active) => (active ? void setActive(employee, true) : setConfirming(employee)),
    }),
    [canManage, onSearch, setActive],
  );

  async function exportCsv() {
    setExporting(true);
    try {
      saveFile(await exportAiEmployeesCsv(companyId), "ai-employees.csv");
    } catch (error) {
      toast({ title: "The export failed", description: describeError(error), variant: "destructive" });
    } finally {
      setExporting(false);
    }
  }

  // A new period keeps the filters, the sort and the page (the same employees, other figures).
  const setPeriod = (next: DateRangeSearch) =>
    onSearch({
      timeFrame: next.timeFrame,
      [CREATED_AT_FROM_KEY]: next[CREATED_AT_FROM_KEY],
      [CREATED_AT_TO_KEY]: next[CREATED_AT_TO_KEY],
    });
  const clearFilters = () =>
    onSearch({ q: undefined, department: undefined, employeeStatus: undefined, page: undefined });

  const data = query.data;
  const content = (() => {
    if (query.error && !data) {
      return (
        <QueryError title="Couldn't load the AI employees" error={query.error} onRetry={() => void query.refetch()} />
      );
    }
    if (!data) return <AiEmployeesTableSkeleton />;
    if (data.employees.length === 0) {
      return (
        <EmptyState
          icon={Bot}
          title="No AI employees yet"
          description="Hire your first AI employee, or import a list of them from a CSV file."
          action={
            <ManagerOnly allowed={canManage}>
              <Button disabled={!canManage} onClick={() => setHiring(true)}>
                <UserPlus aria-hidden />
                Hire
              </Button>
            </ManagerOnly>
          }
        />
      );
    }
    return (
      <WorkforceTable
        employees={data.employees}
        currency={data.currency}
        search={search}
        onSearch={onSearch}
        onClearFilters={clearFilters}
        actions={actions}
        updating={query.isPlaceholderData}
      />
    );
  })();

  return (
    <div className="space-y-6">
      <PageHeader
        title="AI employees"
        description={describePeriod(periodFromSearch(search))}
        help={<HelpLink topic="aiEmployees" />}
      />
      <TimeFrameBar search={search} onSearch={setPeriod} />
      <WorkforceToolbar
        search={search}
        departments={data?.departments ?? []}
        onSearch={onSearch}
        canManage={canManage}
        exporting={exporting}
        onImport={() => setImporting(true)}
        onExport={() => void exportCsv()}
        onHire={() => setHiring(true)}
      />
      {content}
      <ImportDialog companyId={companyId} open={importing} onOpenChange={setImporting} />
      <HireDialog
        companyId={companyId}
        departments={departments}
        presets={{ language, currency: data?.currency }}
        open={hiring}
        onOpenChange={setHiring}
      />
      <EditDialog
        companyId={companyId}
        departments={departments}
        employeeId={search.edit}
        onClose={() => onSearch({ edit: undefined })}
      />
      <DeactivateDialog
        employee={confirming}
        pending={switching}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void setActive(confirming, false)}
      />
    </div>
  );
}
