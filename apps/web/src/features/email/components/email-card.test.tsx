import type { Integration } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { EmailCard } from "./email-card.tsx";

const api = signedInLocalApi();
const COMPANY = "company-27";
const EMPLOYEE = "9b1f6c1e-0000-4000-8000-0000000000e1";
const DEPARTMENT = "9b1f6c1e-0000-4000-8000-0000000000d1";
const CHANNEL = "9b1f6c1e-0000-4000-8000-000000000001";

// The list's entry as the card gets it (camelCase, from the integrations list).
const integration = (extra: object = {}): Integration => ({
  key: "email" as const,
  name: "Email",
  description: "Your AI employees answer the customer emails sent to your support address.",
  state: "setting_up" as const,
  details: [
    { label: "Email channels on", value: "1 of 1" },
    { label: "Outgoing mail", value: "Kept in the outbox" },
    { label: "Incoming mail", value: "Webhook POST /webhooks/email" },
  ],
  setup: {
    instructions: "Set SMTP_URL (your mail server) and MAIL_FROM, then restart the server.",
    variables: ["SMTP_URL", "MAIL_FROM"],
    endpoint: null,
  },
  actions: ["send_test_mail"],
  ...extra,
});

// As the server sends them: snake_case.
const channel = (extra: object = {}) => ({
  id: CHANNEL,
  name: "Support mail",
  inbound_address: "northwind-k2m9ab@mail.foreman.example",
  from_address: "support@northwind.example",
  custom_from_address: true,
  ai_employee: { id: EMPLOYEE, name: "Sofía" },
  department: null,
  enabled: true,
  conversations_count: 1234,
  created_at: "2026-11-20T10:00:00.000Z",
  ...extra,
});

let channels: object[];
let posted: Record<string, unknown>[];
beforeEach(() => {
  channels = [channel()];
  posted = [];
  api.routes["GET /app/email_channels.json"] = (_req, res) => sendJson(res, 200, { email_channels: channels });
  api.routes["GET /app/ai_departments.json"] = (_req, res) =>
    sendJson(res, 200, [
      { id: DEPARTMENT, name: "Soporte", ai_employees_count: 1, sort_order: 0, is_active: true, avatar_url: null },
    ]);
  api.routes["GET /app/ai_employees.json"] = (_req, res) =>
    sendJson(res, 200, {
      ai_employees: [{ id: EMPLOYEE, name: "Sofía", status: "active", department: { name: "Soporte" } }],
      total: 1,
    });
});

function render({ canManage = true, extra = {} }: { canManage?: boolean; extra?: object } = {}) {
  return renderInCompany(
    <EmailCard integration={integration(extra)} canManage={canManage} userEmail="dana@northwind.example" />,
    { companyId: COMPANY },
  );
}

