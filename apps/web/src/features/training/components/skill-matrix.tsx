import { AGENT_TOOL_NAMES, type SkillDetail, toolsOfSkills } from "@foreman/contract";
import { useId, useMemo, useState } from "react";
import { Input } from "#web/components/ui/input.tsx";
import { cn } from "#web/lib/utils.ts";
import type { EmployeeName } from "../api.ts";

/** Rows shown at once; a search narrows a larger workforce. */
export const MATRIX_ROWS = 50;

type SkillMatrixProps = {
  skills: SkillDetail[];
  employees: readonly EmployeeName[];
  canManage: boolean;
  /** The cells being saved, as `${skillId}:${employeeId}`. */
  saving: ReadonlySet<string>;
  onToggle: (skill: SkillDetail, employee: EmployeeName, has: boolean) => void;
};

export const cellKey = (skillId: string, employeeId: string) => `${skillId}:${employeeId}`;

/**
 * Who has which skill: one row per AI employee, one checkbox per skill, and how many of the runtime's
 * tools that leaves the employee. A box turns the skill on or off for the employee's next reply.
 */
export function SkillMatrix({ skills, employees, canManage, saving, onToggle }: SkillMatrixProps) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const holders = useMemo(
    () => new Map(skills.map((skill) => [skill.id, new Set(skill.aiEmployees.map((e) => e.id))])),
    [skills],
  );
  const needle = query.trim().toLowerCase();
  const matching = needle
    ? employees.filter((e) => `${e.name} ${e.departmentName}`.toLowerCase().includes(needle))
    : employees;
  const shown = matching.slice(0, MATRIX_ROWS);

  return (
    <section aria-labelledby={`${searchId}-heading`} className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h3 id={`${searchId}-heading`} className="font-medium">
            Who has which skill
          </h3>
          <p className="text-muted-foreground text-sm">
            {canManage
              ? "Tick a skill to give it; untick it to take its tools away from the employee's next reply."
              : "Only owners and admins change who has a skill."}
          </p>
        </div>
        {employees.length > 8 ? (
          <div className="grid gap-1 sm:w-64">
            <label htmlFor={searchId} className="font-medium text-muted-foreground text-xs">
              Find an AI employee
            </label>
            <Input
              id={searchId}
              type="search"
              placeholder="Name or department"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        ) : null}
      </div>
      <div className="overflow-x-auto rounded-xl border bg-card shadow-xs">
        <table className="w-full min-w-max text-sm" aria-label="Skills by AI employee">
          <thead className="bg-muted/50 text-muted-foreground text-xs">
            <tr>
              <th scope="col" className="sticky left-0 bg-muted px-3 py-2 text-left font-medium">
                AI employee
              </th>
              {skills.map((skill) => (
                <th key={skill.id} scope="col" className="max-w-32 px-3 py-2 text-center font-medium">
                  <span className="block truncate" title={skill.name}>
                    {skill.name}
                  </span>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Tools
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((employee) => {
              const own = skills.filter((skill) => holders.get(skill.id)?.has(employee.id));
              const tools = toolsOfSkills(own).length;
              return (
                <tr key={employee.id} className="border-t" data-testid="skill-matrix-row">
                  <th scope="row" className="sticky left-0 max-w-56 bg-card px-3 py-2 text-left font-normal">
                    <span className="block truncate font-medium" title={employee.name}>
                      {employee.name}
                      {employee.active ? null : <span className="font-normal text-muted-foreground"> (inactive)</span>}
                    </span>
                    <span className="block truncate text-muted-foreground text-xs" title={employee.departmentName}>
                      {employee.departmentName}
                    </span>
                  </th>
                  {skills.map((skill) => {
                    const key = cellKey(skill.id, employee.id);
                    const has = holders.get(skill.id)?.has(employee.id) ?? false;
                    return (
                      <td key={skill.id} className="px-3 py-2 text-center">
                        <input
                          type="checkbox"
                          className={cn("size-4 accent-primary", saving.has(key) && "animate-pulse")}
                          aria-label={`${skill.name} for ${employee.name}`}
                          checked={has}
                          disabled={!canManage || saving.has(key)}
                          onChange={(event) => onToggle(skill, employee, event.target.checked)}
                        />
                      </td>
                    );
                  })}
                  <td className="px-3 py-2 text-right text-muted-foreground tabular-nums">
                    {tools} of {AGENT_TOOL_NAMES.length}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {matching.length === 0 ? (
        <p className="text-muted-foreground text-sm" role="status">
          No AI employee matches “{query.trim()}”.
        </p>
      ) : matching.length > shown.length ? (
        <p className="text-muted-foreground text-sm" role="status">
          Showing {shown.length} of {matching.length.toLocaleString("en-US")} AI employees; search to find the others.
        </p>
      ) : null}
    </section>
  );
}
