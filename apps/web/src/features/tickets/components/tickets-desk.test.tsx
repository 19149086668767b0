import { useSearch } from "@tanstack/react-router";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import {
  AI_EMPLOYEES_WIRE,
  COMPANY,
  IDS,
  membersWire,
  ticketDetailWire,
  ticketsPageWire,
  ticketWire,
} from "#web/test/fixtures/tickets.ts";
import { liveEventStreams } from "#web/test/live-event-streams.ts";
import { type RecordedRequest, sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { TicketsDesk } from "./tickets-desk.tsx";

const api = signedInLocalApi();
const live = liveEventStreams(api);

// The live stream follows the selected company.
beforeEach(() => setSelectedCompany({ id: COMPANY, name: "Northwind Supply" }));

const TICKETS = [
  ticketWire(),
  ticketWire({
    id: IDS.ticket2,
    number: 1043,
    subject: "Invoice needs the new tax id",
    priority: "low",
    type: "question",
    status: "closed",
    source: "email",
    client: { id: IDS.customer, full_name: "Tomás Gil", organization: null, email: null, phone: null },
    responsible: { kind: "ai_employee", id: IDS.aiEmployee, name: "Marco Bellini" },
    tags: ["billing"],
    requested_at: "2026-11-18T09:30:00.000Z",
    closed_at: "2026-11-19T09:30:00.000Z",
  }),
];

/** The desk as the route gives it: the address as it came (the desk reads it). */
function Desk() {
  return <TicketsDesk address={useSearch({ strict: false })} />;
}

function serve(page: object = ticketsPageWire(TICKETS, { counts: { all: 2, open: 1, closed: 1 } })) {
  api.routes["GET /app/tickets.json"] = (_req, res) => sendJson(res, 200, page);
  api.routes["GET /app/members.json"] = (_req, res) => sendJson(res, 200, membersWire());
  api.routes["GET /app/ai_employees.json"] = (_req, res) => sendJson(res, 200, AI_EMPLOYEES_WIRE);
  live.serve();
}

function renderDesk(path = "/support") {
  return renderInCompany(<Desk />, { companyId: COMPANY, path });
}

const listCalls = () =>
  api.requests.filter((r: RecordedRequest) => r.path.startsWith("/app/tickets.json")).map((r) => r.path);
const lastListQuery = () => new URLSearchParams(listCalls().at(-1)?.split("?")[1]);

describe("the tickets table", () => {
  it("shows each ticket's ID, subject, client, priority, status, type, responsible and request date", async () => {
    serve();
    renderDesk();
    const rows = await screen.findAllByTestId("ticket-row");
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent("T-1042");
    expect(within(first).getByRole("link", { name: "T-1042: Order #1041 arrived damaged" })).toBeInTheDocument();
    expect(first).toHaveTextContent("Lucía Romero");
    expect(first).toHaveTextContent("Café Central");
    expect(within(first).getByTestId("ticket-priority")).toHaveTextContent("High");
    expect(within(first).getByTestId("ticket-status")).toHaveTextContent("Open");
    expect(within(first).getByTestId("ticket-type")).toHaveTextContent("Incident · WhatsApp");
    expect(first).toHaveTextContent("Unassigned");
    expect(first).toHaveTextContent("November 20, 2026");
    expect(within(second).getByTestId("ticket-status")).toHaveTextContent("Closed");
    expect(second).toHaveTextContent("AI employee Marco Bellini");
    // Phones get the same tickets as cards.
    expect(screen.getAllByTestId("ticket-card")).toHaveLength(2);
    expect(listCalls()[0]).toBe("/app/tickets.json?page=1&per_page=25");
    expect(api.requests.find((r) => r.path.startsWith("/app/tickets.json"))?.headers["x-company-id"]).toBe(COMPANY);
  });

  it("names the all/open/closed tabs with the counts from the answer, the current one marked", async () => {
    serve();
    renderDesk();
    const tabs = await screen.findByRole("navigation", { name: "Filter tickets by status" });
    expect(await within(tabs).findByRole("link", { name: "All 2 tickets" })).toHaveAttribute("aria-current", "page");
    expect(within(tabs).getByRole("link", { name: "Open 1 ticket" })).not.toHaveAttribute("aria-current");
    expect(within(tabs).getByRole("link", { name: "Closed 1 ticket" })).toHaveAttribute(
      "href",
      "/support?status=closed",
    );
  });
});

describe("the filters", () => {
  it("keeps every filter in the address and asks the API for it, from the first page", async () => {
    serve();
    const { router } = renderDesk("/support?page=2");
    await screen.findAllByTestId("ticket-row");
    await userEvent.click(screen.getByRole("link", { name: "Open 1 ticket" }));
    await waitFor(() => expect(lastListQuery().get("status")).toBe("open"));
    expect(router.state.location.search).toEqual({ status: "open" });

    const priority = screen.getByRole("group", { name: "Priority" });
    await userEvent.click(within(priority).getByRole("button", { name: "High" }));
    await waitFor(() => expect(lastListQuery().get("priority")).toBe("high"));
    const source = screen.getByRole("group", { name: "Source" });
    await userEvent.click(within(source).getByRole("button", { name: "Email" }));
    await waitFor(() => expect(lastListQuery().get("source")).toBe("email"));
    await userEvent.selectOptions(screen.getByLabelText("Responsible"), "Unassigned");
    await waitFor(() => expect(lastListQuery().get("responsible")).toBe("none"));
    await userEvent.selectOptions(screen.getByLabelText("Order"), "Highest priority first");
    await waitFor(() => expect(lastListQuery().get("sort")).toBe("-priority"));
    expect(router.state.location.search).toEqual({
      status: "open",
      priority: "high",
      source: "email",
      responsible: "none",
      sort: "-priority",
    });

    // The tags on the page are chips too; choosing the chosen one again goes back to all.
    const tags = screen.getByRole("group", { name: "Tag" });
    await userEvent.click(within(tags).getByRole("button", { name: "billing" }));
    await waitFor(() => expect(lastListQuery().get("tag")).toBe("billing"));
    await userEvent.click(within(tags).getByRole("button", { name: "billing" }));
    await waitFor(() => expect(lastListQuery().has("tag")).toBe(false));
  });

  it("searches subjects, clients and numbers as you pause typing", async () => {
    serve();
    const { router } = renderDesk();
    await screen.findAllByTestId("ticket-row");
    await userEvent.type(screen.getByLabelText("Search tickets"), "T-1042");
    await waitFor(() => expect(lastListQuery().get("q")).toBe("T-1042"));
    expect(router.state.location.search).toEqual({ q: "T-1042" });
    // One call for the whole word, not one per key.
    expect(listCalls().filter((path) => path.includes("q="))).toHaveLength(1);
  });

  it("reads the filters of a shared link, dropping what it does not know", async () => {
    serve();
    renderDesk(`/support?status=closed&priority=urgent&type=question&responsible=${IDS.colleague}&page=2`);
    await screen.findAllByTestId("ticket-row");
    const query = lastListQuery();
    expect(query.get("status")).toBe("closed");
    expect(query.has("priority")).toBe(false);
    expect(query.get("type")).toBe("question");
    expect(query.get("responsible")).toBe(IDS.colleague);
    expect(query.get("page")).toBe("2");
    expect(await screen.findByLabelText("Responsible")).toHaveDisplayValue("Ana Ruiz");
  });
});

describe("the list's states", () => {
  it("says there are no tickets yet, and offers to add one", async () => {
    serve(ticketsPageWire([], { counts: { all: 0, open: 0, closed: 0 } }));
    renderDesk();
    expect(await screen.findByText("No tickets yet")).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole("button", { name: "New ticket" }).at(-1)!);
    expect(await screen.findByRole("dialog", { name: "New ticket" }, overlayKitWait)).toBeInTheDocument();
  });

  it("says when nothing matches the filters, and clears them", async () => {
    serve(ticketsPageWire([], { counts: { all: 4, open: 0, closed: 4 } }));
    const { router } = renderDesk("/support?status=open&priority=high");
    expect(await screen.findByText("No tickets match these filters")).toBeInTheDocument();
    const clear = screen.getAllByRole("button", { name: "Clear filters" });
    await userEvent.click(clear.at(-1)!);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("reports a failed load with a retry", async () => {
    let calls = 0;
    serve();
    api.routes["GET /app/tickets.json"] = (_req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 500, { error: "internal" });
      else sendJson(res, 200, ticketsPageWire(TICKETS));
    };
    renderDesk();
    expect(await screen.findByText("Couldn't load the tickets")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByTestId("ticket-row")).toHaveLength(2);
  });
});

describe("opening a ticket", () => {
  it("opens the preview from a row with Enter, and Escape gives focus back to the row", async () => {
    serve();
    api.routes[`GET /app/tickets/${IDS.ticket1}.json`] = (_req, res) => sendJson(res, 200, ticketDetailWire());
    api.routes[`GET /app/tickets/${IDS.ticket1}/activities.json`] = (_req, res) =>
      sendJson(res, 200, { activities: [] });
    api.routes[`GET /app/conversations/${IDS.conversation}/messages.json`] = (_req, res) =>
      sendJson(res, 200, { messages: [], next_before: null });
    const { router } = renderDesk();
    const [row] = await screen.findAllByTestId("ticket-row");
    const link = within(row!).getByRole("link");
    link.focus();
    await userEvent.keyboard("{Enter}");
    const sheet = await screen.findByRole("dialog", { name: "Order #1041 arrived damaged" }, overlayKitWait);
    expect(router.state.location.search).toEqual({ ticket: IDS.ticket1 });
    expect(row).toHaveAttribute("data-state", "selected");
    expect(within(sheet).getByTestId("ticket-preview-id")).toHaveTextContent("T-1042");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.search).toEqual({});
    await waitFor(() => expect(link).toHaveFocus());
  });
});

describe("live updates", () => {
  it("refetches the list when a ticket changes elsewhere", async () => {
    serve();
    renderDesk();
    await screen.findAllByTestId("ticket-row");
    await waitFor(() => expect(live.streams).toHaveLength(1));
    const before = listCalls().length;
    api.routes["GET /app/tickets.json"] = (_req, res) =>
      sendJson(
        res,
        200,
        ticketsPageWire([ticketWire({ status: "closed" })], { counts: { all: 1, open: 0, closed: 1 } }),
      );
    live.streams[0]!.write(
      `event: ticket.updated\ndata: ${JSON.stringify({ type: "ticket.updated", ticket_id: IDS.ticket1, status: "closed" })}\n\n`,
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getAllByTestId("ticket-row")).toHaveLength(1));
    expect(within(screen.getByTestId("ticket-row")).getByTestId("ticket-status")).toHaveTextContent("Closed");
  });
});
