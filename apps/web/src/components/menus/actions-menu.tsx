import { MoreHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "#web/components/ui/button.tsx";
import {
  LazyDropdownMenu,
  LazyDropdownMenuContent,
  LazyDropdownMenuLabel,
  LazyDropdownMenuSeparator,
  LazyDropdownMenuTrigger,
} from "#web/components/ui/lazy-dropdown-menu.tsx";

type ActionsMenuProps = {
  /** What the row is, for the trigger's label ("Actions for Sofía"). */
  name: string;
  /** Why the changes are disabled for this person (a member), shown at the menu's foot. */
  disabledReason?: string | undefined;
  /** The menu's items. */
  children: ReactNode;
};

/** A list row's ⋯ menu: its items, and why they are disabled when they are. */
export function ActionsMenu({ name, disabledReason, children }: ActionsMenuProps) {
  return (
    <LazyDropdownMenu>
      <LazyDropdownMenuTrigger
        aria-label={`Actions for ${name}`}
        className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
      >
        <MoreHorizontal aria-hidden />
      </LazyDropdownMenuTrigger>
      <LazyDropdownMenuContent align="end">
        {children}
        {/* Radix skips disabled items from the keyboard, so the reason is a label inside the menu too. */}
        {disabledReason ? (
          <>
            <LazyDropdownMenuSeparator />
            <LazyDropdownMenuLabel className="max-w-56 font-normal text-muted-foreground text-xs">
              {disabledReason}
            </LazyDropdownMenuLabel>
          </>
        ) : null}
      </LazyDropdownMenuContent>
    </LazyDropdownMenu>
  );
}
