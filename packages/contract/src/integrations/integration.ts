// The training centre's integrations: what the AI employees are connected to (their model, the channel
// API, Chatwoot, later WhatsApp and email), each in a state the server reads from reality — the
// configuration and the company's records — never one stored by hand (camelCase here; snake_case on the
// wire).
import { z } from "zod";

/** The spec's integration states, in its order. */
export const INTEGRATION_STATES = [
  "connected",
  "disconnected",
  "connecting",
  "disconnecting",
  "setting_up",
  "verifying",
  "coming_soon",
] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

export const INTEGRATION_STATE_LABELS: Record<IntegrationState, string> = {
  connected: "Connected",
  disconnected: "Disconnected",
  connecting: "Connecting",
  disconnecting: "Disconnecting",
  setting_up: "Setting up",
  verifying: "Verifying",
  coming_soon: "Coming soon",
};

/** States on the way to another one: shown as work in progress. */
export const TRANSITIONAL_INTEGRATION_STATES = [
  "connecting",
  "disconnecting",
  "setting_up",
  "verifying",
] as const satisfies readonly IntegrationState[];

export function isTransitionalState(state: IntegrationState): boolean {
  return (TRANSITIONAL_INTEGRATION_STATES as readonly IntegrationState[]).includes(state);
}

/** Every integration the list shows, in its order. */
export const INTEGRATION_KEYS = [
  "model_provider",
  "website_chat",
  "channel_api",
  "chatwoot",
  "whatsapp",
  "email",
] as const;
export type IntegrationKey = (typeof INTEGRATION_KEYS)[number];

/** What staff can do with an integration from the list. */
export const INTEGRATION_ACTIONS = ["test_connection", "send_test_mail"] as const;
export type IntegrationAction = (typeof INTEGRATION_ACTIONS)[number];

export const integrationDetailSchema = z
  .object({
    label: z.string().describe('what the value is, e.g. "Model"'),
    value: z.string().describe("never a secret: hosts, names and counts only"),
  })
  .describe("One fact about the connection");
export type IntegrationDetail = z.infer<typeof integrationDetailSchema>;

export const integrationSetupSchema = z
  .object({
    instructions: z.string().describe("What to do, in a sentence or two"),
    variables: z.array(z.string()).describe("Environment variables to set on the server (names only)"),
    endpoint: z.string().nullable().describe('The API call that connects it, e.g. "POST /app/api_channels.json"'),
  })
  .describe("How to connect it (or, once connected, how to change it); null when there is nothing to set");
export type IntegrationSetup = z.infer<typeof integrationSetupSchema>;

export const integrationSchema = z.object({
  key: z.enum(INTEGRATION_KEYS),
  name: z.string(),
  description: z.string().describe("What it does for the AI employees"),
  state: z.enum(INTEGRATION_STATES).describe("Read from the configuration and the company's records"),
  details: z.array(integrationDetailSchema),
  setup: integrationSetupSchema.nullable(),
  actions: z
    .array(z.enum(INTEGRATION_ACTIONS))
    .describe(
      "test_connection: POST /app/integrations/{key}/test.json; send_test_mail: POST /app/outbound_mails/test.json (owners and admins)",
    ),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListSchema = z.object({ integrations: z.array(integrationSchema) });
export type IntegrationList = z.infer<typeof integrationListSchema>;

/** The outcome of one tiny completion through the configured model; a failing provider is `ok: false`, not an error status. */
export const connectionTestSchema = z.object({
  ok: z.boolean(),
  provider: z.string().describe('"builtin" or "openai"'),
  model: z.string(),
  latencyMs: z.number().int().nonnegative().describe("From the request to the answer, or to the failure"),
  error: z.string().optional().describe("Why it failed, as the provider said it (never a key or a token)"),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
