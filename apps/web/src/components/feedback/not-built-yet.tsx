import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "../layout/page-header.tsx";
import { EmptyState } from "./empty-state.tsx";

type NotBuiltYetProps = {
  title: string;
  /** What will live here once it is built. */
  description?: ReactNode;
  /** The issue that will build it. */
  issue?: number | string;
};

/** An honest placeholder for a screen a later issue builds: no fake data. */
export function NotBuiltYet({ title, description, issue }: NotBuiltYetProps) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <EmptyState
        icon={Construction}
        title="This screen is not built yet."
        description={
          <>
            {description ? <p>{description}</p> : null}
            {issue !== undefined ? (
              <p className="mt-3 text-xs">
                Planned in issue <span className="font-medium text-foreground">#{issue}</span>
              </p>
            ) : null}
          </>
        }
        className="min-h-80 bg-muted/20"
      />
    </div>
  );
}
