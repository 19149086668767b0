import type { Department } from "@foreman/contract";
import { cn, initials } from "#web/lib/utils.ts";
import { Avatar, AvatarFallback, AvatarImage, AvatarInitials } from "../ui/avatar.tsx";

/** A department's avatar with its status dot: green when active, grey otherwise. */
type DepartmentAvatarProps = {
  department: Department;
  className?: string;
  /** The dot's ring matches the surface it sits on (rail or sidebar). */
  ringClassName?: string;
};

export function DepartmentAvatar({ department, className, ringClassName = "ring-rail" }: DepartmentAvatarProps) {
  return (
    <span className="relative inline-flex shrink-0">
      <Avatar className={cn("size-9 rounded-lg", className)}>
        {department.avatarUrl ? <AvatarImage src={department.avatarUrl} /> : null}
        <AvatarFallback className="rounded-lg bg-secondary font-semibold text-secondary-foreground">
          <AvatarInitials value={initials(department.name).slice(0, 1)} />
        </AvatarFallback>
      </Avatar>
      <span
        data-slot="status-dot"
        data-status={department.isActive ? "active" : "inactive"}
        aria-hidden
        className={cn(
          "absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full ring-2",
          ringClassName,
          department.isActive ? "bg-success" : "bg-zinc-400 dark:bg-zinc-500",
        )}
      />
    </span>
  );
}
