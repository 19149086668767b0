import { describe, expect, it } from "vitest";
import { parseStripeForm } from "#server/test/fake-stripe.ts";
import { formEncode } from "./stripe-client.ts";

describe("formEncode", () => {
  it("writes Stripe's bracket keys for objects and lists, and leaves undefined out", () => {
    const form = formEncode({
      customer: "cus_1",
      items: [{ price: "price_1", quantity: 2 }],
      metadata: { company_id: "c1" },
      expand: ["payment_method"],
      name: undefined,
      prorate: false,
    });
    expect(decodeURIComponent(form)).toBe(
      "customer=cus_1&items[0][price]=price_1&items[0][quantity]=2&metadata[company_id]=c1&expand[0]=payment_method&prorate=false",
    );
    // What the fake Stripe reads back, as Stripe does.
    expect(parseStripeForm(form)).toEqual({
      customer: "cus_1",
      items: [{ price: "price_1", quantity: "2" }],
      metadata: { company_id: "c1" },
      expand: ["payment_method"],
      prorate: "false",
    });
  });
});
