import { Link } from "@tanstack/react-router";
import { LogOut, UserRound } from "lucide-react";
import { cn, initials } from "#web/lib/utils.ts";
import { Avatar, AvatarFallback, AvatarInitials } from "../ui/avatar.tsx";
import {
  LazyDropdownMenu,
  LazyDropdownMenuContent,
  LazyDropdownMenuGroup,
  LazyDropdownMenuItem,
  LazyDropdownMenuLabel,
  LazyDropdownMenuSeparator,
  LazyDropdownMenuTrigger,
} from "../ui/lazy-dropdown-menu.tsx";

export type ShellUser = { firstName: string; lastName: string; email: string };

type UserMenuProps = {
  user: ShellUser;
  onSignOut: () => void;
  side?: "top" | "right" | "bottom" | "left";
  align?: "start" | "center" | "end";
  className?: string;
};

export function fullName(user: ShellUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Avatar button with the Account menu: who is signed in, Profile, Sign out. */
export function UserMenu({ user, onSignOut, side = "right", align = "end", className }: UserMenuProps) {
  const name = fullName(user);
  return (
    <LazyDropdownMenu>
      <LazyDropdownMenuTrigger
        aria-label="Account menu"
        className={cn(
          "rounded-full outline-none ring-offset-2 ring-offset-rail transition hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring",
          className,
        )}
      >
        <Avatar className="size-8">
          <AvatarFallback className="bg-primary font-semibold text-primary-foreground text-xs">
            <AvatarInitials value={initials(user.firstName, user.lastName)} />
          </AvatarFallback>
        </Avatar>
      </LazyDropdownMenuTrigger>
      <LazyDropdownMenuContent side={side} align={align} sideOffset={10} className="w-64">
        <LazyDropdownMenuLabel className="font-normal">
          <span className="block font-medium text-muted-foreground text-xs">Account</span>
          <span className="mt-2 flex items-center gap-2.5">
            <Avatar className="size-8">
              <AvatarFallback className="bg-primary font-semibold text-primary-foreground text-xs">
                <AvatarInitials value={initials(user.firstName, user.lastName)} />
              </AvatarFallback>
            </Avatar>
            <span className="grid min-w-0 leading-tight">
              <span className="truncate font-medium text-foreground text-sm" title={name}>
                {name}
              </span>
              <span className="truncate text-muted-foreground text-xs" title={user.email}>
                {user.email}
              </span>
            </span>
          </span>
        </LazyDropdownMenuLabel>
        <LazyDropdownMenuSeparator />
        <LazyDropdownMenuGroup>
          <LazyDropdownMenuItem asChild>
            <Link to="/profile">
              <UserRound />
              Profile
            </Link>
          </LazyDropdownMenuItem>
        </LazyDropdownMenuGroup>
        <LazyDropdownMenuSeparator />
        <LazyDropdownMenuItem onSelect={onSignOut}>
          <LogOut />
          Sign out
        </LazyDropdownMenuItem>
      </LazyDropdownMenuContent>
    </LazyDropdownMenu>
  );
}
