import { type EmployeeOutcome, MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Eye, MoreHorizontal, Pencil, Power, PowerOff } from "lucide-react";
import { buttonVariants } from "#web/components/ui/button.tsx";
import {
  LazyDropdownMenu,
  LazyDropdownMenuContent,
  LazyDropdownMenuItem,
  LazyDropdownMenuLabel,
  LazyDropdownMenuSeparator,
  LazyDropdownMenuTrigger,
} from "#web/components/ui/lazy-dropdown-menu.tsx";

/** What a row's menu can ask of the page (the page owns the dialogs and the writes). */
export type RowActions = {
  canManage: boolean;
  onEdit: (employee: EmployeeOutcome) => void;
  /** Deactivating asks first (the page shows the confirmation); activating does not. */
  onSetActive: (employee: EmployeeOutcome, active: boolean) => void;
};

/** The row's ⋯ menu: view, edit, and deactivate or activate. A member sees the changes disabled, with why. */
export function EmployeeRowMenu({ employee, actions }: { employee: EmployeeOutcome; actions: RowActions }) {
  const { canManage } = actions;
  const active = employee.status === "active";
  // Radix skips disabled items from the keyboard, so the reason is a label inside the menu too.
  const reason = canManage ? undefined : MANAGER_ROLE_REQUIRED;
  return (
    <LazyDropdownMenu>
      <LazyDropdownMenuTrigger
        aria-label={`Actions for ${employee.name}`}
        className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
      >
        <MoreHorizontal aria-hidden />
      </LazyDropdownMenuTrigger>
      <LazyDropdownMenuContent align="end">
        <LazyDropdownMenuItem asChild>
          <Link to="/ai_employees/$aiEmployeeId" params={{ aiEmployeeId: employee.id }}>
            <Eye />
            View details
          </Link>
        </LazyDropdownMenuItem>
        <LazyDropdownMenuItem disabled={!canManage} title={reason} onSelect={() => actions.onEdit(employee)}>
          <Pencil />
          Edit employee
        </LazyDropdownMenuItem>
        <LazyDropdownMenuItem
          disabled={!canManage}
          title={reason}
          variant={active ? "destructive" : "default"}
          onSelect={() => actions.onSetActive(employee, !active)}
        >
          {active ? <PowerOff /> : <Power />}
          {active ? "Deactivate" : "Activate"}
        </LazyDropdownMenuItem>
        {reason ? (
          <>
            <LazyDropdownMenuSeparator />
            <LazyDropdownMenuLabel className="max-w-56 font-normal text-muted-foreground text-xs">
              {reason}
            </LazyDropdownMenuLabel>
          </>
        ) : null}
      </LazyDropdownMenuContent>
    </LazyDropdownMenu>
  );
}
