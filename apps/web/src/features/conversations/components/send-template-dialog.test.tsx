import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#web/lib/api-error.ts";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { SendTemplateDialog, templateErrors } from "./send-template-dialog.tsx";

const api = signedInLocalApi();
const COMPANY = "company-9";
const CONVERSATION = "c0ffee00-0000-4000-8000-000000000001";

// As the server sends them: snake_case.
const template = (fields: Record<string, unknown>) => ({
  language: "en_US",
  category: "utility",
  status: "active",
  header_text: null,
  footer_text: null,
  variables: [],
  rejection_reason: null,
  meta_template_id: "1",
  synced_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  ...fields,
});

const ORDER_READY = template({
  id: "t1",
  name: "order_ready",
  header_text: "Order update",
  body: "Hi {{1}}, your order {{2}} is ready: {{3}}. Thanks, {{4}} team.",
  variables: [
    { source: "customer_first_name", example: "Ana" },
    { source: "order_number", example: "Q-1001" },
    { source: "text", example: "pick it up at dock 4" },
    { source: "company_name", example: "Northwind" },
  ],
});
const WELCOME = template({ id: "t2", name: "welcome_back", category: "marketing", body: "We missed you!" });
const PENDING = template({ id: "t3", name: "not_yet_approved", status: "pending_review", body: "Soon" });

function serveTemplates(templates: unknown[]) {
  api.routes["GET /app/whatsapp/templates.json"] = (_req, res) =>
    sendJson(res, 200, { templates, synced_at: "2026-11-20T10:00:00.000Z", connected: true });
}

function renderDialog() {
  const onSent = vi.fn();
  const onOpenChange = vi.fn();
  renderInCompany(
    <SendTemplateDialog
      companyId={COMPANY}
      conversationId={CONVERSATION}
      customerName="Ana Rivera"
      open
      onOpenChange={onOpenChange}
      onSent={onSent}
    />,
    { companyId: COMPANY },
  );
  return { onSent, onOpenChange };
}

const field = (name: string) => screen.getByRole("textbox", { name });
const preview = () => screen.getByTestId("template-preview");

beforeEach(() => {
  localStorage.setItem("selectedCompany", JSON.stringify({ id: COMPANY, name: "Northwind Supply" }));
});

