import type { CompanyLanguage } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { WebsiteChatCard } from "./website-chat-card.tsx";

const api = signedInLocalApi();
const COMPANY = "company-26";

const INTEGRATION = {
  key: "website_chat" as const,
  name: "Website chat",
  description: "A chat on your own website.",
  state: "disconnected" as const,
  details: [],
  setup: null,
  actions: [],
};

// As the server sends them: snake_case.
const chat = (extra: object = {}) => ({
  id: "9b1f6c1e-0000-4000-8000-000000000001",
  name: "Shop chat",
  key: "wc_abcdefghijklmnopqrstuvwx",
  ai_employee: { id: "9b1f6c1e-0000-4000-8000-0000000000e1", name: "Sofía" },
  department: null,
  allowed_origins: ["https://shop.example"],
  greeting: "Hi!",
  color: "#4F46E5",
  enabled: true,
  snippet: '<script src="http://foreman.test/widget.js" data-key="wc_abcdefghijklmnopqrstuvwx" async></script>',
  demo_url: "http://foreman.test/widget/demo?key=wc_abcdefghijklmnopqrstuvwx",
  conversations_count: 3,
  created_at: "2026-01-10T10:00:00.000Z",
  ...extra,
});

let chats: object[];
let posted: Record<string, unknown>[];
beforeEach(() => {
  chats = [chat()];
  posted = [];
  api.routes["GET /app/website_chats.json"] = (_req, res) => sendJson(res, 200, { website_chats: chats });
  api.routes["GET /app/ai_departments.json"] = (_req, res) =>
    sendJson(res, 200, [
      {
        id: "9b1f6c1e-0000-4000-8000-0000000000d1",
        name: "Ventas",
        ai_employees_count: 1,
        sort_order: 0,
        is_active: true,
        avatar_url: null,
      },
    ]);
  api.routes["GET /app/ai_employees.json"] = (_req, res) =>
    sendJson(res, 200, {
      ai_employees: [
        { id: "9b1f6c1e-0000-4000-8000-0000000000e1", name: "Sofía", status: "active", department: { name: "Ventas" } },
      ],
      total: 1,
    });
});

const render = (canManage = true, language: CompanyLanguage = "en") =>
  renderInCompany(<WebsiteChatCard integration={INTEGRATION} canManage={canManage} language={language} />, {
    companyId: COMPANY,
  });

describe("the website chat card", () => {
  it("lists each chat with who answers, its websites and conversations, and shows its snippet", async () => {
    render();
    const row = await screen.findByTestId("website-chat");
    expect(row).toHaveTextContent("Shop chat");
    expect(row).toHaveTextContent("On");
    expect(row).toHaveTextContent("Sofía");
    expect(row).toHaveTextContent("https://shop.example");
    expect(row).toHaveTextContent("3");
    await userEvent.click(within(row).getByRole("button", { name: "Snippet of Shop chat" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("website-chat-snippet")).toHaveTextContent(
      'data-key="wc_abcdefghijklmnopqrstuvwx"',
    );
    expect(within(dialog).getByRole("link", { name: /Open demo page/ })).toHaveAttribute(
      "href",
      "http://foreman.test/widget/demo?key=wc_abcdefghijklmnopqrstuvwx",
    );
  });

  it("adds a chat: checks the websites, sends the form, then shows the new chat's snippet", async () => {
    api.routes["POST /app/website_chats.json"] = (req, res) => {
      posted.push(req.body as Record<string, unknown>);
      const created = chat({
        id: "9b1f6c1e-0000-4000-8000-000000000002",
        name: "Help chat",
        key: "wc_newnewnewnewnewnewnewnew",
        snippet: '<script src="http://foreman.test/widget.js" data-key="wc_newnewnewnewnewnewnewnew" async></script>',
      });
      chats = [...chats, created];
      sendJson(res, 201, { website_chat: created });
    };
    render(true, "es");
    await screen.findByTestId("website-chat");
    await userEvent.click(screen.getByRole("button", { name: "Add website chat" }));
    const dialog = await screen.findByRole("dialog");
    // The company works in Spanish: so does its chat, and the greeting's example.
    expect(within(dialog).getByLabelText("Greeting")).toHaveAttribute(
      "placeholder",
      "¡Hola! ¿En qué podemos ayudarte hoy?",
    );
    await userEvent.type(within(dialog).getByLabelText("Name"), "Help chat");
    await userEvent.selectOptions(within(dialog).getByLabelText("Answered by"), "Ventas");
    await userEvent.type(within(dialog).getByLabelText("Allowed websites"), "https://shop.example/cart");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add website chat" }));
    expect(within(dialog).getByLabelText("Allowed websites")).toHaveAccessibleDescription(/is not a website address/);
    expect(posted).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText("Allowed websites"));
    await userEvent.type(
      within(dialog).getByLabelText("Allowed websites"),
      "https://Shop.example{Enter}http://localhost:8080",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Add website chat" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: "Help chat",
      ai_employee_id: null,
      department_id: "9b1f6c1e-0000-4000-8000-0000000000d1",
      allowed_origins: ["https://shop.example", "http://localhost:8080"],
      greeting: "",
      color: "#4F46E5",
    });
    expect(await within(dialog).findByTestId("website-chat-snippet")).toHaveTextContent("wc_newnewnewnewnewnewnewnew");
    expect(await screen.findAllByTestId("website-chat")).toHaveLength(2);
  });

  it("puts the server's refusal on the field it names", async () => {
    api.routes["POST /app/website_chats.json"] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_failed",
        error_description: "Validation failed",
        details: [{ field: "allowed_origins.0", message: "That website is already another chat's" }],
      });
    render();
    await screen.findByTestId("website-chat");
    await userEvent.click(screen.getByRole("button", { name: "Add website chat" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Name"), "Help chat");
    await userEvent.selectOptions(within(dialog).getByLabelText("Answered by"), "Sofía");
    await userEvent.type(within(dialog).getByLabelText("Allowed websites"), "https://shop.example");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add website chat" }));
    expect(await within(dialog).findByText("That website is already another chat's")).toBeInTheDocument();
  });

  it("switches a chat off and deletes one after asking", async () => {
    const patches: Record<string, unknown>[] = [];
    let deleted = false;
    api.routes[`PATCH /app/website_chats/${chat().id}.json`] = (req, res) => {
      patches.push(req.body as Record<string, unknown>);
      chats = [chat({ enabled: false })];
      sendJson(res, 200, { website_chat: chats[0] });
    };
    api.routes[`DELETE /app/website_chats/${chat().id}.json`] = (_req, res) => {
      deleted = true;
      chats = [];
      res.writeHead(204).end();
    };
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Switch off Shop chat" }));
    await waitFor(() => expect(patches).toEqual([{ enabled: false }]));
    expect(await screen.findByRole("button", { name: "Switch on Shop chat" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Delete Shop chat" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete Shop chat?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText(/No website chat yet/)).toBeInTheDocument();
  });

  it("shows a member the chats and snippets, with the changes disabled and why", async () => {
    render(false);
    await screen.findByTestId("website-chat");
    expect(screen.getByRole("button", { name: "Add website chat" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Edit Shop chat" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Snippet of Shop chat" })).toBeEnabled();
    expect(screen.getAllByTestId("manager-only").length).toBeGreaterThan(0);
  });
});
