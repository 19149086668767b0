import type { ReactNode } from "react";
import { ListPagination } from "#web/components/layout/list-pagination.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/utils.ts";

type TicketsListSectionProps = {
  title: string;
  /** The server's page: where it starts, its size, the list's total and how many rows it holds. */
  page: number;
  perPage: number;
  total: number;
  rows: number;
  pageLink: (page: number, children: ReactNode) => ReactNode;
  /** Another page or filter is loading: the rows stay, dimmed, with a spinner by the heading. */
  updating: boolean;
  /** What an empty page says: no tickets, none matching, or a page past the end. */
  empty: ReactNode;
  children: ReactNode;
};

/**
 * The list's heading with its total, its rows or what stands in for them, and its pages. What
 * components/layout/paged-list.tsx does for the other lists, kept here because importing that module
 * cuts the chunk it shares with the orders, tasks and conversations screens in two, and the new chunk's
 * name joins the preload table of the signed-in shell, which has no bytes left.
 */
export function TicketsListSection(props: TicketsListSectionProps) {
  const { title, page, perPage, total, rows, pageLink, updating } = props;
  return (
    <section aria-labelledby="tickets-list" className="space-y-4">
      <h2 id="tickets-list" className="flex items-baseline gap-2 font-semibold text-base">
        {title}
        <span className="font-normal text-muted-foreground tabular-nums" data-testid="tickets-total">
          {total.toLocaleString("en-US")}
        </span>
        {updating ? <Spinner className="size-3.5 self-center text-muted-foreground" /> : null}
      </h2>
      {rows === 0 ? (
        props.empty
      ) : (
        <div className={cn("space-y-4 transition-opacity", updating && "opacity-60")}>
          {props.children}
          <ListPagination
            page={page}
            perPage={perPage}
            total={total}
            noun="tickets"
            pageLink={pageLink}
            hideSinglePage
          />
        </div>
      )}
    </section>
  );
}
