import type { ServerResponse } from "node:http";
import { MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { type IntegrationCardRenderers, IntegrationsSection } from "./integrations-section.tsx";

const api = signedInLocalApi();
const COMPANY = "company-13";

// As the server sends them: snake_case.
const integration = (key: string, name: string, state: string, extra: object = {}) => ({
  key,
  name,
  description: `${name} does its job`,
  state,
  details: [],
  setup: null,
  actions: [],
  ...extra,
});

const INTEGRATIONS = [
  integration("model_provider", "AI model", "connected", {
    details: [
      { label: "Engine", value: "Built-in engine, no key needed" },
      { label: "Model", value: "foreman-builtin-1" },
    ],
    setup: {
      instructions: "To answer with your own model, set LLM_PROVIDER=openai.",
      variables: ["LLM_PROVIDER", "LLM_API_KEY", "LLM_MODEL", "LLM_BASE_URL"],
      endpoint: null,
    },
    actions: ["test_connection"],
  }),
  integration("channel_api", "Channel API", "disconnected", {
    setup: { instructions: "Open a channel.", variables: [], endpoint: "POST /app/api_channels.json" },
  }),
  integration("chatwoot", "Chatwoot", "disconnected", {
    setup: {
      instructions: "Set both, then restart.",
      variables: ["CHATWOOT_URL", "CHATWOOT_PLATFORM_TOKEN"],
      endpoint: null,
    },
  }),
  integration("whatsapp", "WhatsApp", "coming_soon"),
  integration("email", "Email", "coming_soon"),
];

function serve(integrations: object[] = INTEGRATIONS) {
  api.routes["GET /app/integrations.json"] = (_req, res) => sendJson(res, 200, { integrations });
}

function renderIntegrations({
  canManage = true,
  cards,
  children,
}: {
  canManage?: boolean;
  cards?: IntegrationCardRenderers;
  children?: ReactNode;
} = {}) {
  return renderInCompany(
    <IntegrationsSection canManage={canManage} cards={cards}>
      {children}
    </IntegrationsSection>,
    { companyId: COMPANY, path: "/training?tab=integrations" },
  );
}

const cardOf = (key: string) =>
  screen.getAllByTestId("integration").find((card) => card.dataset.key === key) as HTMLElement;

/** Holds an answer until `release` is called, to see the state in between. */
function held(answer: (res: ServerResponse) => void) {
  let release = () => {};
  const handler = (_req: unknown, res: ServerResponse) => {
    release = () => answer(res);
  };
  return { handler, release: () => release() };
}

beforeEach(() => {
  serve();
});

describe("integrations", () => {
  it("shows a skeleton, then every integration with its state, details and what to set", async () => {
    const slow = held((res) => sendJson(res, 200, { integrations: INTEGRATIONS }));
    api.routes["GET /app/integrations.json"] = slow.handler;
    renderIntegrations();
    expect(await screen.findByRole("status", { name: "Loading the integrations" })).toBeInTheDocument();
    await waitFor(() => expect(api.requests.length).toBe(1));
    slow.release();
    await screen.findAllByTestId("integration");

    expect(screen.getByRole("heading", { level: 2, name: "Integrations" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "AI model",
      "Channel API",
      "Chatwoot",
      "WhatsApp",
      "Email",
    ]);
    const states = screen.getAllByTestId("integration-state").map((badge) => badge.textContent);
    expect(states).toEqual(["Connected", "Disconnected", "Disconnected", "Coming soon", "Coming soon"]);

    const model = cardOf("model_provider");
    expect(model).toHaveTextContent("EngineBuilt-in engine, no key needed");
    expect(model).toHaveTextContent("Modelforeman-builtin-1");
    expect(within(model).getByText("To change it:")).toBeInTheDocument();

    const chatwoot = cardOf("chatwoot");
    expect(within(chatwoot).getByText("To connect it:")).toBeInTheDocument();
    expect(within(chatwoot).getByText("CHATWOOT_URL").tagName).toBe("CODE");
    expect(within(chatwoot).getByText("CHATWOOT_PLATFORM_TOKEN").tagName).toBe("CODE");
    expect(within(cardOf("channel_api")).getByText("POST /app/api_channels.json").tagName).toBe("CODE");

    // Only the model has a test; nothing to set for what is coming soon.
    expect(screen.getAllByRole("button", { name: "Test connection" })).toHaveLength(1);
    expect(within(cardOf("whatsapp")).queryByTestId("integration-setup")).toBeNull();
    expect(api.requests[0]).toMatchObject({ method: "GET", path: "/app/integrations.json" });
    expect(api.requests[0]!.headers["x-company-id"]).toBe(COMPANY);
  });

  it("shows the states on their way to another one as in progress", async () => {
    serve(
      ["connecting", "disconnecting", "setting_up", "verifying"].map((state, index) =>
        integration(["model_provider", "channel_api", "chatwoot", "whatsapp"][index]!, `Thing ${index}`, state),
      ),
    );
    renderIntegrations();
    await screen.findAllByTestId("integration");
    const badges = screen.getAllByTestId("integration-state");
    expect(badges.map((badge) => badge.textContent)).toEqual([
      "Connecting",
      "Disconnecting",
      "Setting up",
      "Verifying",
    ]);
    for (const badge of badges) expect(badge.querySelector("[data-slot=spinner]")).not.toBeNull();
  });

  it("tests the model's connection and shows the latency, then a failure with its reason", async () => {
    const answers = [
      { ok: true, provider: "builtin", model: "foreman-builtin-1", latency_ms: 12 },
      {
        ok: false,
        provider: "openai",
        model: "gpt-4o-mini",
        latency_ms: 340,
        error: "The model provider answered 401 Unauthorized",
      },
    ];
    let pending: (() => void) | null = null;
    api.routes["POST /app/integrations/model_provider/test.json"] = (_req, res) => {
      const body = answers.shift();
      pending = () => sendJson(res, 200, body);
    };
    const user = userEvent.setup();
    renderIntegrations();
    const button = await screen.findByRole("button", { name: "Test connection" });
    const result = screen.getByTestId("connection-test-result");
    expect(result).toHaveAttribute("aria-live", "polite");

    await user.click(button);
    expect(await screen.findByRole("button", { name: "Testing…" })).toBeDisabled();
    expect(result).toHaveTextContent("Sending a short message to the model…");
    await waitFor(() => expect(pending).not.toBeNull());
    pending!();
    await waitFor(() => expect(result).toHaveTextContent("The model answered in 12 ms (foreman-builtin-1)."));

    pending = null;
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    await waitFor(() => expect(pending).not.toBeNull());
    pending!();
    await waitFor(() =>
      expect(result).toHaveTextContent(
        "The connection failed after 340 ms: The model provider answered 401 Unauthorized",
      ),
    );
    const posts = api.requests.filter((request) => request.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers["x-company-id"]).toBe(COMPANY);
  });

  it("says so when the test itself cannot run", async () => {
    api.routes["POST /app/integrations/model_provider/test.json"] = (_req, res) =>
      sendJson(res, 403, { error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    const user = userEvent.setup();
    renderIntegrations();
    await user.click(await screen.findByRole("button", { name: "Test connection" }));
    await waitFor(() =>
      expect(screen.getByTestId("connection-test-result")).toHaveTextContent(
        `The test could not run: ${MANAGER_ROLE_REQUIRED}`,
      ),
    );
  });

  it("shows members the test disabled, with the reason", async () => {
    const user = userEvent.setup();
    renderIntegrations({ canManage: false });
    const button = await screen.findByRole("button", { name: "Test connection" });
    expect(button).toBeDisabled();
    await user.tab();
    const wrapper = screen.getByTestId("manager-only");
    expect(wrapper).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent(MANAGER_ROLE_REQUIRED);
    expect(api.requests.filter((request) => request.method === "POST")).toHaveLength(0);
  });

  it("offers a retry when the list cannot be loaded", async () => {
    let fail = true;
    api.routes["GET /app/integrations.json"] = (_req, res) =>
      fail ? sendJson(res, 500, { error: "internal_error" }) : sendJson(res, 200, { integrations: INTEGRATIONS });
    const user = userEvent.setup();
    renderIntegrations();
    expect(await screen.findByText("Couldn't load the integrations")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByTestId("integration")).toHaveLength(5);
  });

  it("draws the card another feature gives for a key in place of the generic one, and what goes under the list", async () => {
    renderIntegrations({
      cards: { whatsapp: (integration) => <p data-testid="own-card">{`${integration.name}'s own card`}</p> },
      children: <p>Templates go here</p>,
    });
    expect(await screen.findByTestId("own-card")).toHaveTextContent("WhatsApp's own card");
    expect(screen.getAllByTestId("integration").map((card) => card.dataset.key)).toEqual([
      "model_provider",
      "channel_api",
      "chatwoot",
      "email",
    ]);
    expect(screen.getByText("Templates go here")).toBeInTheDocument();
  });
});
