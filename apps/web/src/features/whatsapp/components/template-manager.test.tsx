import type { ServerResponse } from "node:http";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import { getToasts } from "#web/lib/toast-store.ts";
import { liveEventStreams } from "#web/test/live-event-streams.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { TemplateManager } from "./template-manager.tsx";

const api = signedInLocalApi();
const { streams, serve: serveEvents } = liveEventStreams(api);
const COMPANY = "3f1c2a9e-0000-4000-8000-000000000021";
const LIST_PATH = "/app/whatsapp/templates.json";

// As the server sends them: snake_case.
const template = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  language: "en_US",
  category: "utility",
  status: "active",
  header_text: null,
  body: "Hi {{1}}, your order {{2}} is on its way.",
  footer_text: null,
  variables: [
    { source: "customer_first_name", example: "Ana" },
    { source: "order_number", example: "1042" },
  ],
  rejection_reason: null,
  meta_template_id: "m-1",
  synced_at: "2026-03-05T10:00:00Z",
  updated_at: "2026-03-05T10:00:00Z",
  ...extra,
});

const TEMPLATES = [
  template("t1", "order_shipped"),
  template("t2", "spring_sale_with_a_very_long_name_that_does_not_fit", {
    category: "marketing",
    language: "es_AR",
    status: "rejected",
    rejection_reason: "The message looks like a promotion sent as a utility template.",
  }),
  template("t3", "welcome_draft", { status: "draft", meta_template_id: null, variables: [], body: "Welcome aboard!" }),
];

function serve(templates: object[] = TEMPLATES, extra: object = {}) {
  api.routes[`GET ${LIST_PATH}`] = (_req, res) =>
    sendJson(res, 200, {
      templates,
      synced_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      connected: true,
      ...extra,
    });
  api.routes["GET /app/whatsapp/embedded_signup/integrations/status.json"] = (_req, res) =>
    sendJson(res, 200, { configured: false, missing: [], signup: null, webhook_url: null, connection: null });
  serveEvents();
}

function renderTemplates({ canManage = true } = {}) {
  return renderInCompany(<TemplateManager canManage={canManage} />, {
    companyId: COMPANY,
    path: "/training?tab=integrations",
  });
}

const rowOf = (id: string) =>
  screen.getAllByTestId("template-row").find((row) => row.dataset.templateId === id) as HTMLElement;
const toastTitles = () => getToasts().map((t) => t.title);

beforeEach(() => {
  setSelectedCompany({ id: COMPANY, name: "Northwind Supply" });
});

