import { friendlyPhoneNumber, PHONES_ADMIN_ONLY, type PhoneNumber } from "@foreman/contract";
import { Bot, Pencil, PhoneOff } from "lucide-react";
import { ActionsMenu } from "#web/components/menus/actions-menu.tsx";
import { LazyDropdownMenuItem, LazyDropdownMenuSeparator } from "#web/components/ui/lazy-dropdown-menu.tsx";

export type NumberAction = "rename" | "assign" | "release";

type NumberRowMenuProps = {
  number: PhoneNumber;
  /** Owners and admins change numbers; a member sees the items disabled, with why. */
  canManage: boolean;
  onAction: (action: NumberAction, number: PhoneNumber) => void;
};

/** A number's ⋯ menu: rename, assign an AI employee, release. */
export function NumberRowMenu({ number, canManage, onAction }: NumberRowMenuProps) {
  const reason = canManage ? undefined : PHONES_ADMIN_ONLY;
  return (
    <ActionsMenu name={friendlyPhoneNumber(number.phoneNumber)} disabledReason={reason}>
      <LazyDropdownMenuItem disabled={!canManage} title={reason} onSelect={() => onAction("rename", number)}>
        <Pencil />
        Rename
      </LazyDropdownMenuItem>
      <LazyDropdownMenuItem disabled={!canManage} title={reason} onSelect={() => onAction("assign", number)}>
        <Bot />
        Assign AI employee
      </LazyDropdownMenuItem>
      <LazyDropdownMenuSeparator />
      <LazyDropdownMenuItem
        disabled={!canManage}
        title={reason}
        variant="destructive"
        onSelect={() => onAction("release", number)}
      >
        <PhoneOff />
        Release number
      </LazyDropdownMenuItem>
    </ActionsMenu>
  );
}
