import type { DepartmentWork, LapsedCustomersPage, UnpaidOrdersPage } from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

// The department screens' work lists: a department's open work, collections' unpaid orders and
// retention's lapsed customers.

export const departmentWorkKeys = {
  all: (companyId: string) => ["department-work", companyId] as const,
  work: (companyId: string, departmentId: string) => ["department-work", companyId, departmentId] as const,
  unpaidOrders: (companyId: string, page: number) => ["department-work", companyId, "unpaid-orders", page] as const,
  lapsedCustomers: (companyId: string, page: number) =>
    ["department-work", companyId, "lapsed-customers", page] as const,
};

export const DEPARTMENT_LIST_PER_PAGE = 10;

export function departmentWorkQueryOptions(companyId: string, departmentId: string) {
  return queryOptions({
    queryKey: departmentWorkKeys.work(companyId, departmentId),
    queryFn: ({ signal }) =>
      apiRequest<DepartmentWork>(`/app/ai_departments/${encodeURIComponent(departmentId)}/work.json`, {
        companyScoped: true,
        companyId,
        signal,
      }),
  });
}

export function unpaidOrdersQueryOptions(companyId: string, page: number) {
  return queryOptions({
    queryKey: departmentWorkKeys.unpaidOrders(companyId, page),
    queryFn: ({ signal }) =>
      apiRequest<UnpaidOrdersPage>("/app/collections/orders.json", {
        companyScoped: true,
        companyId,
        signal,
        query: { page, perPage: DEPARTMENT_LIST_PER_PAGE },
      }),
  });
}

export function lapsedCustomersQueryOptions(companyId: string, page: number) {
  return queryOptions({
    queryKey: departmentWorkKeys.lapsedCustomers(companyId, page),
    queryFn: ({ signal }) =>
      apiRequest<LapsedCustomersPage>("/app/retention/customers.json", {
        companyScoped: true,
        companyId,
        signal,
        query: { page, perPage: DEPARTMENT_LIST_PER_PAGE },
      }),
  });
}
