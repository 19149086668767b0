import { MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { Pencil, Power, PowerOff } from "lucide-react";
import type { ReactNode } from "react";
import { LazyDropdownMenuItem } from "#web/components/ui/lazy-dropdown-menu.tsx";
import { ActionsMenu } from "./actions-menu.tsx";

type RowMenuProps = {
  /** The row's name, for the trigger's label ("Actions for Sofía"). */
  name: string;
  /** Owners and admins change rows; a member sees the changes disabled, with why. */
  canManage: boolean;
  active: boolean;
  /** "Edit product". */
  editLabel: string;
  onEdit: () => void;
  /** Deactivating asks first (the page shows the confirmation); activating does not. */
  onSetActive: (active: boolean) => void;
  /** Items above the changes, open to everyone (a link to the row's own page). */
  children?: ReactNode;
};

/** A list row's ⋯ menu: edit, and deactivate or activate. */
export function RowMenu({ name, canManage, active, editLabel, onEdit, onSetActive, children }: RowMenuProps) {
  const reason = canManage ? undefined : MANAGER_ROLE_REQUIRED;
  return (
    <ActionsMenu name={name} disabledReason={reason}>
      {children}
      <LazyDropdownMenuItem disabled={!canManage} title={reason} onSelect={onEdit}>
        <Pencil />
        {editLabel}
      </LazyDropdownMenuItem>
      <LazyDropdownMenuItem
        disabled={!canManage}
        title={reason}
        variant={active ? "destructive" : "default"}
        onSelect={() => onSetActive(!active)}
      >
        {active ? <PowerOff /> : <Power />}
        {active ? "Deactivate" : "Activate"}
      </LazyDropdownMenuItem>
    </ActionsMenu>
  );
}
