import { formatCount } from "@foreman/contract";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../ui/button.tsx";

type ListPaginationProps = {
  page: number;
  perPage: number;
  total: number;
  /** What the list holds, for screen readers ("orders, page 2 of 5"). */
  noun: string;
  /**
   * A router link to another page of the same list, holding `children`. Each screen writes its own,
   * because the router's links are typed by route; `page` lives in the address, so paging survives a
   * reload, back/forward walk the pages and hovering preloads one.
   */
  pageLink: (page: number, children: ReactNode) => ReactNode;
  /** Leave the bar out when everything fits on one page. */
  hideSinglePage?: boolean;
};

/** "21–40 of 1,234" with Previous/Next, from the server's totals. */
export function ListPagination({ page, perPage, total, noun, pageLink, hideSinglePage = false }: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (hideSinglePage && pages === 1) return null;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  const step = (target: number, enabled: boolean, children: ReactNode) =>
    enabled ? (
      <Button variant="outline" size="sm" asChild>
        {pageLink(target, children)}
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
        <span className="sr-only">
          {" "}
          {noun}, page {page} of {formatCount(pages)}
        </span>
      </p>
      <div className="flex gap-2">
        {step(
          page - 1,
          page > 1,
          <>
            <ChevronLeft aria-hidden />
            Previous
          </>,
        )}
        {step(
          page + 1,
          page < pages,
          <>
            Next
            <ChevronRight aria-hidden />
          </>,
        )}
      </div>
    </nav>
  );
}
