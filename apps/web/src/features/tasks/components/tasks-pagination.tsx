import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";

type TasksPaginationProps = { page: number; perPage: number; total: number };

/** "26–50 of 120" with Previous/Next links that set `page` in the address. */
export function TasksPagination({ page, perPage, total }: TasksPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages === 1) return null;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
      <p className="text-muted-foreground text-sm">
        {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
        <span className="sr-only">
          {" "}
          tasks, page {page} of {pages}
        </span>
      </p>
      <div className="flex gap-2">
        <PageLink page={page - 1} enabled={page > 1}>
          <ChevronLeft aria-hidden />
          Previous
        </PageLink>
        <PageLink page={page + 1} enabled={page < pages}>
          Next
          <ChevronRight aria-hidden />
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ page, enabled, children }: { page: number; enabled: boolean; children: ReactNode }) {
  if (!enabled) {
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" asChild>
      <Link from="/tasks" to="/tasks" search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })}>
        {children}
      </Link>
    </Button>
  );
}
