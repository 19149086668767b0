import { PAYMENT_FAILED_ADVICE } from "@foreman/contract";
import type { Config } from "#server/config.ts";
import { pdfMoney } from "#server/lib/pdf-document.ts";
import { appLink } from "../mail/index.ts";
import type { StripeInvoice } from "./stripe-objects.ts";

// The mail to the billing email when Stripe could not charge an invoice: what failed, what to do, and
// where (the billing tab, whose portal button opens Stripe's page to change the card).

export function paymentFailedMail(
  config: Pick<Config, "appUrl">,
  facts: {
    companyName: string;
    invoice: Pick<StripeInvoice, "number" | "id" | "totalCents" | "currency" | "hostedUrl">;
  },
) {
  const { invoice } = facts;
  const amount = pdfMoney(invoice.totalCents, invoice.currency);
  return {
    subject: `Payment failed for ${facts.companyName}'s phone numbers`,
    text: [
      `We could not charge ${amount} for invoice ${invoice.number ?? invoice.id} (${facts.companyName} on Foreman).`,
      "",
      PAYMENT_FAILED_ADVICE,
      "",
      "Billing settings:",
      appLink(config, "/settings", { tab: "billing" }),
      ...(invoice.hostedUrl ? ["", "Pay the invoice online:", invoice.hostedUrl] : []),
    ].join("\n"),
  };
}
