import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";

type WorkforcePaginationProps = { page: number; pageCount: number; total: number; onPage: (page: number) => void };

/** "Page 2 of 5 · 113 employees" with Previous/Next (the pages are the browser's, not the server's). */
export function WorkforcePagination({ page, pageCount, total, onPage }: WorkforcePaginationProps) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="ai-employees-count">
        Page {page} of {pageCount.toLocaleString("en-US")} · {total.toLocaleString("en-US")}{" "}
        {total === 1 ? "employee" : "employees"}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
