import { Link } from "@tanstack/react-router";
import { ListPagination } from "#web/components/layout/list-pagination.tsx";

type OrdersPaginationProps = { page: number; perPage: number; total: number };

/** The orders list's pages; the route strips `page=1` from the address. */
export function OrdersPagination(props: OrdersPaginationProps) {
  return (
    <ListPagination
      {...props}
      noun="orders"
      pageLink={(page, children) => (
        <Link from="/orders/" to="/orders" search={(prev) => ({ ...prev, page })}>
          {children}
        </Link>
      )}
    />
  );
}
