import { formatCount } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";

type OrdersPaginationProps = { page: number; perPage: number; total: number };

/**
 * "21–40 of 1,234" with Previous/Next, from the server's totals. The buttons are links that set `page`
 * in the address, so paging survives a reload, back/forward walk the pages, and hovering preloads one.
 */
export function OrdersPagination({ page, perPage, total }: OrdersPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
        <span className="sr-only">
          {" "}
          orders, page {page} of {formatCount(pages)}
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
      <Link from="/orders/" to="/orders" search={(prev) => ({ ...prev, page })}>
        {children}
      </Link>
    </Button>
  );
}
