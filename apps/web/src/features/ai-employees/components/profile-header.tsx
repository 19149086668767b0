import { type AiEmployee, formatLongDate, MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Building2, CalendarDays, Pencil } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage, AvatarInitials } from "#web/components/ui/avatar.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { initials } from "#web/lib/utils.ts";
import { TryItButton } from "./try-it-button.tsx";

type ProfileHeaderProps = { employee: AiEmployee; canManage: boolean };

/** The way back, who the employee is (picture, name, role, status, department, tenure), Try it and Edit. */
export function ProfileHeader({ employee, canManage }: ProfileHeaderProps) {
  return (
    <div className="space-y-4">
      <Link
        to="/ai_employees"
        className="inline-flex items-center gap-1.5 rounded-sm text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4" aria-hidden />
        AI employees
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <Avatar aria-hidden className="size-14 text-base">
            <AvatarImage src={employee.avatarUrl ?? undefined} />
            <AvatarFallback className="bg-primary/12 text-base text-primary">
              <AvatarInitials value={initials(employee.name)} />
            </AvatarFallback>
          </Avatar>
          <div className="min-w-0 space-y-1.5">
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <h1 className="min-w-0 truncate font-semibold text-2xl tracking-tight" title={employee.name}>
                {employee.name}
              </h1>
              <StatusBadge employee={employee} />
            </div>
            <p className="truncate text-muted-foreground" title={employee.role}>
              {employee.role}
            </p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <Building2 className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{employee.department.name}</span>
              </span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4 shrink-0" aria-hidden />
                Member since {formatLongDate(employee.createdAt)}
              </span>
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <TryItButton employee={employee} />
          <EditEmployee id={employee.id} canManage={canManage} />
        </div>
      </div>
    </div>
  );
}

function StatusBadge({ employee }: { employee: AiEmployee }) {
  if (employee.status === "active")
    return (
      <Badge variant="success" data-testid="employee-status">
        Active
      </Badge>
    );
  const since = formatLongDate(employee.deactivatedAt);
  return (
    <Badge variant="muted" data-testid="employee-status">
      {since ? `Inactive since ${since}` : "Inactive"}
    </Badge>
  );
}

/**
 * Editing happens in the list page's dialog (`?edit=`). A member sees the action, disabled, with the
 * reason: a disabled button takes no focus or pointer events, so a focusable span carries the tooltip.
 */
function EditEmployee({ id, canManage }: { id: string; canManage: boolean }) {
  if (canManage)
    return (
      <Button asChild variant="outline">
        {/* The list route's `edit` param is added with its dialog; untyped until then. */}
        <Link to="/ai_employees" search={{ edit: id } as never}>
          <Pencil aria-hidden />
          Edit employee
        </Link>
      </Button>
    );
  return (
    <LazyTooltip content={MANAGER_ROLE_REQUIRED}>
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled button takes no focus; its wrapper must, to show why
        tabIndex={0}
        data-testid="edit-employee-locked"
        className="inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <Button variant="outline" disabled>
          <Pencil aria-hidden />
          Edit employee
        </Button>
        <span className="sr-only">{MANAGER_ROLE_REQUIRED}</span>
      </span>
    </LazyTooltip>
  );
}
