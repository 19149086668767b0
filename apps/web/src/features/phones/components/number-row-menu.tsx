import { friendlyPhoneNumber, PHONES_ADMIN_ONLY, type PhoneNumber } from "@foreman/contract";
import { Bot, MoreHorizontal, Pencil, PhoneOff } from "lucide-react";
import { buttonVariants } from "#web/components/ui/button.tsx";
import {
  LazyDropdownMenu,
  LazyDropdownMenuContent,
  LazyDropdownMenuItem,
  LazyDropdownMenuLabel,
  LazyDropdownMenuSeparator,
  LazyDropdownMenuTrigger,
} from "#web/components/ui/lazy-dropdown-menu.tsx";

export type NumberAction = "rename" | "assign" | "release";

type NumberRowMenuProps = {
  number: PhoneNumber;
  /** Owners and admins change numbers; a member sees the items disabled, with why. */
  canManage: boolean;
  onAction: (action: NumberAction, number: PhoneNumber) => void;
};

/** A number's ⋯ menu: rename, assign an AI employee, release. */
export function NumberRowMenu({ number, canManage, onAction }: NumberRowMenuProps) {
  // Radix skips disabled items from the keyboard, so the reason is a label inside the menu too.
  const reason = canManage ? undefined : PHONES_ADMIN_ONLY;
  return (
    <LazyDropdownMenu>
      <LazyDropdownMenuTrigger
        aria-label={`Actions for ${friendlyPhoneNumber(number.phoneNumber)}`}
        className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
      >
        <MoreHorizontal aria-hidden />
      </LazyDropdownMenuTrigger>
      <LazyDropdownMenuContent align="end">
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
