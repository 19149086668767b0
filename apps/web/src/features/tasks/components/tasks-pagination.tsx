import { Link } from "@tanstack/react-router";
import { ListPagination } from "#web/components/layout/list-pagination.tsx";

type TasksPaginationProps = { page: number; perPage: number; total: number };

/** The tasks list's pages, hidden when one page holds them all; page 1 stays out of the address. */
export function TasksPagination(props: TasksPaginationProps) {
  return (
    <ListPagination
      {...props}
      noun="tasks"
      hideSinglePage
      pageLink={(page, children) => (
        <Link from="/tasks" to="/tasks" search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })}>
          {children}
        </Link>
      )}
    />
  );
}
