import { Phone, Receipt } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

// What a phone number costs a month: the spec's $3.00.
const PHONE_NUMBER_MONTHLY_USD = 3;
// Charges show their cents ("$3.00"), unlike the sales figures' whole amounts.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * Settings → Billing. Foreman charges only for phone numbers, and phone numbers are not built yet, so
 * nothing has been charged: the tab says so plainly instead of showing a made-up plan or invoice.
 */
export function BillingSettings() {
  return (
    <div className="grid max-w-3xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>This month</CardTitle>
          <CardDescription>What your company has been charged since the first of the month.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <p className="text-3xl font-semibold tabular-nums">{usd.format(0)}</p>
          <p className="text-sm text-muted-foreground">
            No charges yet. Foreman charges for phone numbers only:{" "}
            <span className="font-medium text-foreground">{usd.format(PHONE_NUMBER_MONTHLY_USD)}</span> a month for each
            number, counted by the day from when you buy it to when you release it.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Invoices</CardTitle>
          <CardDescription>One invoice a month, once something has been charged.</CardDescription>
        </CardHeader>
        <CardContent>
          <EmptyState
            icon={Receipt}
            title="No invoices yet"
            description="Phone numbers are not built yet, so there is nothing to invoice. When they are, each month's numbers appear here with a PDF."
          />
        </CardContent>
      </Card>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Phone aria-hidden className="size-4" />
        Buying phone numbers and the payment method arrive with phone numbers and calls.
      </p>
    </div>
  );
}
