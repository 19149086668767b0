import { FIRST_PAGE, type OrdersSearch, type QuoteDetail, type QuotesPage } from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { isApiError } from "#web/lib/api-error.ts";
import { periodQuery } from "#web/lib/period.ts";

// Orders and quotes: the list, one order, its PDF and its cancellation.

export const ORDERS_PER_PAGE = 20;

/**
 * The list's wire query, from the address (`/orders?state=…&page=N`). `GET /app/quotes.json` already
 * defaults to the monthly frame, which is also the route's default, so that frame is left out.
 */
export function ordersQuery(search: OrdersSearch) {
  return {
    ...periodQuery(search, { omitDefaultFrame: true }),
    "q[state_eq]": search.state,
    "q[ai_employee_id_eq]": search.aiEmployeeId,
    page: search.page ?? FIRST_PAGE,
    perPage: ORDERS_PER_PAGE,
  };
}

export const ordersKeys = {
  all: (companyId: string) => ["orders", companyId] as const,
  list: (companyId: string, search: OrdersSearch) => ["orders", companyId, "list", search] as const,
  detail: (companyId: string, id: string) => ["orders", companyId, "detail", id] as const,
};

/** One page of the list, as the address describes it (`/orders?state=…&page=N`). */
export function fetchOrders(companyId: string, search: OrdersSearch, signal?: AbortSignal) {
  return apiRequest<QuotesPage>("/app/quotes.json", {
    companyScoped: true,
    companyId,
    signal,
    query: ordersQuery(search),
  });
}

/** Failures are not caught: the list's errors are rethrown to the route's error screen. */
export function ordersQueryOptions(companyId: string, search: OrdersSearch) {
  return queryOptions({
    queryKey: ordersKeys.list(companyId, search),
    queryFn: ({ signal }) => fetchOrders(companyId, search, signal),
  });
}

const orderPath = (id: string, suffix: string) => `/app/quotes/${encodeURIComponent(id)}${suffix}`;

/** Missing, or another company's: the server answers the same 404. */
export const isOrderNotFound = (error: unknown) => isApiError(error) && error.status === 404;

export function orderQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(companyId, id),
    queryFn: ({ signal }) =>
      apiRequest<QuoteDetail>(orderPath(id, ".json"), { companyScoped: true, companyId, signal }),
  });
}

/** `POST /app/quotes/{id}/cancel.json` → the updated order; 422 `not_cancellable` otherwise. */
export function cancelOrder(companyId: string, id: string) {
  return apiRequest<QuoteDetail>(orderPath(id, "/cancel.json"), { method: "POST", companyScoped: true, companyId });
}

/** The order's PDF, fetched with the session (the file is behind the bearer token, not a cookie). */
export function fetchOrderPdf(companyId: string, id: string) {
  return apiRequest<Blob>(orderPath(id, ".pdf"), { companyScoped: true, companyId, responseType: "blob" });
}

/** "order-1042.pdf": the number people see, not the API id. */
export function orderPdfFilename(order: Pick<QuoteDetail, "number">): string {
  return `order-${order.number}.pdf`;
}
