import type { DateRangeSearch } from "@foreman/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { AiEmployeeProfilePage } from "./ai-employee-profile-page.tsx";

// Recharts sizes its chart with a ResizeObserver, which jsdom lacks (and jsdom draws nothing): the
// tests read the figures the page carries as text.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => {
  globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
});

const api = signedInLocalApi();
const ID = "6f1c2b0e-8d4a-4c1e-9b7a-2f3d4e5a6b7c";

// As the server sends them: snake_case.
const EMPLOYEE = {
  id: ID,
  name: "Sofía Reyes",
  role: "Sales closer",
  status: "active",
  avatar_url: null,
  department: { id: "dep-1", name: "Sales" },
  languages: ["en", "es"],
  persona: "Warm and direct.",
  instructions: "Always confirm the delivery address.",
  guardrails: { max_discount_percent: 10, max_order_total_cents: 150_000, actions_requiring_human: ["send_quote"] },
  contact_points: [
    { channel: "whatsapp", address: "+1 555 0100" },
    { channel: "email", address: "sofia@northwind.example" },
  ],
  skills: [
    { id: "s1", name: "Quoting", description: "Builds quotes" },
    { id: "s2", name: "Follow-ups", description: "" },
  ],
  created_at: "2026-03-05T10:00:00Z",
  updated_at: "2026-03-05T10:00:00Z",
  deactivated_at: null,
};

const figures = (revenueCents: number, quotes: number) => ({
  revenue_cents: revenueCents,
  quotes,
  orders: 7,
  won: 5,
  leads: 20,
  leads_won: 5,
  conversations: 30,
  action_items_raised: 2,
  action_items_open: 1,
  median_first_reply_seconds: 90,
});

const OUTCOMES = {
  currency: "USD",
  period: {
    frame: "monthly",
    start: "2026-10-23T00:00:00Z",
    end: "2026-11-22T00:00:00Z",
    previous_start: "2026-09-23T00:00:00Z",
  },
  bucket: "week",
  present: figures(1_234_500, 42),
  past: figures(1_000_000, 40),
  series: [
    { date: "2026-11-02", revenue_cents: 500_000, orders: 3, conversations: 12 },
    { date: "2026-11-09", revenue_cents: 734_500, orders: 4, conversations: 18 },
  ],
};

const ACTIVITY = {
  id: "act-1",
  kind: "ai_employee.edited",
  actor: { type: "user", id: "user-1", name: "Ana Ruiz" },
  subject: { type: "ai_employee", id: ID },
  summary: "Edited Sofía Reyes: guardrails",
  details: {},
  created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
};

function answer({ activities = [ACTIVITY] as unknown[], outcomesStatus = 200 } = {}) {
  api.routes[`GET /app/ai_employees/${ID}.json`] = (_req, res) => sendJson(res, 200, EMPLOYEE);
  api.routes[`GET /app/ai_employees/${ID}/outcomes.json`] = (_req, res) =>
    outcomesStatus === 200 ? sendJson(res, 200, OUTCOMES) : sendJson(res, outcomesStatus, { error: "internal_error" });
  api.routes["GET /app/activities.json"] = (_req, res) =>
    sendJson(res, 200, { activities, total: activities.length, page: 1, per_page: 10 });
}

function renderProfile({ canManage = true, onSearch = vi.fn<(next: DateRangeSearch) => void>() } = {}) {
  renderInCompany(
    <AiEmployeeProfilePage
      aiEmployeeId={ID}
      search={{ timeFrame: "monthly" }}
      onSearch={onSearch}
      canManage={canManage}
    />,
    { companyId: "company-9", path: `/ai_employees/${ID}` },
  );
  return { onSearch };
}

