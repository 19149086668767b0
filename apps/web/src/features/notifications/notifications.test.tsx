import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useLiveEvents } from "#web/lib/live-events.ts";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import { getToasts } from "#web/lib/toast-store.ts";
import { liveEventStreams } from "#web/test/live-event-streams.ts";
import { type RouteHandler, sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { liveToastFor } from "./components/live-toast-for.ts";
import { LiveToasts } from "./components/live-toasts.tsx";
import { NotificationSettings } from "./components/notification-settings.tsx";

const COMPANY = "company-1";
const URL = "/app/notification_settings.json";
const api = signedInLocalApi();
const { streams, serve: serveEvents } = liveEventStreams(api);

// As the server sends them: snake_case.
const DEFAULTS = {
  email_action_items: true,
  email_tickets_assigned: true,
  email_handoffs: true,
  email_daily_digest: false,
  toasts: true,
  email: "ana@northwind.example",
  smtp_configured: true,
};

function serveSettings(settings: Record<string, unknown> = DEFAULTS) {
  let current = { ...settings };
  api.routes[`GET ${URL}`] = (_req, res) => sendJson(res, 200, current);
  api.routes[`PATCH ${URL}`] = (req, res) => {
    current = { ...current, ...(req.body as object) };
    sendJson(res, 200, current);
  };
}

const renderTab = () => renderInCompany(<NotificationSettings />, { companyId: COMPANY, path: "/settings" });
const switchNamed = (name: string) => screen.findByRole("switch", { name });

beforeEach(() => {
  setSelectedCompany({ id: COMPANY, name: "Northwind Supply" });
});

describe("Settings → Notifications", () => {
  it("shows each switch with its label, its line and its state, and the address mails go to", async () => {
    serveSettings();
    renderTab();
    const email = await screen.findByRole("region", { name: "Email" });
    expect(email).toHaveTextContent("ana@northwind.example");
    const actionItems = within(email).getByRole("switch", { name: "Action items waiting on me" });
    expect(actionItems).toBeChecked();
    expect(actionItems).toHaveAccessibleDescription("An AI employee needs an answer or an approval you can give.");
    expect(within(email).getByRole("switch", { name: "Tickets assigned to me" })).toBeChecked();
    expect(within(email).getByRole("switch", { name: "Conversations handed to staff" })).toBeChecked();
    expect(within(email).getByRole("switch", { name: "Daily digest" })).not.toBeChecked();
    const product = screen.getByRole("region", { name: "In the product" });
    expect(within(product).getByRole("switch", { name: "Live toasts" })).toBeChecked();
    expect(screen.queryByTestId("no-mail-server")).toBeNull();
  });

  it("saves a switch as it is flipped, showing it flipped before the server answers", async () => {
    serveSettings();
    let answer: (() => void) | undefined;
    const patch = api.routes[`PATCH ${URL}`] as RouteHandler;
    api.routes[`PATCH ${URL}`] = (req, res) => {
      answer = () => patch(req, res);
    };
    renderTab();
    const digest = await switchNamed("Daily digest");
    await userEvent.click(digest);
    expect(digest).toBeChecked();
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByRole("status")).toHaveTextContent("Saving…");
    answer!();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Saved"));
    expect(digest).toBeChecked();
    expect(api.requests.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([
      { email_daily_digest: true },
    ]);
  });

  it("puts the switch back and says why when the save fails", async () => {
    serveSettings();
    api.routes[`PATCH ${URL}`] = (_req, res) =>
      sendJson(res, 500, { error: "server_error", error_description: "The database is not answering" });
    renderTab();
    const toasts = await switchNamed("Live toasts");
    await userEvent.click(toasts);
    await waitFor(() =>
      expect(getToasts()).toContainEqual(
        expect.objectContaining({ title: "Your notification settings could not be saved", variant: "destructive" }),
      ),
    );
    expect(toasts).toBeChecked();
    expect(api.requests.find((request) => request.method === "PATCH")?.body).toEqual({ toasts: false });
  });

  it("says so when the server has no mail server", async () => {
    serveSettings({ ...DEFAULTS, smtp_configured: false });
    renderTab();
    expect(await screen.findByTestId("no-mail-server")).toHaveTextContent("SMTP_URL");
  });

  it("says what failed to load, and loads again on request", async () => {
    api.routes[`GET ${URL}`] = (_req, res) => sendJson(res, 503, { error: "unavailable" });
    renderTab();
    expect(await screen.findByText("Couldn't load your notification settings")).toBeInTheDocument();
    serveSettings();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await switchNamed("Daily digest")).not.toBeChecked();
  });
});

/** A screen that keeps the live stream open and counts the new action items it hears. */
let heard = 0;
function Counter() {
  useLiveEvents((event) => {
    if (event.type === "task.created") heard++;
  });
  return null;
}

/** A screen that keeps the live stream open, as the inbox does. */
function LiveScreen() {
  useLiveEvents(() => {});
  return null;
}

const taskCreated = `event: task.created\ndata: ${JSON.stringify({ type: "task.created", task_id: "t1", state: "to_do" })}\n\n`;

describe("live toasts", () => {
  it("raise a toast for a new action item while a screen keeps the stream open", async () => {
    serveSettings();
    serveEvents();
    renderInCompany(
      <>
        <LiveScreen />
        <LiveToasts />
        <NotificationSettings />
      </>,
      { companyId: COMPANY, path: "/inbox" },
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    // The tab shows the switch read: the toasts have it too.
    expect(await switchNamed("Live toasts")).toBeChecked();
    streams[0]!.write(taskCreated);
    await waitFor(() => expect(getToasts()).toContainEqual(expect.objectContaining({ title: "New action item" })));
  });

  it("stay away for a user who turned them off", async () => {
    serveSettings({ ...DEFAULTS, toasts: false });
    serveEvents();
    heard = 0;
    renderInCompany(
      <>
        <Counter />
        <LiveToasts />
        <NotificationSettings />
      </>,
      { companyId: COMPANY, path: "/inbox" },
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(await switchNamed("Live toasts")).not.toBeChecked();
    streams[0]!.write(taskCreated);
    await waitFor(() => expect(heard).toBe(1));
    expect(getToasts()).toEqual([]);
  });

  it("leave the action items screen alone (it shows the new item itself) and ignore other events", () => {
    const event = { type: "task.created" as const, taskId: "t1", state: "to_do" as const };
    expect(liveToastFor(event, "/inbox")).toMatchObject({ title: "New action item" });
    expect(liveToastFor(event, "/action_items")).toBeNull();
    expect(liveToastFor({ type: "conversation.updated", conversationId: "c1" }, "/inbox")).toBeNull();
  });
});
