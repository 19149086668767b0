import type { SkillDetail, SkillList as SkillListData } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Wrench } from "lucide-react";
import { useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { toast } from "#web/lib/toast-store.ts";
import {
  deleteSkill,
  type EmployeeName,
  employeeNamesQueryOptions,
  invalidateSkills,
  setSkillHolder,
  skillsQueryOptions,
  trainingKeys,
} from "../api.ts";
import { SkillDialog } from "./skill-dialog.tsx";
import { SkillList } from "./skill-list.tsx";
import { cellKey, SkillMatrix } from "./skill-matrix.tsx";

/** What the AI employees can do: the skills, the tools each grants, and who has which. */
export function SkillsSection({ canManage }: { canManage: boolean }) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const query = useQuery(skillsQueryOptions(companyId));
  const employees = useQuery(employeeNamesQueryOptions(companyId));
  const [editing, setEditing] = useState<SkillDetail | "new" | null>(null);
  const [deleting, setDeleting] = useState<SkillDetail | null>(null);
  const [pending, setPending] = useState(false);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  const replaceSkill = (skill: SkillDetail) =>
    queryClient.setQueryData<SkillListData>(trainingKeys.skills(companyId), (list) =>
      list ? { skills: list.skills.map((s) => (s.id === skill.id ? skill : s)) } : list,
    );

  async function toggle(skill: SkillDetail, employee: EmployeeName, has: boolean) {
    const key = cellKey(skill.id, employee.id);
    setSaving((current) => new Set(current).add(key));
    // Shown at once; the server's answer replaces it, a refusal puts the list back.
    replaceSkill({
      ...skill,
      aiEmployees: has
        ? [...skill.aiEmployees, { id: employee.id, name: employee.name, departmentName: employee.departmentName }]
        : skill.aiEmployees.filter((e) => e.id !== employee.id),
    });
    try {
      replaceSkill(await setSkillHolder(companyId, skill.id, employee.id, has));
    } catch (error) {
      toast({
        title: has
          ? `${employee.name} could not be given ${skill.name}`
          : `${skill.name} could not be taken from ${employee.name}`,
        description: describeError(error),
        variant: "destructive",
      });
      await invalidateSkills(queryClient, companyId);
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  }

  async function remove(skill: SkillDetail) {
    setPending(true);
    try {
      await deleteSkill(companyId, skill.id);
      toast({ title: `${skill.name} deleted`, variant: "success" });
      setDeleting(null);
      await invalidateSkills(queryClient, companyId);
    } catch (error) {
      toast({ title: `${skill.name} could not be deleted`, description: describeError(error), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  const data = query.data;
  const content = (() => {
    if (query.error && !data) {
      return <QueryError title="Couldn't load the skills" error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (!data) {
      return (
        <div role="status" aria-label="Loading the skills" className="grid gap-3 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-28 w-full rounded-xl" />
          ))}
        </div>
      );
    }
    if (data.skills.length === 0) {
      return (
        <EmptyState
          icon={Wrench}
          title="No skills yet"
          description="Add a skill for each thing your AI employees may do, such as quoting or looking up orders, and give it to them."
        />
      );
    }
    return (
      <div className="space-y-6">
        <SkillList skills={data.skills} canManage={canManage} onEdit={setEditing} onDelete={setDeleting} />
        {employees.error && !employees.data ? (
          <QueryError
            title="Couldn't load the AI employees"
            error={employees.error}
            onRetry={() => void employees.refetch()}
          />
        ) : employees.data ? (
          employees.data.length > 0 ? (
            <SkillMatrix
              skills={data.skills}
              employees={employees.data}
              canManage={canManage}
              saving={saving}
              onToggle={(skill, employee, has) => void toggle(skill, employee, has)}
            />
          ) : (
            <p className="text-muted-foreground text-sm">Hire an AI employee to give it skills.</p>
          )
        ) : (
          <Skeleton className="h-40 w-full rounded-xl" />
        )}
      </div>
    );
  })();

  return (
    <section aria-labelledby="skills-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id="skills-heading" className="font-semibold text-lg">
            Skills
          </h2>
          <p className="text-muted-foreground text-sm">
            What your AI employees can do. Each skill grants tools, and an employee's replies use only the tools of its
            skills; every employee can always ask staff.
          </p>
        </div>
        <ManagerOnly allowed={canManage}>
          <Button variant="outline" disabled={!canManage} onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            Add skill
          </Button>
        </ManagerOnly>
      </div>
      {content}
      <SkillDialog companyId={companyId} skill={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ""}?`}
        description={`The ${deleting?.aiEmployees.length === 1 ? "employee that has it loses" : "employees that have it lose"} its tools from their next reply, and knowledge entries stop naming it. This cannot be undone.`}
        confirmLabel="Delete"
        pending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </section>
  );
}
