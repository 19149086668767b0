import type { AiEmployeesSearch, AiEmployeesStatusFilter } from "@foreman/contract";
import { Download, Upload, UserPlus } from "lucide-react";
import { type ReactNode, useId } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { AddressSearchBox } from "#web/components/search/address-search-box.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { cn } from "#web/lib/utils.ts";

type WorkforceToolbarProps = {
  search: Pick<AiEmployeesSearch, "q" | "department" | "employeeStatus">;
  departments: readonly { id: string; name: string }[];
  onSearch: (patch: Partial<AiEmployeesSearch>, options?: { replace?: boolean }) => void;
  canManage: boolean;
  exporting: boolean;
  onImport: () => void;
  onExport: () => void;
  onHire: () => void;
};

/** Search, the department and status filters, then Import, Export and Hire; wraps on phones. */
export function WorkforceToolbar({
  search,
  departments,
  onSearch,
  canManage,
  exporting,
  onImport,
  onExport,
  onHire,
}: WorkforceToolbarProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <AddressSearchBox
        label="Search"
        placeholder="Name or role"
        className="sm:w-64"
        value={search.q}
        onSearch={(q) => onSearch({ q, page: undefined }, { replace: true })}
      />
      <Labelled id={`${id}-department`} label="Department">
        <select
          id={`${id}-department`}
          className={cn(SELECT_CLASS, "w-auto max-w-48")}
          value={search.department ?? ""}
          onChange={(event) => onSearch({ department: event.target.value || undefined, page: undefined })}
        >
          <option value="">All departments</option>
          {departments.map((department) => (
            <option key={department.id} value={department.id}>
              {department.name}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-status`} label="Status">
        <select
          id={`${id}-status`}
          className={cn(SELECT_CLASS, "w-auto")}
          value={search.employeeStatus ?? ""}
          onChange={(event) =>
            onSearch({
              employeeStatus: (event.target.value || undefined) as AiEmployeesStatusFilter | undefined,
              page: undefined,
            })
          }
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </Labelled>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <ManagerOnly allowed={canManage}>
          <Button variant="outline" disabled={!canManage} onClick={onImport}>
            <Upload aria-hidden />
            Import
          </Button>
        </ManagerOnly>
        <Button variant="outline" disabled={exporting} onClick={onExport}>
          <Download aria-hidden />
          Export
        </Button>
        <ManagerOnly allowed={canManage}>
          <Button disabled={!canManage} onClick={onHire}>
            <UserPlus aria-hidden />
            Hire
          </Button>
        </ManagerOnly>
      </div>
    </div>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-muted-foreground text-xs">
        {label}
      </label>
      {children}
    </div>
  );
}