describe("AI employee profile", () => {
  it("shows the profile card: revenue, quotes, skills, contacts, languages and guardrails in words", async () => {
    answer();
    renderProfile();

    const card = await screen.findByTestId("ai-employee-profile");
    expect(screen.getByRole("heading", { level: 1, name: "Sofía Reyes" })).toBeInTheDocument();
    expect(screen.getByTestId("employee-status")).toHaveTextContent("Active");
    expect(screen.getByText("Member since March 5, 2026")).toBeInTheDocument();

    await waitFor(() => expect(within(card).getByTestId("profile-revenue")).toHaveTextContent("$12,345"));
    expect(within(card).getByTestId("profile-quotes")).toHaveTextContent("42");
    const skills = within(within(card).getByTestId("profile-skills")).getAllByRole("listitem");
    expect(skills.map((skill) => skill.textContent)).toEqual(["Quoting", "Follow-ups"]);
    const contacts = within(card).getByTestId("profile-contacts");
    expect(contacts).toHaveTextContent("WhatsApp+1 555 0100");
    expect(within(contacts).getByTitle("sofia@northwind.example")).toHaveTextContent("sofia@northwind.example");
    expect(within(card).getByTestId("profile-languages")).toHaveTextContent("English, Spanish");
    const guardrails = within(within(card).getByTestId("profile-guardrails")).getAllByRole("listitem");
    expect(guardrails.map((line) => line.textContent)).toEqual([
      "Discounts up to 10% alone",
      "Confirms orders up to $1,500 alone",
      "Always asks a human to: send a quote",
    ]);
    expect(within(card).getByText("Always confirm the delivery address.")).toBeInTheDocument();

    const [employeeCall] = api.requests;
    expect(employeeCall?.headers["x-company-id"]).toBe("company-9");
    expect(api.requests.map((request) => request.path)).toEqual(
      expect.arrayContaining([
        `/app/ai_employees/${ID}.json`,
        `/app/ai_employees/${ID}/outcomes.json?relative_date=monthly`,
        `/app/activities.json?subject_type=ai_employee&subject_id=${ID}&per_page=10`,
      ]),
    );
  });

  it("renders the outcome cards, the chart's figures as a table, the activity and the links to the work", async () => {
    answer();
    renderProfile();

    const revenue = await screen.findByTestId("outcome-revenue");
    expect(within(revenue).getByTestId("indicator-present")).toHaveTextContent("$12,345");
    expect(within(screen.getByTestId("outcome-quotes")).getByTestId("indicator-present")).toHaveTextContent("42");
    const table = within(screen.getByTestId("employee-chart")).getByRole("table");
    expect(within(table).getByRole("row", { name: "Week of Nov 9, 2026 $7,345 18" })).toBeInTheDocument();

    const activity = screen.getByTestId("employee-activity");
    const [row] = await within(activity).findAllByTestId("activity-row");
    expect(row).toHaveTextContent("Edited Sofía Reyes: guardrails");
    expect(row).toHaveTextContent("Ana Ruiz · 3 hours ago");

    expect(screen.getByRole("link", { name: /^Orders/ })).toHaveAttribute("href", `/orders?aiEmployeeId=${ID}`);
    expect(screen.getByRole("link", { name: /^Conversations/ })).toHaveAttribute(
      "href",
      `/conversations?aiEmployeeId=${ID}`,
    );
    expect(screen.getByRole("link", { name: /^Action items/ })).toHaveAttribute(
      "href",
      `/action_items?aiEmployeeId=${ID}`,
    );
    expect(screen.getByRole("link", { name: "Edit employee" })).toHaveAttribute("href", `/ai_employees?edit=${ID}`);
  });

  it("shows a member Edit disabled, with the reason", async () => {
    answer();
    renderProfile({ canManage: false });

    const edit = await screen.findByRole("button", { name: "Edit employee" });
    expect(edit).toBeDisabled();
    expect(screen.queryByRole("link", { name: "Edit employee" })).not.toBeInTheDocument();
    const wrapper = screen.getByTestId("edit-employee-locked");
    expect(wrapper).toHaveAttribute("tabindex", "0");
    expect(wrapper).toHaveTextContent("Only an owner or an admin of this company can do this");
  });

  it("says when there is no activity yet, and when the outcomes failed", async () => {
    answer({ activities: [], outcomesStatus: 500 });
    renderProfile();

    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
    expect(await screen.findByText("Couldn't load the outcomes")).toBeInTheDocument();
    expect(screen.getByTestId("profile-revenue")).toHaveTextContent("—");
  });

  it("asks for another period through the time-frame bar", async () => {
    answer();
    const { onSearch } = renderProfile();

    fireEvent.click(await screen.findByRole("button", { name: "Week" }));
    expect(onSearch).toHaveBeenCalledWith({ timeFrame: "weekly" });
  });

  it("shows the not-found page for an id the server does not know", async () => {
    api.routes[`GET /app/ai_employees/${ID}.json`] = (_req, res) => sendJson(res, 404, { error: "not_found" });
    renderProfile();

    expect(await screen.findByRole("heading", { name: "AI employee not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to AI employees" })).toHaveAttribute("href", "/ai_employees");
  });

  it("opens the playground from Try it and sends the test message through the API, snake_case", async () => {
    answer();
    const session = "0b6c3f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
    const reply = (content: string) => ({
      id: `m-${content}`,
      conversation_id: session,
      sender_type: "ai",
      sender_name: "Sofía Reyes",
      avatar_url: null,
      content,
      attachments: [],
      created_at: "2026-11-20T10:00:01.000Z",
      agent_run_id: "run-1",
    });
    api.routes[`POST /app/ai_employees/${ID}/playground.json`] = (req, res) =>
      sendJson(res, 200, {
        session_id: session,
        message: { ...reply("question"), id: `q-${api.requests.length}`, sender_type: "customer" },
        reply: reply((req.body as { session_id?: string }).session_id ? "Second answer" : "First answer"),
        run: null,
        pending: null,
      });
    renderProfile();

    fireEvent.click(await screen.findByRole("button", { name: "Try it" }));
    const sheet = await screen.findByRole("dialog", { name: "Try Sofía Reyes" }, overlayKitWait);
    const box = within(sheet).getByRole("textbox", { name: "Test message" });
    fireEvent.change(box, { target: { value: "Hello" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Send" }));
    expect(await within(sheet).findByText("First answer")).toBeInTheDocument();
    fireEvent.change(box, { target: { value: "Again" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Send" }));
    expect(await within(sheet).findByText("Second answer")).toBeInTheDocument();

    const sent = api.requests.filter((request) => request.method === "POST").map((request) => request.body);
    expect(sent).toEqual([{ content: "Hello" }, { content: "Again", session_id: session }]);
  });
});
