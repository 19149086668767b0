import { describe, expect, it } from "vitest";
import { camelizeKeys, snakeizeKeys } from "../http/case.ts";
import {
  connectionTestSchema,
  INTEGRATION_STATE_LABELS,
  INTEGRATION_STATES,
  integrationListSchema,
  isTransitionalState,
} from "./integration.ts";

describe("integration states", () => {
  it("are the spec's seven, each with a label", () => {
    expect(INTEGRATION_STATES).toEqual([
      "connected",
      "disconnected",
      "connecting",
      "disconnecting",
      "setting_up",
      "verifying",
      "coming_soon",
    ]);
    expect(INTEGRATION_STATES.map((state) => INTEGRATION_STATE_LABELS[state])).toEqual([
      "Connected",
      "Disconnected",
      "Connecting",
      "Disconnecting",
      "Setting up",
      "Verifying",
      "Coming soon",
    ]);
  });

  it("tell the ones on the way to another state from the settled ones", () => {
    expect(INTEGRATION_STATES.filter(isTransitionalState)).toEqual([
      "connecting",
      "disconnecting",
      "setting_up",
      "verifying",
    ]);
  });
});

describe("the integrations list", () => {
  const wire = {
    integrations: [
      {
        key: "model_provider",
        name: "Model provider",
        description: "The model the AI employees answer with",
        state: "connected",
        details: [{ label: "Model", value: "gpt-4o-mini" }],
        setup: null,
        actions: ["test_connection"],
      },
      {
        key: "chatwoot",
        name: "Chatwoot",
        description: "The inbox",
        state: "disconnected",
        details: [],
        setup: {
          instructions: "Set both variables and restart the server.",
          variables: ["CHATWOOT_URL", "CHATWOOT_PLATFORM_TOKEN"],
          endpoint: null,
        },
        actions: [],
      },
      {
        key: "email",
        name: "Email",
        description: "Customer mail",
        state: "setting_up",
        details: [{ label: "Outgoing mail", value: "Kept in the outbox" }],
        setup: {
          instructions: "Set SMTP_URL and MAIL_FROM, then restart the server.",
          variables: ["SMTP_URL", "MAIL_FROM"],
          endpoint: null,
        },
        actions: ["send_test_mail"],
      },
    ],
  };

  it("reads the wire's snake_case and keeps values such as keys and states as they are", () => {
    const list = integrationListSchema.parse(camelizeKeys(wire));
    expect(list.integrations.map((item) => [item.key, item.state])).toEqual([
      ["model_provider", "connected"],
      ["chatwoot", "disconnected"],
      ["email", "setting_up"],
    ]);
    expect(list.integrations[2]!.actions).toEqual(["send_test_mail"]);
    expect(snakeizeKeys(list)).toEqual(wire);
  });

  it("refuses an unknown key, state or action", () => {
    const first = wire.integrations[0]!;
    for (const change of [{ key: "fax" }, { state: "broken" }, { actions: ["reboot"] }]) {
      const parsed = integrationListSchema.safeParse(camelizeKeys({ integrations: [{ ...first, ...change }] }));
      expect(parsed.success, JSON.stringify(change)).toBe(false);
    }
  });
});

describe("a connection test", () => {
  it("says ok with the latency, or why it failed", () => {
    expect(
      connectionTestSchema.parse(camelizeKeys({ ok: true, provider: "builtin", model: "m", latency_ms: 3 })),
    ).toEqual({ ok: true, provider: "builtin", model: "m", latencyMs: 3 });
    const failed = {
      ok: false,
      provider: "openai",
      model: "m",
      latency_ms: 40,
      error: "The model provider answered 401",
    };
    expect(connectionTestSchema.parse(camelizeKeys(failed)).error).toBe("The model provider answered 401");
    expect(connectionTestSchema.safeParse({ ok: true, provider: "x", model: "m", latencyMs: -1 }).success).toBe(false);
  });
});