describe("WhatsApp templates", () => {
  it("lists each template with its language, category, status and Meta's reason for a rejection", async () => {
    serve();
    renderTemplates();
    await screen.findAllByTestId("template-row");
    expect(screen.getByRole("heading", { level: 2, name: "WhatsApp templates" })).toBeInTheDocument();
    expect(rowOf("t1")).toHaveTextContent("order_shipped");
    expect(rowOf("t1")).toHaveTextContent("English (US)");
    expect(rowOf("t1")).toHaveTextContent("Utility");
    expect(within(rowOf("t1")).getByTestId("template-status")).toHaveTextContent("Active");
    const sale = rowOf("t2");
    expect(within(sale).getByText("spring_sale_with_a_very_long_name_that_does_not_fit")).toHaveAttribute(
      "title",
      "spring_sale_with_a_very_long_name_that_does_not_fit",
    );
    expect(sale).toHaveTextContent("Spanish (Argentina)");
    expect(sale).toHaveTextContent("Marketing");
    expect(within(sale).getByTestId("template-status")).toHaveTextContent(
      "RejectedThe message looks like a promotion sent as a utility template.",
    );
    expect(within(rowOf("t3")).getByTestId("template-status")).toHaveTextContent("Draft");
    expect(screen.getByTestId("templates-synced")).toHaveTextContent("Synced 5 minutes ago");
  });

  it('says "No templates found" when there are none', async () => {
    serve([]);
    renderTemplates();
    expect(await screen.findByText("No templates found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New template" })).toBeEnabled();
  });

  it("checks a new template before sending it, keeps what was typed, then creates it", async () => {
    serve([]);
    api.routes[`POST ${LIST_PATH}`] = (req, res) =>
      sendJson(res, 201, template("t9", "order_ready", { body: (req.body as { body: string }).body }));
    const user = userEvent.setup();
    renderTemplates();
    await user.click(await screen.findByRole("button", { name: "New template" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Submit for review" }));
    const name = within(dialog).getByLabelText("Name");
    expect(name).toHaveAccessibleDescription(expect.stringContaining("Required"));
    expect(within(dialog).getByLabelText("Message")).toHaveAccessibleDescription(expect.stringContaining("Required"));
    expect(api.requests.some((r) => r.method === "POST")).toBe(false);

    await user.type(name, "Order Ready");
    const body = within(dialog).getByLabelText("Message");
    await user.click(body);
    await user.paste("Hi ");
    await user.click(within(dialog).getByRole("button", { name: "Add variable" }));
    await user.paste(", your order is ready.");
    expect(body).toHaveValue("Hi {{1}}, your order is ready.");
    expect(within(dialog).getByTestId("body-counter")).toHaveTextContent("30 / 1,024");
    expect(within(dialog).getAllByTestId("template-variable")).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: "Submit for review" }));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining("Use lowercase letters, numbers and underscores only"),
    );
    expect(name).toHaveValue("Order Ready");
    expect(within(dialog).getByLabelText("Example for {{1}}")).toHaveAccessibleDescription("Required");
    expect(api.requests.some((r) => r.method === "POST")).toBe(false);

    await user.clear(name);
    await user.type(name, "order_ready");
    await user.selectOptions(within(dialog).getByLabelText("Source of {{1}}"), "customer_first_name");
    await user.type(within(dialog).getByLabelText("Example for {{1}}"), "Ana");
    await user.type(within(dialog).getByLabelText("Footer (optional)"), "Northwind Supply");
    const preview = within(dialog).getByTestId("template-preview");
    expect(preview).toHaveTextContent("Hi Ana, your order is ready.");
    expect(preview).toHaveTextContent("Northwind Supply");
    await user.click(within(dialog).getByRole("button", { name: "Submit for review" }));

    await waitFor(() => expect(toastTitles()).toContain("Template created successfully"));
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "order_ready",
      language: "en_US",
      category: "utility",
      header_text: null,
      body: "Hi {{1}}, your order is ready.",
      footer_text: "Northwind Supply",
      variables: [{ source: "customer_first_name", example: "Ana" }],
      submit: true,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's field errors and Meta's rejection inside the dialog, keeping the form", async () => {
    serve([]);
    const answers = [
      (res: ServerResponse) => sendJson(res, 409, { error: "conflict", details: [{ field: "name" }] }),
      (res: ServerResponse) =>
        sendJson(res, 422, {
          error: "validation_error",
          error_description: "The template is not valid",
          details: [{ field: "variables.0.example", message: "must be one line without tabs or runs of spaces" }],
        }),
      (res: ServerResponse) =>
        sendJson(res, 422, {
          error: "whatsapp_rejected",
          message: "Template body contains a variable with an invalid format.",
        }),
    ];
    api.routes[`POST ${LIST_PATH}`] = (_req, res) => answers.shift()!(res);
    const user = userEvent.setup();
    renderTemplates();
    await user.click(await screen.findByRole("button", { name: "New template" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Name"), "order_ready");
    await user.click(within(dialog).getByLabelText("Message"));
    await user.paste("Hi {{1}}, your order is ready.");
    await user.type(within(dialog).getByLabelText("Example for {{1}}"), "Ana");

    await user.click(within(dialog).getByRole("button", { name: "Submit for review" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Name")).toHaveAccessibleDescription(
        expect.stringContaining("A template named order_ready already exists in English (US)"),
      ),
    );

    await user.click(within(dialog).getByRole("button", { name: "Submit for review" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Example for {{1}}")).toHaveAccessibleDescription(
        "Must be one line without tabs or runs of spaces",
      ),
    );

    await user.click(within(dialog).getByRole("button", { name: "Submit for review" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Meta rejected this template: Template body contains a variable with an invalid format.",
    );
    expect(within(dialog).getByLabelText("Message")).toHaveValue("Hi {{1}}, your order is ready.");
    expect(within(dialog).getByLabelText("Example for {{1}}")).toHaveValue("Ana");
    expect(toastTitles()).not.toContain("Template created successfully");
  });

  it("saves a draft without a connected number, and explains why review is not possible", async () => {
    serve([], { connected: false, synced_at: null });
    api.routes[`POST ${LIST_PATH}`] = (_req, res) => sendJson(res, 201, template("t9", "hello", { status: "draft" }));
    const user = userEvent.setup();
    renderTemplates();
    expect(await screen.findByRole("button", { name: "Sync now" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "New template" }));
    const dialog = await screen.findByRole("dialog");
    const review = within(dialog).getByRole("button", { name: "Submit for review" });
    expect(review).toBeDisabled();
    expect(review).toHaveAccessibleDescription(
      "Connect WhatsApp to submit templates for review; until then you can save drafts.",
    );
    await user.type(within(dialog).getByLabelText("Name"), "hello");
    await user.type(within(dialog).getByLabelText("Message"), "Hello there!");
    await user.click(within(dialog).getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(toastTitles()).toContain("Template created successfully"));
    expect(api.requests.find((r) => r.method === "POST")?.body).toMatchObject({ name: "hello", submit: false });
  });

  it("edits a template with its values filled in", async () => {
    serve();
    api.routes["PATCH /app/whatsapp/templates/t1.json"] = (req, res) =>
      sendJson(res, 200, template("t1", "order_shipped", req.body as object));
    const user = userEvent.setup();
    renderTemplates();
    await user.click(await screen.findByRole("button", { name: "Edit order_shipped" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Edit order_shipped" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name")).toHaveValue("order_shipped");
    // Submitted to Meta: its name and language stay, and changes go to review (no draft).
    expect(within(dialog).getByLabelText("Name")).toHaveAttribute("readonly");
    expect(within(dialog).getByLabelText("Language")).toBeDisabled();
    expect(within(dialog).queryByRole("button", { name: "Save draft" })).toBeNull();
    expect(within(dialog).getByLabelText("Example for {{2}}")).toHaveValue("1042");
    expect(within(dialog).getByTestId("template-preview")).toHaveTextContent("Hi Ana, your order 1042 is on its way.");
    await user.type(within(dialog).getByLabelText("Header (optional)"), "Good news");
    await user.click(within(dialog).getByRole("button", { name: "Submit for review" }));
    await waitFor(() => expect(toastTitles()).toContain("Template updated successfully"));
    expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({
      name: "order_shipped",
      language: "en_US",
      category: "utility",
      header_text: "Good news",
      body: "Hi {{1}}, your order {{2}} is on its way.",
      footer_text: null,
      variables: [
        { source: "customer_first_name", example: "Ana" },
        { source: "order_number", example: "1042" },
      ],
      submit: true,
    });
  });

  it("deletes a template only after the confirmation", async () => {
    serve();
    api.routes["DELETE /app/whatsapp/templates/t3.json"] = (_req, res) => {
      serve(TEMPLATES.filter((t) => t.id !== "t3"));
      res.writeHead(204).end();
    };
    const user = userEvent.setup();
    renderTemplates();
    await user.click(await screen.findByRole("button", { name: "Delete welcome_draft" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Delete welcome_draft?");
    expect(dialog).toHaveTextContent("The draft is deleted. This cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.requests.some((r) => r.method === "DELETE")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Delete welcome_draft" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toastTitles()).toContain("Template deleted successfully"));
    await waitFor(() => expect(screen.getAllByTestId("template-row")).toHaveLength(2));
    expect(api.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      "/app/whatsapp/templates/t3.json",
    ]);
  });

  it("syncs with the WhatsApp Business Account", async () => {
    serve();
    // As the server does: after a sync, the list is what the account holds (a refetch by the live
    // stream's reconnection, which may come at any time on a busy machine, reads the same).
    const synced = {
      templates: [template("t1", "order_shipped")],
      synced_at: new Date().toISOString(),
      connected: true,
    };
    api.routes["POST /app/whatsapp/templates/sync.json"] = (_req, res) => {
      api.routes[`GET ${LIST_PATH}`] = (_get, list) => sendJson(list, 200, synced);
      sendJson(res, 200, synced);
    };
    const user = userEvent.setup();
    renderTemplates();
    // "Sync now" is disabled until the list says the account is connected: a click before that (a busy
    // machine's slow first fetch) would do nothing, as it would for a person.
    const syncNow = await screen.findByRole("button", { name: "Sync now" });
    await waitFor(() => expect(syncNow).toBeEnabled());
    await user.click(syncNow);
    await waitFor(() => expect(screen.getAllByTestId("template-row")).toHaveLength(1));
    expect(screen.getByTestId("templates-synced")).toHaveTextContent("Synced just now");
  });

  it("refetches when the live stream reports a review", async () => {
    serve();
    renderTemplates();
    await screen.findAllByTestId("template-row");
    await waitFor(() => expect(streams).toHaveLength(1));
    serve([template("t1", "order_shipped", { status: "paused", rejection_reason: "Low quality" })]);
    streams[0]!.write(
      `event: whatsapp.updated\ndata: ${JSON.stringify({ type: "whatsapp.updated", state: "connected", template_id: "t1" })}\n\n`,
    );
    await waitFor(() =>
      expect(within(rowOf("t1")).getByTestId("template-status")).toHaveTextContent("PausedLow quality"),
    );
  });

  it("lets members read the list but not change it", async () => {
    serve();
    renderTemplates({ canManage: false });
    await screen.findAllByTestId("template-row");
    expect(screen.getByRole("button", { name: "New template" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Sync now" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Edit order_shipped" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete order_shipped" })).toBeDisabled();
  });
});
