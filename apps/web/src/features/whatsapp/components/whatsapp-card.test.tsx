import { type Integration, MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import { getToasts } from "#web/lib/toast-store.ts";
import { MATEO, SOFIA, serveAiEmployees } from "#web/test/fixtures/ai-employees.ts";
import { liveEventStreams } from "#web/test/live-event-streams.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import type { FacebookLoginResponse } from "../load-business-sdk.ts";
import { WhatsappCard } from "./whatsapp-card.tsx";

const api = signedInLocalApi();
const { streams, serve: serveEvents } = liveEventStreams(api);
const COMPANY = "3f1c2a9e-0000-4000-8000-000000000013";
const STATUS_PATH = "/app/whatsapp/embedded_signup/integrations/status.json";
const ONBOARD_PATH = "/app/whatsapp/embedded_signup/integrations/onboard.json";
const META_ORIGIN = "https://www.facebook.com";

const INTEGRATION: Integration = {
  key: "whatsapp",
  name: "WhatsApp",
  description: "Your AI employees answer customers on WhatsApp Business, with message templates.",
  state: "disconnected",
  details: [],
  setup: null,
  actions: [],
};

// As the server sends them: snake_case.
const SIGNUP = {
  app_id: "1234567890",
  config_id: "cfg-42",
  sdk_url: "https://connect.facebook.net/en_US/sdk.js",
  graph_version: "v22.0",
};
const WEBHOOK_URL = "https://foreman.example/webhooks/whatsapp";

const connection = (extra: object = {}) => ({
  id: "w1",
  state: "connected",
  step: null,
  error: null,
  waba_id: "102290129340398",
  business_id: "4",
  phone_number_id: "106540352242922",
  phone_number: "+1 555-098-4277",
  verified_name: "Northwind Supply",
  quality: "yellow",
  verified: true,
  status: "CONNECTED",
  last_webhook_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  templates_synced_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  connected_at: "2026-03-05T10:00:00Z",
  assignee: { ai_employee_id: SOFIA, department_id: null, name: "Sofía Reyes" },
  ...extra,
});

const status = (extra: object = {}) => ({
  configured: true,
  missing: [],
  signup: SIGNUP,
  webhook_url: WEBHOOK_URL,
  connection: null,
  ...extra,
});

function serve(body: object = status()) {
  api.routes[`GET ${STATUS_PATH}`] = (_req, res) => sendJson(res, 200, body);
  api.routes["GET /app/integrations.json"] = (_req, res) => sendJson(res, 200, { integrations: [] });
  api.routes["GET /app/whatsapp/templates.json"] = (_req, res) =>
    sendJson(res, 200, { templates: [], synced_at: null, connected: true });
  serveAiEmployees(api);
  serveEvents();
}

function renderCard({ canManage = true } = {}) {
  return renderInCompany(<WhatsappCard integration={INTEGRATION} canManage={canManage} />, {
    companyId: COMPANY,
    path: "/training?tab=integrations",
  });
}

/** A stand-in for Meta's SDK on the page: FB.login keeps its callback, as the popup would until it closes. */
function installFakeSdk() {
  const sdk = {
    login: null as ((response: FacebookLoginResponse) => void) | null,
    init: vi.fn(),
  };
  window.FB = {
    init: sdk.init,
    login: (callback) => {
      sdk.login = callback;
    },
  };
  return sdk;
}

function postSignupEvent(data: object) {
  window.dispatchEvent(
    new MessageEvent("message", {
      data: JSON.stringify({ type: "WA_EMBEDDED_SIGNUP", ...data }),
      origin: META_ORIGIN,
    }),
  );
}

/** Renders the card with the stand-in SDK and presses Connect WhatsApp. */
async function connectWithFakeSdk() {
  const sdk = installFakeSdk();
  const user = userEvent.setup();
  renderCard();
  await user.click(await screen.findByRole("button", { name: "Connect WhatsApp" }));
  return { sdk, user };
}

const badge = () => screen.getByTestId("integration-state");

beforeEach(() => {
  setSelectedCompany({ id: COMPANY, name: "Northwind Supply" });
  delete window.FB;
  delete window.fbAsyncInit;
});

afterEach(() => {
  // Unmounted before the SDK goes.
  cleanup();
  for (const script of document.querySelectorAll("script[data-business-sdk]")) script.remove();
  delete window.FB;
  vi.restoreAllMocks();
});

describe("the WhatsApp card", () => {
  it("names the settings the server still needs when WhatsApp is not configured", async () => {
    serve(
      status({
        configured: false,
        missing: ["WHATSAPP_APP_ID", "WHATSAPP_CONFIG_ID"],
        signup: null,
      }),
    );
    renderCard();
    const setup = await screen.findByTestId("integration-setup");
    expect(within(setup).getByText("WHATSAPP_APP_ID").tagName).toBe("CODE");
    expect(within(setup).getByText("WHATSAPP_CONFIG_ID").tagName).toBe("CODE");
    expect(setup).toHaveTextContent(WEBHOOK_URL);
    expect(screen.queryByRole("button", { name: "Connect WhatsApp" })).toBeNull();
    expect(badge()).toHaveTextContent("Disconnected");
    expect(api.requests.find((r) => r.path === STATUS_PATH)?.headers["x-company-id"]).toBe(COMPANY);
  });

  it("treats a failed status call as no integration: logged, shown as unavailable, with a retry", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    serve();
    let fail = true;
    api.routes[`GET ${STATUS_PATH}`] = (_req, res) =>
      fail ? sendJson(res, 500, { error: "internal_error" }) : sendJson(res, 200, status());
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText(/WhatsApp is unavailable right now/)).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Connect WhatsApp" })).toBeEnabled();
  });

  it("says the business SDK is not ready when it cannot be loaded, and loads it only on the click", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve();
    const user = userEvent.setup();
    renderCard();
    const connect = await screen.findByRole("button", { name: "Connect WhatsApp" });
    expect(document.querySelector("script[data-business-sdk]")).toBeNull();
    await user.click(connect);
    const script = document.querySelector<HTMLScriptElement>("script[data-business-sdk]");
    expect(script?.src).toBe(SIGNUP.sdk_url);
    expect(badge()).toHaveTextContent("Connecting");
    script!.dispatchEvent(new Event("error"));
    expect(
      await screen.findByText("Facebook Business integration is not ready yet. Please try again in a moment."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    expect(api.requests.some((r) => r.path === ONBOARD_PATH)).toBe(false);
  });

  it("says so when launching the signup throws", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve();
    window.FB = {
      init: () => {},
      login: () => {
        throw new Error("popup blocked");
      },
    };
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole("button", { name: "Connect WhatsApp" }));
    expect(await screen.findByText("Error launching WhatsApp signup. Please try again.")).toBeInTheDocument();
  });

  it("onboards with the code and the session when the code comes first", async () => {
    serve();
    api.routes[`POST ${ONBOARD_PATH}`] = (_req, res) => sendJson(res, 200, status({ connection: connection() }));
    const { sdk } = await connectWithFakeSdk();
    expect(sdk.init).toHaveBeenCalledWith({ appId: SIGNUP.app_id, cookie: true, xfbml: true, version: "v22.0" });
    expect(await screen.findByTestId("whatsapp-progress")).toHaveTextContent(
      "Waiting for WhatsApp signup to finish in the popup…",
    );
    await waitFor(() => expect(sdk.login).not.toBeNull());
    sdk.login!({ status: "connected", authResponse: { code: "code-abc" } });
    // Only half of what the onboarding needs: nothing is sent yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.some((r) => r.path === ONBOARD_PATH)).toBe(false);
    postSignupEvent({
      event: "FINISH",
      data: { phone_number_id: "106540352242922", waba_id: "102290129340398", business_id: "4" },
    });
    await waitFor(() => expect(api.requests.some((r) => r.path === ONBOARD_PATH)).toBe(true));
    const post = api.requests.find((r) => r.path === ONBOARD_PATH)!;
    expect(post.body).toEqual({
      whatsapp_embedded_signup: {
        code: "code-abc",
        waba_id: "102290129340398",
        phone_number_id: "106540352242922",
        business_id: "4",
      },
    });
    expect(post.headers["x-company-id"]).toBe(COMPANY);
    const details = await screen.findByTestId("whatsapp-details");
    expect(badge()).toHaveTextContent("Connected");
    expect(details).toHaveTextContent("+1 555-098-4277");
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain("WhatsApp connected"));
  });

  it("onboards when the session event comes before the code", async () => {
    serve();
    api.routes[`POST ${ONBOARD_PATH}`] = (_req, res) => sendJson(res, 200, status({ connection: connection() }));
    const { sdk } = await connectWithFakeSdk();
    await waitFor(() => expect(sdk.login).not.toBeNull());
    postSignupEvent({ event: "FINISH", data: { phone_number_id: "777", waba_id: "888" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.some((r) => r.path === ONBOARD_PATH)).toBe(false);
    sdk.login!({ authResponse: { code: "code-xyz" } });
    await waitFor(() => expect(api.requests.some((r) => r.path === ONBOARD_PATH)).toBe(true));
    expect(api.requests.find((r) => r.path === ONBOARD_PATH)!.body).toEqual({
      whatsapp_embedded_signup: { code: "code-xyz", waba_id: "888", phone_number_id: "777", business_id: null },
    });
    expect(await screen.findByTestId("whatsapp-details")).toBeInTheDocument();
  });

  it("says where the user stopped when the signup is cancelled, and sends nothing", async () => {
    serve();
    const { sdk } = await connectWithFakeSdk();
    await waitFor(() => expect(sdk.login).not.toBeNull());
    postSignupEvent({ event: "CANCEL", data: { current_step: "PHONE_NUMBER_SETUP" } });
    expect(
      await screen.findByText(
        "WhatsApp signup was closed at “phone number setup” before it finished. Nothing was connected.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Connect WhatsApp" })).toBeEnabled();
    expect(api.requests.some((r) => r.path === ONBOARD_PATH)).toBe(false);
  });

  it("shows a failed onboarding step with Meta's reason, and a retry that relaunches the signup", async () => {
    serve();
    const failed = status({
      connection: connection({
        state: "disconnected",
        step: "register",
        error: "Meta refused to register the number: (#133005) Two step verification PIN mismatch",
        phone_number: null,
        quality: "unknown",
      }),
    });
    api.routes[`POST ${ONBOARD_PATH}`] = (_req, res) => {
      serve(failed);
      sendJson(res, 422, {
        error: "whatsapp_onboarding_failed",
        error_description: "Meta refused to register the number: (#133005) Two step verification PIN mismatch",
        details: [{ field: "register", message: "Two step verification PIN mismatch" }],
      });
    };
    const { sdk, user } = await connectWithFakeSdk();
    await waitFor(() => expect(sdk.login).not.toBeNull());
    sdk.login!({ authResponse: { code: "code-1" } });
    postSignupEvent({ event: "FINISH", data: { phone_number_id: "1", waba_id: "2" } });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Connecting stopped at “Registering the number”");
    expect(alert).toHaveTextContent("Two step verification PIN mismatch");

    sdk.login = null;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(sdk.login).not.toBeNull());
  });

  it("shows the onboarding's progress step by step while the server works", async () => {
    serve(status({ connection: connection({ state: "setting_up", step: "subscribe" }) }));
    renderCard();
    expect(await screen.findByTestId("whatsapp-progress")).toHaveTextContent("Step 5 of 6: Subscribing to messages…");
    expect(badge()).toHaveTextContent("Setting up");
  });

  it("shows a connected number's details, who answers it, and changes who does", async () => {
    serve(status({ connection: connection() }));
    api.routes["PUT /app/whatsapp/assignee.json"] = (_req, res) =>
      sendJson(
        res,
        200,
        status({
          connection: connection({ assignee: { ai_employee_id: MATEO, department_id: null, name: "Mateo Díaz" } }),
        }),
      );
    const user = userEvent.setup();
    renderCard();
    const details = await screen.findByTestId("whatsapp-details");
    expect(details).toHaveTextContent("Phone number+1 555-098-4277 · Northwind Supply");
    expect(screen.getByTestId("whatsapp-quality")).toHaveTextContent("Medium");
    expect(details).toHaveTextContent("Last webhook5 minutes ago");
    expect(details).toHaveTextContent("StatusConnected");
    expect(details).toHaveTextContent("VerifiedYes");
    expect(details).toHaveTextContent(WEBHOOK_URL);
    expect(details).toHaveTextContent("Templates synced2 hours ago");
    expect(within(details).getByRole("button", { name: "Copy the webhook URL" })).toBeEnabled();

    const select = screen.getByRole("combobox", { name: /Answered by/ });
    await waitFor(() =>
      expect(within(select).getByRole("option", { name: "Mateo Díaz · Support" })).toBeInTheDocument(),
    );
    expect(select).toHaveValue(`employee:${SOFIA}`);
    await user.selectOptions(select, `employee:${MATEO}`);
    await waitFor(() => expect(select).toHaveValue(`employee:${MATEO}`));
    expect(api.requests.find((r) => r.method === "PUT")?.body).toEqual({
      ai_employee_id: MATEO,
      department_id: null,
    });
    expect(getToasts().map((t) => t.title)).toContain("Mateo Díaz answers WhatsApp from now on");
  });

  it("disconnects only after the confirmation", async () => {
    serve(status({ connection: connection() }));
    api.routes["POST /app/whatsapp/embedded_signup/integrations/disconnect.json"] = (_req, res) =>
      sendJson(res, 200, status({ connection: connection({ state: "disconnected" }) }));
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole("button", { name: "Disconnect" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(
      "Conversations stay; customers' new messages stop arriving until you connect again.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.requests.some((r) => r.path.endsWith("disconnect.json"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Disconnect" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Disconnect" }));
    await waitFor(() => expect(badge()).toHaveTextContent("Disconnected"));
    expect(api.requests.filter((r) => r.path.endsWith("disconnect.json"))).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Connect WhatsApp" })).toBeInTheDocument();
  });

  it("refetches the status when the live stream says WhatsApp changed", async () => {
    serve(status({ connection: connection({ state: "setting_up", step: "token" }) }));
    renderCard();
    expect(await screen.findByTestId("whatsapp-progress")).toHaveTextContent("Step 1 of 6");
    await waitFor(() => expect(streams).toHaveLength(1));
    serve(status({ connection: connection({ state: "setting_up", step: "phone_number" }) }));
    streams[0]!.write(
      `event: whatsapp.updated\ndata: ${JSON.stringify({ type: "whatsapp.updated", state: "setting_up", template_id: null })}\n\n`,
    );
    await waitFor(() =>
      expect(screen.getByTestId("whatsapp-progress")).toHaveTextContent("Step 3 of 6: Reading the phone number…"),
    );
  });

  it("shows members the actions disabled, with the reason", async () => {
    serve(status({ connection: connection() }));
    renderCard({ canManage: false });
    expect(await screen.findByRole("button", { name: "Disconnect" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: /Answered by/ })).toBeDisabled();
    cleanup();
    serve();
    const user = userEvent.setup();
    renderCard({ canManage: false });
    const connect = await screen.findByRole("button", { name: "Connect WhatsApp" });
    expect(connect).toBeDisabled();
    const wrapper = screen.getByTestId("manager-only");
    for (let i = 0; i < 4 && document.activeElement !== wrapper; i++) await user.tab();
    expect(wrapper).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent(MANAGER_ROLE_REQUIRED);
  });
});
