import type { DepartmentKind } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Building } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { KIND_SCREENS } from "./kinds.ts";

/** The company has no department of this kind (the rail shows a placeholder): say so and where to start one. */
export function MissingDepartment({ kind, title }: { kind: DepartmentKind; title: string }) {
  return (
    <div className="space-y-6" data-testid="department-screen" data-kind={kind} data-missing="true">
      <PageHeader title={title} />
      <EmptyState
        icon={Building}
        title={`This company has no ${KIND_SCREENS[kind].noun} department yet`}
        description="Hire AI employees into a department of this kind and its figures and work show up here."
        action={
          <Button asChild>
            <Link to="/ai_employees">Go to AI employees</Link>
          </Button>
        }
      />
    </div>
  );
}
