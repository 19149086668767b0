import type { BillingOverview, BillingRedirect, Invoice, Invoices, UpdateBilling } from "@foreman/contract";
import { canManage } from "@foreman/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { meQueryOptions } from "#web/lib/me.ts";

// Settings → Billing: what the company's phone numbers cost this month, its invoices with their PDFs,
// the billing email, and (when the server takes payments through Stripe) the card and the portal.

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });

// The phones screens refresh these by the same first two parts after a number is bought or released.
export const billingKeys = {
  all: (companyId: string) => ["billing", companyId] as const,
  overview: (companyId: string) => ["billing", companyId, "overview"] as const,
  invoices: (companyId: string, page: number) => ["billing", companyId, "invoices", page] as const,
};

/** `GET /app/billing.json`. */
export function billingQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: billingKeys.overview(companyId),
    queryFn: ({ signal }) => apiRequest<BillingOverview>("/app/billing.json", { ...scoped(companyId), signal }),
  });
}

/** Invoices a page: a year of months. */
export const INVOICES_PER_PAGE = 12;

/** `GET /app/invoices.json`: newest month first, a page at a time. */
export function invoicesQueryOptions(companyId: string, page: number) {
  return queryOptions({
    queryKey: billingKeys.invoices(companyId, page),
    queryFn: ({ signal }) =>
      apiRequest<Invoices>("/app/invoices.json", {
        ...scoped(companyId),
        signal,
        query: { page, perPage: INVOICES_PER_PAGE },
      }),
  });
}

/** `PATCH /app/billing.json` (owners and admins). */
export function updateBilling(companyId: string, input: UpdateBilling) {
  return apiRequest<BillingOverview>("/app/billing.json", { ...scoped(companyId), method: "PATCH", body: input });
}

/** The invoice's PDF, fetched with the session (the file is behind the bearer token, not a cookie). */
export function fetchInvoicePdf(companyId: string, invoice: Pick<Invoice, "pdfUrl">) {
  return apiRequest<Blob>(invoice.pdfUrl, { ...scoped(companyId), responseType: "blob" });
}

/** "invoice-FM-202611-0001.pdf": the number people see. */
export function invoicePdfFilename(invoice: Pick<Invoice, "number">): string {
  return `invoice-${invoice.number.replace(/[^\w.-]+/g, "-")}.pdf`;
}

/** `POST /app/billing/checkout.json` or `/portal.json` (owners and admins): where Stripe takes the browser. */
export function billingRedirect(companyId: string, to: "checkout" | "portal") {
  return apiRequest<BillingRedirect>(`/app/billing/${to}.json`, { ...scoped(companyId), method: "POST" });
}

/** Whether the viewer may change billing in the selected company (owners and admins); no until known. */
export function useCanManageBilling(): boolean {
  const companyId = useCompanyId();
  const { data: me } = useQuery(meQueryOptions());
  return canManage(me?.managedCompanies.find((company) => company.id === companyId)?.role);
}
