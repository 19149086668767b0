import { render as renderPlain, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { snippetParts } from "../snippet-parts.ts";
import { MessageSearch } from "./message-search.tsx";
import { SearchInToggle } from "./search-in-toggle.tsx";

const api = signedInLocalApi();
const COMPANY = "company-7";

// As the server sends them: snake_case.
const hit = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  conversation_id: `conv-${id}`,
  display_id: 42,
  channel: "whatsapp",
  customer: { id: "cust-1", full_name: "Dana Delgado" },
  sender_type: "customer",
  sender_name: "Dana",
  created_at: "2026-11-20T10:00:00.000Z",
  snippet: { text: "Can you deliver the <b>oak</b> table on Saturday?", highlights: [{ start: 40, end: 48 }] },
  ...fields,
});

/** The search box wired to state, as the page wires it to the address. */
function Harness({ initial }: { initial?: string }) {
  const [q, setQ] = useState(initial);
  return <MessageSearch q={q} onSearch={(next) => setQ(next || undefined)} />;
}

const render = (initial?: string) => renderInCompany(<Harness initial={initial} />, { companyId: COMPANY });

describe("MessageSearch", () => {
  it("searches as you type and shows each hit's customer, conversation, time and marked snippet", async () => {
    const user = userEvent.setup();
    api.routes["GET /app/messages/search.json"] = (_req, res) =>
      sendJson(res, 200, { messages: [hit("m1")], page: 1, per_page: 20, has_more: false });
    render();
    expect(await screen.findByText("Search what customers and AI employees wrote")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search messages" }), "saturday{Enter}");
    const results = await screen.findByTestId("message-search-results");
    expect(api.requests.at(-1)!.path).toBe("/app/messages/search.json?q=saturday&page=1&per_page=20");
    expect(api.requests.at(-1)!.headers["x-company-id"]).toBe(COMPANY);

    const row = within(results).getByTestId("message-search-hit");
    const link = within(row).getByRole("link", { name: "Dana Delgado, conversation #42" });
    expect(link).toHaveAttribute("href", "/conversations/conv-m1");
    expect(within(row).getByText("Customer · WhatsApp")).toBeInTheDocument();
    expect(row.querySelector("time")).toHaveAttribute("datetime", "2026-11-20T10:00:00.000Z");
    // The match is marked; markup in the message is shown as text, never made into elements.
    expect(within(row).getByText("Saturday").tagName).toBe("MARK");
    expect(row.querySelector("b")).toBeNull();
    expect(row).toHaveTextContent("Can you deliver the <b>oak</b> table on Saturday?");

    // Keyboard: Tab from the box reaches the clear button, then the hit's link.
    await user.click(screen.getByRole("searchbox", { name: "Search messages" }));
    await user.tab();
    await user.tab();
    expect(link).toHaveFocus();
  });

  it("loads more results on request while the server has more", async () => {
    const user = userEvent.setup();
    api.routes["GET /app/messages/search.json"] = (req, res) => {
      const page = Number(new URL(req.path, "http://x").searchParams.get("page"));
      sendJson(res, 200, {
        messages: [hit(`m${page}`, { customer: null, sender_type: "ai", sender_name: "Ava" })],
        page,
        per_page: 20,
        has_more: page === 1,
      });
    };
    render("oak");
    expect(await screen.findAllByTestId("message-search-hit")).toHaveLength(1);
    expect(screen.getByText("AI employee · Ava · WhatsApp")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /Unknown customer/ })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Show more results" }));
    await waitFor(() => expect(screen.getAllByTestId("message-search-hit")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Show more results" })).toBeNull();
  });

  it("shows a loading state, then an empty one", async () => {
    let answer: (() => void) | undefined;
    api.routes["GET /app/messages/search.json"] = (_req, res) => {
      answer = () => sendJson(res, 200, { messages: [], page: 1, per_page: 20, has_more: false });
    };
    render("nothing here");
    expect(await screen.findByText("Searching messages…")).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByText("No messages match")).toBeInTheDocument();
  });

  it("shows an error with a retry that searches again", async () => {
    const user = userEvent.setup();
    api.routes["GET /app/messages/search.json"] = (_req, res) => sendJson(res, 500, { error: "internal" });
    render("oak");
    expect(await screen.findByText("The messages could not be searched.")).toBeInTheDocument();
    api.routes["GET /app/messages/search.json"] = (_req, res) =>
      sendJson(res, 200, { messages: [hit("m1")], page: 1, per_page: 20, has_more: false });
    await user.click(screen.getByRole("button", { name: /try again/i }));
    expect(await screen.findByTestId("message-search-hit")).toBeInTheDocument();
  });
});

describe("SearchInToggle", () => {
  it("says what the search box searches and switches it", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = renderPlain(<SearchInToggle value={undefined} onChange={onChange} />);
    const group = screen.getByRole("group", { name: "Search in" });
    expect(within(group).getByRole("button", { name: "Conversations" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(group).getByRole("button", { name: "Messages" }));
    expect(onChange).toHaveBeenLastCalledWith("messages");
    rerender(<SearchInToggle value="messages" onChange={onChange} />);
    expect(screen.getByRole("button", { name: "Messages" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Messages" }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe("snippetParts", () => {
  it("cuts the text into plain and matched runs, ignoring highlights it cannot trust", () => {
    expect(
      snippetParts({
        text: "abc def ghi",
        highlights: [
          { start: 8, end: 11 },
          { start: 0, end: 3 },
          { start: 2, end: 5 },
          { start: 9, end: 40 },
          { start: 5, end: 5 },
        ],
      }),
    ).toEqual([
      { text: "abc", match: true },
      { text: " def ", match: false },
      { text: "ghi", match: true },
    ]);
  });
});
