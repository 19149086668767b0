import type { LightMyRequestResponse } from "fastify";
import {
  type BusinessSelector,
  type FakeGraphApi,
  signWebhook,
  startFakeGraphApi,
} from "../../../../scripts/whatsapp/fake-graph-api.mjs";
import { type AgentCompany, type AgentWorld, agentWorld } from "./agents-setup.ts";
import type { TestAppOptions } from "./app.ts";

// Test support for WhatsApp: the agent world's two companies, a server configured for WhatsApp against
// the fake Graph API on 127.0.0.1 (scripts/whatsapp), with two businesses (one per company).

export const APP_SECRET = "test-app-secret-0123456789";
export const VERIFY_TOKEN = "test-verify-token";

export function whatsappEnv(fake: FakeGraphApi): Record<string, string> {
  return {
    WHATSAPP_APP_ID: fake.appId,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_CONFIG_ID: "test-config",
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    PUBLIC_URL: "https://foreman.example.com",
    WHATSAPP_GRAPH_URL: fake.url,
  };
}

export type WhatsappWorld = AgentWorld & {
  fake: FakeGraphApi;
  /** Runs the signup's onboarding for a company with a fresh code for the business (the first by default). */
  onboard(
    company: AgentCompany,
    business?: BusinessSelector,
    extra?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
  /** Posts a webhook body as Meta does: signed with the app secret, another secret, or not at all. */
  webhook(payload: unknown, signature?: "valid" | "bad" | "none"): Promise<LightMyRequestResponse>;
  status(company: AgentCompany): Promise<Record<string, unknown>>;
  close(): Promise<void>;
};

export async function whatsappWorld(options: TestAppOptions = {}): Promise<WhatsappWorld> {
  const fake = await startFakeGraphApi({ appSecret: APP_SECRET });
  fake.addBusiness({ verifiedName: "Globex Demo" });
  const world = await agentWorld({ ...options, env: { ...whatsappEnv(fake), ...options.env } });
  return {
    ...world,
    fake,
    onboard(company, business = {}, extra = {}) {
      const code = fake.issueCode(business);
      const chosen = fake.businesses.find((b) =>
        business.phoneNumberId
          ? b.phoneNumberId === business.phoneNumberId
          : business.wabaId
            ? b.wabaId === business.wabaId
            : true,
      )!;
      return world.t.app.inject({
        method: "POST",
        url: "/app/whatsapp/embedded_signup/integrations/onboard.json",
        headers: { ...company.headers, "content-type": "application/json" },
        payload: {
          whatsapp_embedded_signup: {
            code,
            waba_id: chosen.wabaId,
            phone_number_id: chosen.phoneNumberId,
            business_id: chosen.businessId,
          },
          ...extra,
        },
      });
    },
    webhook(payload, signature = "valid") {
      const raw = JSON.stringify(payload);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (signature === "valid") headers["x-hub-signature-256"] = signWebhook(APP_SECRET, raw);
      if (signature === "bad") headers["x-hub-signature-256"] = signWebhook("another-secret-entirely", raw);
      return world.t.app.inject({ method: "POST", url: "/webhooks/whatsapp", headers, payload: raw });
    },
    async status(company) {
      const response = await world.t.app.inject({
        method: "GET",
        url: "/app/whatsapp/embedded_signup/integrations/status.json",
        headers: company.headers,
      });
      return response.json() as Record<string, unknown>;
    },
    async close() {
      await world.t.close();
      await fake.close();
    },
  };
}
