import type { TicketDetail } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { COMPANY, IDS, ticketDetailWire } from "#web/test/fixtures/tickets.ts";
import { type RecordedRequest, sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import type { Assignees } from "../assignees.ts";
import { NewTicketFormDialog } from "./new-ticket-form.tsx";

const api = signedInLocalApi();

const CLIENTS = {
  clients: [
    {
      id: IDS.customer,
      full_name: "Lucía Romero",
      organization: "Café Central",
      email: "lucia@cafecentral.test",
      phone: null,
    },
  ],
};

function assignees(canAssignOthers: boolean): Assignees {
  const me = { kind: "user" as const, id: IDS.me, name: "Dana Manager" };
  const colleague = { kind: "user" as const, id: IDS.colleague, name: "Ana Ruiz" };
  const ai = { kind: "ai_employee" as const, id: IDS.aiEmployee, name: "Marco Bellini" };
  return { staff: [me, colleague], aiEmployees: [ai], me, canAssignOthers, nameOf: () => undefined };
}

function renderForm({ canAssignOthers = true } = {}) {
  const onClose = vi.fn();
  const onCreated = vi.fn<(ticket: TicketDetail) => void>();
  api.routes["GET /app/tickets/clients.json"] = (_req, res) => sendJson(res, 200, CLIENTS);
  renderInCompany(
    <NewTicketFormDialog open onClose={onClose} assignees={assignees(canAssignOthers)} onCreated={onCreated} />,
    { companyId: COMPANY, path: "/support" },
  );
  return { onClose, onCreated };
}

const creates = () =>
  api.requests.filter((r: RecordedRequest) => r.method === "POST" && r.path === "/app/tickets.json");

describe("the create-ticket form", () => {
  it("opens a ticket for a client picked from the company's customers", async () => {
    const { onClose, onCreated } = renderForm();
    api.routes["POST /app/tickets.json"] = (_req, res) => sendJson(res, 201, ticketDetailWire());
    const dialog = await screen.findByRole("dialog", { name: "New ticket" }, overlayKitWait);
    await userEvent.type(within(dialog).getByLabelText("Find a client"), "Luc");
    await waitFor(() => expect(api.requests.some((r) => r.path === "/app/tickets/clients.json?q=Luc")).toBe(true));
    await userEvent.click(await within(dialog).findByRole("radio", { name: /Lucía Romero/ }));
    await userEvent.type(within(dialog).getByLabelText("Subject"), "Order #1041 arrived damaged");
    await userEvent.type(within(dialog).getByLabelText("Issue"), "Two chairs with broken legs.");
    await userEvent.selectOptions(within(dialog).getByLabelText("Priority"), "High");
    await userEvent.selectOptions(within(dialog).getByLabelText("Type"), "Incident");
    await userEvent.selectOptions(within(dialog).getByLabelText("Source"), "WhatsApp");
    await userEvent.selectOptions(within(dialog).getByLabelText("Responsible"), "Ana Ruiz");
    await userEvent.type(within(dialog).getByLabelText("Tags"), "Damaged goods, refund");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create ticket" }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ id: IDS.ticket1, number: 1042 });
    expect(onClose).toHaveBeenCalled();
    expect(creates()[0]!.body).toEqual({
      subject: "Order #1041 arrived damaged",
      description: "Two chairs with broken legs.",
      priority: "high",
      type: "incident",
      source: "whatsapp",
      customer_id: IDS.customer,
      responsible: { kind: "user", id: IDS.colleague },
      tags: ["damaged-goods", "refund"],
    });
  });

  it("says what is missing, in the product's words, and sends nothing", async () => {
    renderForm();
    const dialog = await screen.findByRole("dialog", { name: "New ticket" }, overlayKitWait);
    await userEvent.type(within(dialog).getByLabelText("Subject"), "Hi");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create ticket" }));
    expect(within(dialog).getByLabelText("Find a client")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByText("Required")).toBeInTheDocument();
    expect(within(dialog).getByText("Must be at least 3 characters")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Subject")).toHaveAccessibleDescription("Must be at least 3 characters");
    expect(creates()).toHaveLength(0);
  });

  it("keeps everything typed when the server refuses, with its message on the field", async () => {
    const { onCreated } = renderForm();
    api.routes["POST /app/tickets.json"] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_failed",
        error_description: "Some of these are not the company's",
        details: [{ field: "responsible.id", message: "Not a member of this company" }],
      });
    const dialog = await screen.findByRole("dialog", { name: "New ticket" }, overlayKitWait);
    await userEvent.click(within(dialog).getByRole("button", { name: "New client" }));
    await userEvent.type(within(dialog).getByLabelText("Name"), "Tomás Gil");
    await userEvent.type(within(dialog).getByLabelText("Email"), "tomas@gil.test");
    await userEvent.type(within(dialog).getByLabelText("Phone"), "+34 611 111 111");
    await userEvent.type(within(dialog).getByLabelText("Organization"), "Gil Hermanos");
    await userEvent.type(within(dialog).getByLabelText("Subject"), "Invoice needs the new tax id");
    await userEvent.selectOptions(within(dialog).getByLabelText("Responsible"), "Marco Bellini");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create ticket" }));

    expect(await within(dialog).findByText("Not a member of this company")).toBeInTheDocument();
    expect(creates()[0]!.body).toMatchObject({
      client: {
        full_name: "Tomás Gil",
        email: "tomas@gil.test",
        phone: "+34 611 111 111",
        organization: "Gil Hermanos",
      },
      responsible: { kind: "ai_employee", id: IDS.aiEmployee },
    });
    expect(onCreated).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Tomás Gil");
    expect(within(dialog).getByLabelText("Email")).toHaveValue("tomas@gil.test");
    expect(within(dialog).getByLabelText("Subject")).toHaveValue("Invoice needs the new tax id");
    expect(within(dialog).getByLabelText("Responsible")).toHaveDisplayValue("Marco Bellini");
  });

  it("lets a member make only themselves responsible", async () => {
    renderForm({ canAssignOthers: false });
    const dialog = await screen.findByRole("dialog", { name: "New ticket" }, overlayKitWait);
    const responsible = within(dialog).getByLabelText("Responsible");
    expect(within(responsible).getByRole("option", { name: "Dana Manager (you)" })).toBeEnabled();
    expect(within(responsible).getByRole("option", { name: "Ana Ruiz" })).toBeDisabled();
    expect(within(responsible).getByRole("option", { name: "Marco Bellini" })).toBeDisabled();
    expect(responsible).toHaveAccessibleDescription("Only an owner or an admin can assign a ticket to someone else.");
  });

  it("offers to type a new client when none matches", async () => {
    renderForm();
    api.routes["GET /app/tickets/clients.json"] = (_req, res) => sendJson(res, 200, { clients: [] });
    const dialog = await screen.findByRole("dialog", { name: "New ticket" }, overlayKitWait);
    await userEvent.type(within(dialog).getByLabelText("Find a client"), "Nobody");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Add a new client" }));
    expect(within(dialog).getByRole("button", { name: "New client" })).toHaveAttribute("aria-pressed", "true");
    expect(within(dialog).getByLabelText("Name")).toBeInTheDocument();
  });
});
