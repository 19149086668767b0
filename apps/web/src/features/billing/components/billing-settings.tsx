import { useQuery } from "@tanstack/react-query";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { billingQueryOptions, useCanManageBilling } from "../api.ts";
import { BillingEmailCard } from "./billing-email-card.tsx";
import { CurrentPeriodCard } from "./current-period-card.tsx";
import { InvoicesCard } from "./invoices-card.tsx";
import { PaymentCard } from "./payment-card.tsx";

/**
 * Settings → Billing. Foreman charges for phone numbers only, $3.00 a month each by the day: this
 * month's running total with a line per number, how the company pays, its invoices with their PDFs, and
 * the billing email.
 */
export function BillingSettings() {
  const companyId = useCompanyId();
  const canManage = useCanManageBilling();
  const query = useQuery(billingQueryOptions(companyId));

  if (query.error && !query.data)
    return (
      <div className="max-w-3xl">
        <QueryError title="Couldn't load billing" error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  if (!query.data)
    return (
      <div className="grid max-w-3xl gap-6" role="status">
        <span className="sr-only">Loading billing…</span>
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  const overview = query.data;
  const payment = <PaymentCard companyId={companyId} overview={overview} canManage={canManage} />;
  return (
    <div className="grid max-w-3xl gap-6">
      {/* A failed payment comes first: it is what needs doing. */}
      {overview.paymentProblem ? payment : null}
      <CurrentPeriodCard overview={overview} />
      {overview.paymentProblem ? null : payment}
      <InvoicesCard companyId={companyId} charged={overview.provider === "stripe"} />
      <BillingEmailCard
        key={overview.billingEmail ?? ""}
        companyId={companyId}
        billingEmail={overview.billingEmail}
        canManage={canManage}
      />
    </div>
  );
}
