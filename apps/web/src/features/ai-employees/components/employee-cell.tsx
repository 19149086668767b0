import type { EmployeeOutcome } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Avatar, AvatarFallback, AvatarImage, AvatarInitials } from "#web/components/ui/avatar.tsx";
import { initials } from "#web/lib/utils.ts";

/** Avatar, name (the profile link) and role beneath; long ones are cut short with the whole text as a title. */
export function EmployeeCell({ employee }: { employee: Pick<EmployeeOutcome, "id" | "name" | "role" | "avatarUrl"> }) {
  return (
    <div className="flex min-w-0 max-w-64 items-center gap-3">
      <Avatar>
        {employee.avatarUrl ? <AvatarImage src={employee.avatarUrl} /> : null}
        <AvatarFallback>
          <AvatarInitials value={initials(employee.name)} />
        </AvatarFallback>
      </Avatar>
      <div className="min-w-0">
        <Link
          to="/ai_employees/$aiEmployeeId"
          params={{ aiEmployeeId: employee.id }}
          title={employee.name}
          className="block truncate rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {employee.name}
        </Link>
        <p className="truncate text-muted-foreground text-xs" title={employee.role}>
          {employee.role}
        </p>
      </div>
    </div>
  );
}
