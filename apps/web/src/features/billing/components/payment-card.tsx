import type { BillingOverview, SubscriptionStatus } from "@foreman/contract";
import { CircleAlert, CreditCard, ExternalLink, Info } from "lucide-react";
import { useId, useState } from "react";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { exactDateTime } from "#web/lib/relative-time.ts";
import { toast } from "#web/lib/toast-store.ts";
import { billingRedirect } from "../api.ts";

// How the company pays. With Stripe: the card on file, adding one (Stripe Checkout) and managing billing
// (Stripe's customer portal), and a failed payment said with what to do. Without: a calm note that the
// invoices are computed and nothing is charged.

type Variant = NonNullable<BadgeProps["variant"]>;
const SUBSCRIPTION: Partial<Record<SubscriptionStatus, { label: string; variant: Variant }>> = {
  active: { label: "Active", variant: "success" },
  trialing: { label: "Trial", variant: "info" },
  past_due: { label: "Past due", variant: "warning" },
  unpaid: { label: "Unpaid", variant: "destructive" },
  incomplete: { label: "Incomplete", variant: "warning" },
  incomplete_expired: { label: "Expired", variant: "muted" },
  canceled: { label: "Cancelled", variant: "muted" },
  paused: { label: "Paused", variant: "muted" },
};

/** "Visa", "Mastercard", "American Express": Stripe's brand names as people write them. */
function brandName(brand: string): string {
  const known: Record<string, string> = { amex: "American Express", mastercard: "Mastercard", visa: "Visa" };
  return known[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

type PaymentCardProps = { companyId: string; overview: BillingOverview; canManage: boolean };

export function PaymentCard({ companyId, overview, canManage }: PaymentCardProps) {
  const id = useId();
  const [going, setGoing] = useState<"checkout" | "portal" | null>(null);

  async function go(to: "checkout" | "portal") {
    setGoing(to);
    try {
      const { url } = await billingRedirect(companyId, to);
      window.location.assign(url);
    } catch (error) {
      setGoing(null);
      toast({
        title: to === "checkout" ? "Couldn't open the payment page" : "Couldn't open billing",
        description: describeError(error),
        variant: "destructive",
      });
    }
  }

  if (overview.provider === "none")
    return (
      <div className="flex items-start gap-3 rounded-xl border bg-muted/30 p-4 text-sm" data-testid="payment-none">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <p>
          <span className="font-medium">Nothing is charged.</span>{" "}
          <span className="text-muted-foreground">
            Payments are not set up on this server, so invoices are computed from your numbers and marked "Not charged".
            When your administrator connects Stripe, you add a card here.
          </span>
        </p>
      </div>
    );

  const card = overview.subscription.paymentMethod;
  const status = SUBSCRIPTION[overview.subscription.status];
  const reason = canManage ? undefined : "Only owners and admins can change billing.";
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="payment">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`}>Payment</h2>
        </CardTitle>
        <CardDescription>Charged through Stripe each month, for the days each number was yours.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {overview.paymentProblem ? (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm"
            data-testid="payment-problem"
          >
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            <div className="grid gap-1">
              <p className="font-medium text-destructive">The last payment failed</p>
              <p>{overview.paymentProblem.message}</p>
              <p className="text-muted-foreground text-xs">{exactDateTime(overview.paymentProblem.at)}</p>
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="flex size-9 items-center justify-center rounded-lg border bg-background">
              <CreditCard aria-hidden className="size-4 text-muted-foreground" />
            </span>
            <div>
              <p className="font-medium text-sm" data-testid="card-on-file">
                {card ? `${brandName(card.brand)} ending in ${card.last4}` : "No card on file"}
              </p>
              <p className="text-muted-foreground text-xs">
                {overview.subscription.quantity > 0
                  ? `${overview.subscription.quantity} ${overview.subscription.quantity === 1 ? "number" : "numbers"} on the subscription`
                  : "No numbers on the subscription"}
              </p>
            </div>
          </div>
          {status ? <Badge variant={status.variant}>{status.label}</Badge> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {card ? null : (
            <Button onClick={() => void go("checkout")} disabled={!canManage || going !== null} title={reason}>
              {going === "checkout" ? <Spinner /> : <CreditCard aria-hidden />}
              Add payment method
            </Button>
          )}
          <Button
            variant={card ? "default" : "outline"}
            onClick={() => void go("portal")}
            disabled={!canManage || going !== null}
            title={reason}
          >
            {going === "portal" ? <Spinner /> : <ExternalLink aria-hidden />}
            Manage billing
          </Button>
        </div>
        {reason ? <p className="text-muted-foreground text-xs">{reason}</p> : null}
      </CardContent>
    </Card>
  );
}