describe("SendTemplateDialog", () => {
  it("offers the active templates, fills what it can, requires typed variables and sends the values", async () => {
    const user = userEvent.setup();
    serveTemplates([ORDER_READY, PENDING, WELCOME]);
    const { onSent, onOpenChange } = renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Send a template" });
    const choices = await within(dialog).findAllByTestId("template-choice");
    expect(choices.map((choice) => choice.textContent)).toEqual([
      expect.stringContaining("order_ready"),
      expect.stringContaining("welcome_back"),
    ]);
    expect(choices[0]).toHaveTextContent("Utility · English (US)");

    await user.click(within(dialog).getByRole("radio", { name: /order_ready/ }));
    // The customer's first name and the company's are filled in as the server would; the order is the server's.
    expect(field("{{1}} · Customer first name")).toHaveValue("Ana");
    expect(field("{{2}} · Order number")).toHaveValue("");
    expect(field("{{2}} · Order number")).toHaveAttribute("placeholder", "Filled from the order number");
    expect(field("{{2}} · Order number")).toHaveAccessibleDescription("Left empty, it is filled in when sending.");
    expect(field("{{4}} · Company name")).toHaveValue("Northwind Supply");
    const typed = field("{{3}} · Typed when sending");
    expect(typed).toHaveAttribute("placeholder", "e.g. pick it up at dock 4");
    expect(preview()).toHaveTextContent(
      "Order update Hi Ana, your order [Order number] is ready: [Typed when sending]. Thanks, Northwind Supply team.",
    );

    // A typed variable must be written before anything is sent.
    await user.click(within(dialog).getByRole("button", { name: "Send template" }));
    expect(typed).toHaveAccessibleDescription("Required: write it for this customer. {{3}} is required");
    expect(typed).toHaveFocus();
    expect(api.requests.filter((request) => request.method === "POST")).toEqual([]);

    await user.type(typed, "collect it at dock 4");
    await user.clear(field("{{1}} · Customer first name"));
    await user.type(field("{{1}} · Customer first name"), "Anita");
    expect(preview()).toHaveTextContent("Hi Anita, your order [Order number] is ready: collect it at dock 4.");

    api.routes[`POST /app/conversations/${CONVERSATION}/whatsapp_template.json`] = (_req, res) =>
      sendJson(res, 201, {
        message: {
          id: "m9",
          conversation_id: CONVERSATION,
          sender_type: "staff",
          sender_name: "Dana Ruiz",
          avatar_url: null,
          content: "Order update\n\nHi Anita, your order Q-1042 is ready: collect it at dock 4.",
          attachments: [],
          created_at: "2026-11-21T10:00:00.000Z",
          delivery: { status: "pending", error_code: null, error: null },
          template_name: "order_ready",
        },
      });
    await user.click(within(dialog).getByRole("button", { name: "Send template" }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    const post = api.requests.find((request) => request.method === "POST");
    expect(post?.headers["x-company-id"]).toBe(COMPANY);
    expect(post?.body).toEqual({
      template_id: "t1",
      values: ["Anita", null, "collect it at dock 4", "Northwind Supply"],
    });
    expect(onSent.mock.calls[0]![0]).toMatchObject({
      id: "m9",
      templateName: "order_ready",
      delivery: { status: "pending", errorCode: null, error: null },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(getToasts()[0]).toMatchObject({ title: "Template sent", variant: "success" });
  });

  it("shows the server's reasons under their fields and keeps what was typed", async () => {
    const user = userEvent.setup();
    serveTemplates([ORDER_READY]);
    const { onSent } = renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Send a template" });
    // The only active template is chosen already.
    expect(await within(dialog).findByRole("radio", { name: /order_ready/ })).toBeChecked();
    await user.type(field("{{3}} · Typed when sending"), "collect it at dock 4");
    api.routes[`POST /app/conversations/${CONVERSATION}/whatsapp_template.json`] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_error",
        error_description: "Fill in every variable",
        details: [{ field: "values.1", message: "{{2}} is required" }],
      });
    await user.click(within(dialog).getByRole("button", { name: "Send template" }));
    const order = field("{{2}} · Order number");
    await waitFor(() => expect(order).toHaveAccessibleDescription(/\{\{2\}\} is required/));
    expect(order).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(order).toHaveFocus());
    expect(field("{{3}} · Typed when sending")).toHaveValue("collect it at dock 4");
    expect(within(dialog).getByRole("button", { name: "Send template" })).toBeEnabled();
    expect(onSent).not.toHaveBeenCalled();

    // Another refusal, for the template itself: said above the buttons.
    api.routes[`POST /app/conversations/${CONVERSATION}/whatsapp_template.json`] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_error",
        error_description: "Only templates Meta approved can be sent",
        details: [{ field: "template_id", message: "is paused" }],
      });
    await user.type(order, "Q-1042");
    await user.click(within(dialog).getByRole("button", { name: "Send template" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Only templates Meta approved can be sent: is paused",
    );
    expect(order).toHaveValue("Q-1042");
  });

  it("says where templates are managed when none is active", async () => {
    serveTemplates([PENDING]);
    renderDialog();
    const empty = await screen.findByTestId("no-templates");
    expect(empty).toHaveTextContent("No templates found");
    expect(empty).toHaveTextContent("Templates are managed in the training centre's integrations tab");
    expect(within(empty).getByRole("link", { name: "Manage templates" })).toHaveAttribute(
      "href",
      "/training?tab=integrations",
    );
  });

  it("searches by name when there are many", async () => {
    const user = userEvent.setup();
    serveTemplates(
      ["delivery_delay", "order_ready", "payment_due", "quote_sent", "restock", "survey", "welcome_back"].map(
        (name, index) => template({ id: `t${index}`, name, body: `About ${name}` }),
      ),
    );
    renderDialog();
    const search = await screen.findByRole("searchbox", { name: "Search templates" });
    expect(screen.getAllByTestId("template-choice")).toHaveLength(7);
    await user.type(search, "ORDER");
    expect(screen.getAllByTestId("template-choice").map((choice) => choice.textContent)).toEqual([
      expect.stringContaining("order_ready"),
    ]);
    await user.clear(search);
    await user.type(search, "nothing like it");
    expect(screen.getByText("No template is called that.")).toBeInTheDocument();
  });
});

describe("templateErrors", () => {
  it("puts values.N under variable N and the rest in one message", () => {
    expect(
      templateErrors(
        new ApiError(422, {
          error: "validation_error",
          errorDescription: "Fill in every variable",
          details: [
            { field: "values.0", message: "{{1}} is required" },
            { field: "values.2", message: "{{3}} is required" },
          ],
        }),
      ),
    ).toEqual({ fields: { 0: "{{1}} is required", 2: "{{3}} is required" }, message: null });
    expect(
      templateErrors(new ApiError(409, { error: "not_whatsapp", errorDescription: "WhatsApp conversations only" })),
    ).toEqual({ fields: {}, message: "WhatsApp conversations only" });
  });
});
