import type { EmployeeOutcome } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Eye } from "lucide-react";
import { RowMenu } from "#web/components/menus/row-menu.tsx";
import { LazyDropdownMenuItem } from "#web/components/ui/lazy-dropdown-menu.tsx";

/** What a row's menu can ask of the page (the page owns the dialogs and the writes). */
export type RowActions = {
  canManage: boolean;
  onEdit: (employee: EmployeeOutcome) => void;
  /** Deactivating asks first (the page shows the confirmation); activating does not. */
  onSetActive: (employee: EmployeeOutcome, active: boolean) => void;
};

/** The row's ⋯ menu: view, edit, and deactivate or activate. */
export function EmployeeRowMenu({ employee, actions }: { employee: EmployeeOutcome; actions: RowActions }) {
  return (
    <RowMenu
      name={employee.name}
      canManage={actions.canManage}
      active={employee.status === "active"}
      editLabel="Edit employee"
      onEdit={() => actions.onEdit(employee)}
      onSetActive={(active) => actions.onSetActive(employee, active)}
    >
      <LazyDropdownMenuItem asChild>
        <Link to="/ai_employees/$aiEmployeeId" params={{ aiEmployeeId: employee.id }}>
          <Eye />
          View details
        </Link>
      </LazyDropdownMenuItem>
    </RowMenu>
  );
}
