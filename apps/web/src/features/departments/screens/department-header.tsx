import type { Department } from "@foreman/contract";
import type { ReactNode } from "react";
import { DepartmentAvatar } from "#web/components/layout/department-avatar.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";

type DepartmentHeaderProps = {
  department: Department;
  /** Active and total employees; unknown while the figures load. */
  counts: { active: number; total: number } | null;
  /** Context help beside the title (the support desk's article on /support). */
  help?: ReactNode;
};

const plural = (n: number) => (n === 1 ? "AI employee" : "AI employees");

/** "AI Sales" beside the department's avatar, with how many of its employees are at work. */
export function DepartmentHeader({ department, counts, help }: DepartmentHeaderProps) {
  return (
    <div className="flex items-center gap-4">
      <DepartmentAvatar department={department} className="size-12" ringClassName="ring-background" />
      <PageHeader
        className="min-w-0 flex-1"
        title={`AI ${department.name}`}
        help={help}
        description={
          counts ? (
            <span data-testid="department-headcount">
              {counts.active} active of {counts.total} {plural(counts.total)}
            </span>
          ) : (
            // A span: the description sits in a <p>, where the Skeleton's <div> may not.
            <span className="inline-block h-5 w-44 animate-pulse rounded-md bg-muted align-middle" aria-hidden />
          )
        }
      />
    </div>
  );
}
