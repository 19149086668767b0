import { useSearch } from "@tanstack/react-router";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import {
  AI_EMPLOYEES_WIRE,
  COMPANY,
  IDS,
  membersWire,
  ticketDetailWire,
  ticketsPageWire,
  ticketWire,
} from "#web/test/fixtures/tickets.ts";
import { type RecordedRequest, sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { TicketsDesk } from "./tickets-desk.tsx";

const api = signedInLocalApi();
const TICKET = `/app/tickets/${IDS.ticket1}`;

const ACTIVITIES = [
  {
    id: "a1",
    kind: "ticket.created",
    actor: { type: "ai_employee", id: IDS.aiEmployee, name: "Marco Bellini" },
    summary: "Opened the ticket",
    body: null,
    visibility: null,
    call_number: null,
    created_at: "2026-11-20T09:31:00.000Z",
  },
  {
    id: "a2",
    kind: "ticket.noted",
    actor: { type: "user", id: IDS.colleague, name: "Ana Ruiz" },
    summary: "Added an internal note",
    body: "Checked the courier's photos: the box was crushed.",
    visibility: "internal",
    call_number: null,
    created_at: "2026-11-20T10:00:00.000Z",
  },
];

const MESSAGES = {
  messages: [
    {
      id: "m1",
      conversation_id: IDS.conversation,
      sender_type: "customer",
      sender_name: "Lucía Romero",
      avatar_url: null,
      content: "Two chairs arrived with broken legs.",
      attachments: [],
      created_at: "2026-11-20T09:29:00.000Z",
    },
  ],
  next_before: null,
};

function Desk() {
  return <TicketsDesk address={useSearch({ strict: false })} />;
}

/** The desk with the ticket's preview open from the address; `detail` answers GET and every change. */
function serve({ role = "admin" as "admin" | "member", detail = ticketDetailWire() } = {}) {
  let current: object = detail;
  api.routes["GET /app/tickets.json"] = (_req, res) => sendJson(res, 200, ticketsPageWire([ticketWire()]));
  api.routes["GET /app/members.json"] = (_req, res) => sendJson(res, 200, membersWire(role));
  api.routes["GET /app/ai_employees.json"] = (_req, res) => sendJson(res, 200, AI_EMPLOYEES_WIRE);
  api.routes[`GET ${TICKET}.json`] = (_req, res) => sendJson(res, 200, current);
  api.routes[`GET ${TICKET}/activities.json`] = (_req, res) => sendJson(res, 200, { activities: ACTIVITIES });
  api.routes[`GET /app/conversations/${IDS.conversation}/messages.json`] = (_req, res) => sendJson(res, 200, MESSAGES);
  return {
    /** The ticket every later GET and the change's answer hold. */
    answerWith(next: object, ...routes: string[]) {
      for (const route of routes)
        api.routes[route] = (_req, res) => {
          current = next;
          sendJson(res, 200, next);
        };
    },
  };
}

async function openPreview() {
  const result = renderInCompany(<Desk />, { companyId: COMPANY, path: `/support?ticket=${IDS.ticket1}` });
  const sheet = await screen.findByRole("dialog", { name: "Order #1041 arrived damaged" }, overlayKitWait);
  return { ...result, sheet };
}

const posted = (method: string, path: string) =>
  api.requests.filter((r: RecordedRequest) => r.method === method && r.path === path);

describe("the ticket preview", () => {
  it("opens from the address with the ticket's facts, issue, last messages and activity", async () => {
    serve();
    const { sheet } = await openPreview();
    expect(within(sheet).getByTestId("ticket-preview-id")).toHaveTextContent("T-1042");
    expect(within(sheet).getByTestId("ticket-status")).toHaveTextContent("Open");
    expect(within(sheet).getByTestId("ticket-priority")).toHaveTextContent("High");
    const details = within(sheet).getByTestId("ticket-details");
    expect(details).toHaveTextContent("Lucía Romero");
    expect(within(details).getByRole("link", { name: "lucia@cafecentral.test" })).toHaveAttribute(
      "href",
      "mailto:lucia@cafecentral.test",
    );
    expect(within(details).getByRole("link", { name: "+34 600 000 001" })).toHaveAttribute(
      "href",
      "tel:+34 600 000 001",
    );
    expect(details).toHaveTextContent("Incident");
    expect(details).toHaveTextContent("WhatsApp");
    expect(details).toHaveTextContent("Unassigned");
    expect(within(details).getByRole("link", { name: "Marco Bellini" })).toHaveAttribute(
      "href",
      `/ai_employees/${IDS.aiEmployee}`,
    );
    expect(within(details).getByRole("link", { name: "Conversation #31" })).toHaveAttribute(
      "href",
      `/conversations/${IDS.conversation}`,
    );
    expect(within(details).getByRole("link", { name: "Order #1041 · Won" })).toHaveAttribute(
      "href",
      `/orders/${IDS.order}`,
    );
    expect(within(details).getByRole("button", { name: "Show tickets tagged damaged-goods" })).toBeInTheDocument();
    expect(within(sheet).getByTestId("ticket-issue")).toHaveTextContent("Two of the six chairs came with broken legs.");

    const messages = within(sheet).getByTestId("ticket-messages");
    expect(await within(messages).findByText("Two chairs arrived with broken legs.")).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === `/app/conversations/${IDS.conversation}/messages.json?limit=5`)).toBe(
      true,
    );

    const entries = await within(sheet).findAllByTestId("ticket-activity-entry");
    expect(entries.map((entry) => entry.dataset.kind)).toEqual(["ticket.created", "ticket.noted"]);
    expect(entries[0]).toHaveTextContent("Marco Bellini");
    expect(entries[0]).toHaveTextContent("Opened the ticket");
    expect(entries[1]).toHaveTextContent("Ana Ruiz");
    expect(entries[1]).toHaveTextContent("Internal note");
    expect(entries[1]).toHaveTextContent("Checked the courier's photos: the box was crushed.");
  });

  it("closes the ticket and then offers to reopen it", async () => {
    const server = serve();
    server.answerWith(
      ticketDetailWire({ status: "closed", closed_at: "2026-11-21T10:00:00.000Z" }),
      `POST ${TICKET}/close.json`,
    );
    const { sheet } = await openPreview();
    const listCallsBefore = api.requests.filter((r) => r.path.startsWith("/app/tickets.json")).length;
    await userEvent.click(within(sheet).getByRole("button", { name: "Close ticket" }));
    expect(await within(sheet).findByRole("button", { name: "Reopen" })).toBeInTheDocument();
    expect(within(sheet).getByTestId("ticket-status")).toHaveTextContent("Closed");
    expect(posted("POST", `${TICKET}/close.json`)).toHaveLength(1);
    // The list and its counts follow.
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path.startsWith("/app/tickets.json")).length).toBeGreaterThan(
        listCallsBefore,
      ),
    );
    expect(within(sheet).getByTestId("ticket-announcement")).toHaveTextContent("T-1042 closed");
  });

  it("assigns the ticket to a staff member or an AI employee", async () => {
    const server = serve();
    server.answerWith(
      ticketDetailWire({ responsible: { kind: "user", id: IDS.colleague, name: "Ana Ruiz" } }),
      `POST ${TICKET}/assign.json`,
    );
    const { sheet } = await openPreview();
    await userEvent.click(within(sheet).getByRole("button", { name: /^Assign to/ }));
    await userEvent.click(await screen.findByRole("menuitemradio", { name: "Ana Ruiz" }, overlayKitWait));
    await waitFor(() => expect(posted("POST", `${TICKET}/assign.json`)).toHaveLength(1));
    expect(posted("POST", `${TICKET}/assign.json`)[0]!.body).toEqual({
      responsible: { kind: "user", id: IDS.colleague },
    });
    expect(await within(within(sheet).getByTestId("ticket-details")).findByText("Ana Ruiz")).toBeInTheDocument();

    await userEvent.click(within(sheet).getByRole("button", { name: /^Assign to/ }));
    await userEvent.click(await screen.findByRole("menuitemradio", { name: "Marco Bellini" }));
    await waitFor(() => expect(posted("POST", `${TICKET}/assign.json`)).toHaveLength(2));
    expect(posted("POST", `${TICKET}/assign.json`)[1]!.body).toEqual({
      responsible: { kind: "ai_employee", id: IDS.aiEmployee },
    });
  });

  it("lets a member only take the ticket, and says why", async () => {
    serve({ role: "member" });
    const { sheet } = await openPreview();
    await userEvent.click(within(sheet).getByRole("button", { name: /^Assign to/ }));
    const mine = await screen.findByRole("menuitemradio", { name: "Dana Manager (you)" }, overlayKitWait);
    expect(mine).not.toHaveAttribute("data-disabled");
    expect(screen.getByRole("menuitemradio", { name: "Ana Ruiz" })).toHaveAttribute("data-disabled");
    expect(screen.getByRole("menuitemradio", { name: "Marco Bellini" })).toHaveAttribute("data-disabled");
    expect(screen.getByRole("menu")).toHaveTextContent("Only an owner or an admin can assign a ticket to someone else");
  });

  it("changes the priority and follows the ticket", async () => {
    const server = serve();
    server.answerWith(ticketDetailWire({ priority: "low" }), `PATCH ${TICKET}.json`);
    const { sheet } = await openPreview();
    await userEvent.click(within(sheet).getByRole("button", { name: /^Priority/ }));
    await userEvent.click(await screen.findByRole("menuitemradio", { name: "Low" }, overlayKitWait));
    await waitFor(() => expect(posted("PATCH", `${TICKET}.json`)).toHaveLength(1));
    expect(posted("PATCH", `${TICKET}.json`)[0]!.body).toEqual({ priority: "low" });
    await waitFor(() => expect(within(sheet).getByTestId("ticket-priority")).toHaveTextContent("Low"));

    server.answerWith(
      ticketDetailWire({ priority: "low", followers: [{ id: IDS.me, name: "Dana Manager" }] }),
      `POST ${TICKET}/followers.json`,
    );
    await userEvent.click(within(sheet).getByRole("button", { name: "Follow" }));
    await waitFor(() => expect(posted("POST", `${TICKET}/followers.json`)).toHaveLength(1));
    expect(posted("POST", `${TICKET}/followers.json`)[0]!.body).toEqual({ user_id: IDS.me });
    expect(await within(sheet).findByRole("button", { name: "Unfollow" })).toHaveAttribute("aria-pressed", "true");
  });

  it("sends a reply to the client, adds an internal note, and keeps the text when sending fails", async () => {
    serve();
    let fail = true;
    api.routes[`POST ${TICKET}/comments.json`] = (_req, res) => {
      if (fail) sendJson(res, 409, { error: "conflict", error_description: "The conversation is closed" });
      else sendJson(res, 200, ticketDetailWire());
    };
    const { sheet } = await openPreview();
    const form = within(sheet).getByTestId("ticket-comment-form");
    // With a conversation, a reply to the client is the first choice.
    expect(within(form).getByRole("button", { name: "Reply to client" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(form).getByRole("button", { name: "Send reply" }));
    expect(within(form).getByText("Required")).toBeInTheDocument();

    const box = within(form).getByLabelText("Reply to the client");
    await userEvent.type(box, "Replacements leave tomorrow.");
    await userEvent.click(within(form).getByRole("button", { name: "Send reply" }));
    await waitFor(() =>
      expect(getToasts()).toMatchObject([
        { title: "Couldn't send the reply", description: "The conversation is closed", variant: "destructive" },
      ]),
    );
    expect(box).toHaveValue("Replacements leave tomorrow.");

    fail = false;
    await userEvent.click(within(form).getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(box).toHaveValue(""));
    expect(posted("POST", `${TICKET}/comments.json`).at(-1)!.body).toEqual({
      body: "Replacements leave tomorrow.",
      visibility: "public",
    });

    await userEvent.click(within(form).getByRole("button", { name: "Internal note" }));
    await userEvent.type(within(form).getByLabelText("Internal note"), "Courier claim filed.");
    await userEvent.click(within(form).getByRole("button", { name: "Add note" }));
    await waitFor(() =>
      expect(posted("POST", `${TICKET}/comments.json`).at(-1)!.body).toEqual({
        body: "Courier claim filed.",
        visibility: "internal",
      }),
    );
  });

  it("offers only notes on a ticket without a conversation", async () => {
    serve({ detail: ticketDetailWire({ conversation: null, order: null }) });
    const { sheet } = await openPreview();
    const form = within(sheet).getByTestId("ticket-comment-form");
    expect(within(form).getByRole("button", { name: "Reply to client" })).toBeDisabled();
    expect(within(form).getByRole("button", { name: "Internal note" })).toHaveAttribute("aria-pressed", "true");
    expect(within(sheet).queryByTestId("ticket-messages")).toBeNull();
  });

  it("says so when the ticket in the address is not the company's", async () => {
    serve();
    api.routes[`GET ${TICKET}.json`] = (_req, res) => sendJson(res, 404, { error: "not_found" });
    renderInCompany(<Desk />, { companyId: COMPANY, path: `/support?ticket=${IDS.ticket1}` });
    const sheet = await screen.findByRole("dialog", { name: "Ticket not found" }, overlayKitWait);
    expect(within(sheet).getByText("This ticket is not here")).toBeInTheDocument();
  });
});