describe("the email card", () => {
  it("lists each channel with its inbound address to forward to, who answers and its conversations", async () => {
    channels = [
      channel(),
      channel({
        id: "9b1f6c1e-0000-4000-8000-000000000002",
        name: "Sales mail",
        inbound_address: "northwind-sales1@mail.foreman.example",
        from_address: "northwind-sales1@mail.foreman.example",
        custom_from_address: false,
        ai_employee: null,
        department: { id: DEPARTMENT, name: "Soporte" },
        enabled: false,
        conversations_count: 0,
      }),
    ];
    render();
    const rows = await screen.findAllByTestId("email-channel");
    expect(rows).toHaveLength(2);
    const [support, sales] = rows as [HTMLElement, HTMLElement];
    expect(within(support).getByTestId("inbound-address")).toHaveTextContent("northwind-k2m9ab@mail.foreman.example");
    expect(within(support).getByTestId("forwarding-hint")).toHaveTextContent(
      "Forward your support address to this address; replies come from support@northwind.example.",
    );
    expect(support).toHaveTextContent("Sofía");
    expect(support).toHaveTextContent("1,234");
    expect(within(support).getByText("On")).toBeInTheDocument();
    expect(within(sales).getByTestId("forwarding-hint")).toHaveTextContent(
      "Forward your support address to this address; replies come from this address.",
    );
    expect(sales).toHaveTextContent("Soporte department");
    expect(within(sales).getByText("Off")).toBeInTheDocument();
    // The server's facts, and what it still needs set (the channels themselves are this card's).
    const card = screen.getByTestId("integration");
    expect(card).toHaveTextContent("Kept in the outbox");
    expect(within(screen.getByTestId("integration-setup")).getByText("SMTP_URL")).toBeInTheDocument();
  });

  it("copies the inbound address", async () => {
    const user = userEvent.setup();
    render();
    const row = await screen.findByTestId("email-channel");
    await user.click(within(row).getByRole("button", { name: "Copy the inbound address" }));
    expect(await navigator.clipboard.readText()).toBe("northwind-k2m9ab@mail.foreman.example");
    expect(within(row).getByRole("button", { name: "Copied the inbound address" })).toBeInTheDocument();
  });

  it("adds a channel: checks the form, sends it, then shows the inbound address to forward to", async () => {
    api.routes["POST /app/email_channels.json"] = (req, res) => {
      posted.push(req.body as Record<string, unknown>);
      const created = channel({
        id: "9b1f6c1e-0000-4000-8000-000000000003",
        name: "Help mail",
        inbound_address: "northwind-help42@mail.foreman.example",
        from_address: "help@northwind.example",
        ai_employee: null,
        department: { id: DEPARTMENT, name: "Soporte" },
        conversations_count: 0,
      });
      channels = [created, ...channels];
      sendJson(res, 201, { email_channel: created });
    };
    const user = userEvent.setup();
    render();
    await screen.findByTestId("email-channel");
    await user.click(screen.getByRole("button", { name: "Add an email channel" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an email channel" });
    await user.click(within(dialog).getByRole("button", { name: "Add email channel" }));
    expect(within(dialog).getByLabelText("Name")).toHaveAccessibleDescription("Name is required");
    expect(within(dialog).getByLabelText("Answered by")).toHaveAccessibleDescription(
      "Choose an AI employee or a department to answer",
    );

    await user.type(within(dialog).getByLabelText("Name"), "Help mail");
    await user.selectOptions(within(dialog).getByLabelText("Answered by"), "Soporte");
    await user.type(within(dialog).getByLabelText("Replies come from"), "help at northwind");
    await user.click(within(dialog).getByRole("button", { name: "Add email channel" }));
    expect(within(dialog).getByLabelText("Replies come from")).toHaveAccessibleDescription(
      /Must be an email address like support@shop.example/,
    );
    expect(posted).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("Replies come from"));
    await user.type(within(dialog).getByLabelText("Replies come from"), " Help@Northwind.example ");
    await user.click(within(dialog).getByRole("button", { name: "Add email channel" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: "Help mail",
      from_address: "help@northwind.example",
      ai_employee_id: null,
      department_id: DEPARTMENT,
    });
    const ready = await screen.findByRole("dialog", { name: "Help mail is ready" });
    expect(within(ready).getByTestId("inbound-address")).toHaveTextContent("northwind-help42@mail.foreman.example");
    expect(within(ready).getByTestId("forwarding-hint")).toHaveTextContent("replies come from help@northwind.example");
    expect(await screen.findAllByTestId("email-channel")).toHaveLength(2);
    await user.click(within(ready).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("edits a channel from its current values, and an empty sending address goes back to the inbound one", async () => {
    const patches: Record<string, unknown>[] = [];
    api.routes[`PATCH /app/email_channels/${CHANNEL}.json`] = (req, res) => {
      patches.push(req.body as Record<string, unknown>);
      channels = [channel({ name: "Support", custom_from_address: false })];
      sendJson(res, 200, { email_channel: channels[0] });
    };
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Edit Support mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Support mail" });
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Support mail");
    expect(within(dialog).getByLabelText("Answered by")).toHaveValue(`employee:${EMPLOYEE}`);
    expect(within(dialog).getByLabelText("Replies come from")).toHaveValue("support@northwind.example");
    await user.clear(within(dialog).getByLabelText("Name"));
    await user.type(within(dialog).getByLabelText("Name"), "Support");
    await user.clear(within(dialog).getByLabelText("Replies come from"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ name: "Support", from_address: null, ai_employee_id: EMPLOYEE, department_id: null });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByTestId("forwarding-hint")).toHaveTextContent("replies come from this address.");
  });

  it("puts the server's refusal on the field it names", async () => {
    api.routes[`PATCH /app/email_channels/${CHANNEL}.json`] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_failed",
        error_description: "Validation failed",
        details: [{ field: "from_address", message: "That address is another company's" }],
      });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Edit Support mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Support mail" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("That address is another company's")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Replies come from")).toHaveAttribute("aria-invalid", "true");
  });

  it("switches a channel off and removes one after asking", async () => {
    const patches: Record<string, unknown>[] = [];
    let deleted = false;
    api.routes[`PATCH /app/email_channels/${CHANNEL}.json`] = (req, res) => {
      patches.push(req.body as Record<string, unknown>);
      channels = [channel({ enabled: false })];
      sendJson(res, 200, { email_channel: channels[0] });
    };
    api.routes[`DELETE /app/email_channels/${CHANNEL}.json`] = (_req, res) => {
      deleted = true;
      channels = [];
      res.writeHead(204).end();
    };
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Switch off Support mail" }));
    await waitFor(() => expect(patches).toEqual([{ enabled: false }]));
    expect(await screen.findByRole("button", { name: "Switch on Support mail" })).toBeInTheDocument();
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain("Support mail is off"));

    await user.click(screen.getByRole("button", { name: "Remove Support mail" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove Support mail?" });
    expect(confirm).toHaveTextContent("stop forwarding to it first");
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText(/No email channel yet/)).toBeInTheDocument();
  });

  it("sends a test mail to the signed-in user's address unless they change it", async () => {
    const tests: unknown[] = [];
    api.routes["POST /app/outbound_mails/test.json"] = (req, res) => {
      tests.push(req.body);
      const to = (req.body as { to: string }).to;
      sendJson(res, 202, {
        outbound_mail: {
          id: "m1",
          from: "Foreman <mail@foreman.example>",
          to,
          subject: "Test mail from Foreman",
          text: "It works.",
          state: "queued",
          attempts: 0,
          last_error: null,
          sent_at: null,
          created_at: "2026-11-20T10:00:00.000Z",
        },
      });
    };
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Send a test mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Send a test mail" });
    const to = within(dialog).getByLabelText("Send to");
    expect(to).toHaveValue("dana@northwind.example");
    await user.clear(to);
    await user.click(within(dialog).getByRole("button", { name: "Send test mail" }));
    expect(to).toHaveAccessibleDescription("Required");
    await user.type(to, "ops@northwind.example");
    await user.click(within(dialog).getByRole("button", { name: "Send test mail" }));
    await waitFor(() => expect(tests).toEqual([{ to: "ops@northwind.example" }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(getToasts().map((toast) => toast.title)).toContain("Test mail queued to ops@northwind.example");
  });

  it("opens the outbox in a sheet, and gives focus back to its button on close", async () => {
    api.routes["GET /app/outbound_mails.json"] = (_req, res) =>
      sendJson(res, 200, { outbound_mails: [], smtp_configured: false, total: 0 });
    const user = userEvent.setup();
    render();
    await screen.findByTestId("email-channel");
    const button = screen.getByRole("button", { name: "Outbox" });
    await user.click(button);
    const sheet = await screen.findByRole("dialog", { name: "Outbox" }, overlayKitWait);
    expect(await within(sheet).findByText("No mail yet")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it("offers the test mail only when the server lists it (a channel exists)", async () => {
    channels = [];
    render({ extra: { actions: [], state: "disconnected", details: [], setup: null } });
    expect(await screen.findByText(/No email channel yet/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send a test mail" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add an email channel" })).toBeEnabled();
  });

  it("shows a member the channels and addresses, with the changes and the outbox disabled and why", async () => {
    render({ canManage: false });
    const row = await screen.findByTestId("email-channel");
    expect(within(row).getByTestId("inbound-address")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Copy the inbound address" })).toBeEnabled();
    for (const name of [
      "Add an email channel",
      "Send a test mail",
      "Outbox",
      "Edit Support mail",
      "Remove Support mail",
    ])
      expect(screen.getByRole("button", { name })).toBeDisabled();
    expect(screen.getAllByTestId("manager-only").length).toBeGreaterThan(0);
    // A member's card asks for neither the AI employees nor the departments (nothing to choose).
    expect(api.requests.map((request) => request.path)).toEqual(["/app/email_channels.json"]);
  });

  it("says so when the channels could not be loaded, and tries again", async () => {
    let fail = true;
    api.routes["GET /app/email_channels.json"] = (_req, res) =>
      fail ? sendJson(res, 500, { error: "internal" }) : sendJson(res, 200, { email_channels: channels });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText("Couldn't load the email channels")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("email-channel")).toBeInTheDocument();
  });
});
