import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";
import { EmptyState } from "../feedback/empty-state.tsx";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { ListPagination } from "./list-pagination.tsx";

type PagedListProps = {
  /** The list's heading ("All orders") and its id, which names the section. */
  title: ReactNode;
  headingId: string;
  /** The test id of the total beside the heading. */
  totalTestId: string;
  /** The server's page: where it starts, its size, the list's total and how many rows it holds. */
  page: number;
  perPage: number;
  total: number;
  rows: number;
  /** What the list holds, for screen readers and the "fit on N pages" line ("orders"). */
  noun: string;
  /** A router link to another page of the list (see ListPagination). */
  pageLink: (page: number, children: ReactNode) => ReactNode;
  /** Leave the pagination bar out when everything fits on one page. */
  hideSinglePage?: boolean;
  /** Another page is loading: the rows stay, dimmed, with a spinner by the heading. */
  updating: boolean;
  /** A page past the end (an old link, fewer rows since): back to the first page, or to the last. */
  pastEnd: { icon: LucideIcon; backTo: "first" | "last" };
  /** What to show when the list is empty. */
  empty: ReactNode;
  /** The rows. */
  children: ReactNode;
};

/** A server-paged list with its heading and total, its empty and past-the-end states, and its pages. */
export function PagedList(props: PagedListProps) {
  const { title, headingId, totalTestId, page, perPage, total, rows, noun, pageLink, updating } = props;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="flex items-baseline gap-2 font-semibold text-base">
        {title}
        <span className="font-normal text-muted-foreground tabular-nums" data-testid={totalTestId}>
          {total.toLocaleString("en-US")}
        </span>
        {updating ? <Spinner className="size-3.5 self-center text-muted-foreground" /> : null}
      </h2>
      {rows === 0 && total > 0 ? (
        <PastEnd
          {...props.pastEnd}
          page={page}
          pages={Math.max(1, Math.ceil(total / perPage))}
          noun={noun}
          pageLink={pageLink}
        />
      ) : rows === 0 ? (
        props.empty
      ) : (
        <div className={cn("space-y-4 transition-opacity", updating && "opacity-60")}>
          {props.children}
          <ListPagination
            page={page}
            perPage={perPage}
            total={total}
            noun={noun}
            pageLink={pageLink}
            hideSinglePage={props.hideSinglePage}
          />
        </div>
      )}
    </section>
  );
}

type PastEndProps = PagedListProps["pastEnd"] & Pick<PagedListProps, "page" | "noun" | "pageLink"> & { pages: number };

/** Say there is no such page and offer one that exists; going to the last page says how many there are. */
function PastEnd({ icon, backTo, page, pages, noun, pageLink }: PastEndProps) {
  const last = backTo === "last";
  return (
    <EmptyState
      icon={icon}
      title={`There is no page ${page.toLocaleString("en-US")}`}
      description={
        last ? `These ${noun} fit on ${pages.toLocaleString("en-US")} ${pages === 1 ? "page" : "pages"}.` : undefined
      }
      action={
        <Button variant="outline" size="sm" asChild>
          {last ? pageLink(pages, "Go to the last page") : pageLink(1, "Go to the first page")}
        </Button>
      }
    />
  );
}
