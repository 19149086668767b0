import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { billingSyncHandler, stripeEventHandler } from "./billing-jobs.ts";
import { createStripeClient, type StripeClient } from "./stripe-client.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Stripe's API with STRIPE_SECRET_KEY; null when billing is computed (no Stripe). */
    stripe: StripeClient | null;
  }
}

/** Stripe's client for the routes, and the billing jobs (`billing_sync`, `stripe_event`). */
export const billingPlugin = fp(
  async (app: FastifyInstance) => {
    const { billing } = app.config;
    app.decorate("stripe", billing.provider === "stripe" ? createStripeClient(billing) : null);
    const deps = { db: app.db, queue: app.jobs, config: app.config, stripe: app.stripe };
    app.jobs.handle("billing_sync", billingSyncHandler(deps));
    app.jobs.handle("stripe_event", stripeEventHandler(deps));
  },
  { name: "foreman-billing", dependencies: ["foreman-jobs", "foreman-events"] },
);
