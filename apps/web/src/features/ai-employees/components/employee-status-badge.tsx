import type { AiEmployeeStatus } from "@foreman/contract";
import { Badge } from "#web/components/ui/badge.tsx";

/** Active (green) answers customers; Inactive (grey) does not. */
export function EmployeeStatusBadge({ status }: { status: AiEmployeeStatus }) {
  return (
    <Badge variant={status === "active" ? "success" : "muted"} data-status={status}>
      {status === "active" ? "Active" : "Inactive"}
    </Badge>
  );
}
