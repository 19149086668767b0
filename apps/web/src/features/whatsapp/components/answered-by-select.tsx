import type { WhatsappAssigneeInput, WhatsappConnection } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast-store.ts";
import { cn } from "#web/lib/utils.ts";
import { employeeNamesQueryOptions } from "#web/lib/workforce.ts";
import { describeWhatsappError, invalidateWhatsapp, setWhatsappAssignee } from "../whatsapp-api.ts";

const NO_ONE = "";
const employeeValue = (id: string) => `employee:${id}`;
const departmentValue = (id: string) => `department:${id}`;

/** Who answers the number: one AI employee (or a department, when the server was told so), or no one. */
export function AnsweredBySelect({
  companyId,
  connection,
  canManage,
}: {
  companyId: string;
  connection: WhatsappConnection;
  canManage: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const employees = useQuery(employeeNamesQueryOptions(companyId));
  const [saving, setSaving] = useState(false);
  const { assignee } = connection;
  const value = assignee.aiEmployeeId
    ? employeeValue(assignee.aiEmployeeId)
    : assignee.departmentId
      ? departmentValue(assignee.departmentId)
      : NO_ONE;
  const list = employees.data ?? [];
  // The current employee, even when the list has not loaded it (more than 100, or still loading).
  const missingCurrent = assignee.aiEmployeeId !== null && !list.some((e) => e.id === assignee.aiEmployeeId);

  async function choose(next: string) {
    if (next === value || next.startsWith("department:")) return;
    const input: WhatsappAssigneeInput = next.startsWith("employee:")
      ? { aiEmployeeId: next.slice("employee:".length), departmentId: null }
      : { aiEmployeeId: null, departmentId: null };
    setSaving(true);
    try {
      const status = await setWhatsappAssignee(companyId, input);
      const name = status.connection?.assignee.name;
      toast({
        title: name ? `${name} answers WhatsApp from now on` : "No AI employee answers WhatsApp now",
        variant: "success",
      });
      await invalidateWhatsapp(queryClient, companyId, status);
    } catch (error) {
      toast({
        title: "Who answers WhatsApp could not be changed",
        description: describeWhatsappError(error),
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid max-w-sm gap-1.5">
      <label htmlFor={`${id}-answered-by`} className="inline-flex items-center gap-2 font-medium text-sm">
        Answered by
        {saving ? <Spinner className="size-3.5 text-muted-foreground" label="Saving" /> : null}
      </label>
      <ManagerOnly allowed={canManage}>
        <select
          id={`${id}-answered-by`}
          className={cn(SELECT_CLASS, "disabled:opacity-50")}
          value={value}
          disabled={!canManage || saving}
          aria-describedby={`${id}-answered-by-hint`}
          onChange={(event) => void choose(event.target.value)}
        >
          <option value={NO_ONE}>No AI employee</option>
          {assignee.departmentId && !assignee.aiEmployeeId ? (
            <option value={departmentValue(assignee.departmentId)}>
              {`${assignee.name ?? "A department"} (first active employee)`}
            </option>
          ) : null}
          {missingCurrent && assignee.aiEmployeeId ? (
            <option value={employeeValue(assignee.aiEmployeeId)}>{assignee.name ?? "The current AI employee"}</option>
          ) : null}
          {list.length > 0 ? (
            <optgroup label="AI employees">
              {list.map((employee) => (
                <option key={employee.id} value={employeeValue(employee.id)}>
                  {`${employee.name} · ${employee.departmentName}${employee.active ? "" : " (inactive)"}`}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </ManagerOnly>
      <p id={`${id}-answered-by-hint`} className="text-muted-foreground text-xs">
        {employees.error && !employees.data
          ? "The AI employees could not be loaded; the one answering now is kept."
          : "Who replies to customers' WhatsApp messages."}
      </p>
    </div>
  );
}
