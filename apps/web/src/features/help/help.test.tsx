import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { HelpLink } from "#web/components/help-link.tsx";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { HelpArticlePage } from "./components/help-article-page.tsx";
import { HelpPage } from "./components/help-page.tsx";

const api = signedInLocalApi();
const COMPANY = "9b1f6c1e-0000-4000-8000-000000000001";

// As the server sends them: snake_case.
const centre = (contactAvailable: boolean) => ({
  version: "0.31.0",
  contact_available: contactAvailable,
  sections: [
    {
      name: "Getting started",
      articles: [{ slug: "getting-started", title: "Getting started with Foreman", summary: "The first hour." }],
    },
    {
      name: "Channels",
      articles: [
        { slug: "connecting-whatsapp", title: "Connecting WhatsApp", summary: "Meta's signup." },
        { slug: "connecting-email", title: "Connecting email", summary: "Forward your address." },
      ],
    },
  ],
});

const whatsappResults = {
  query: "whats",
  results: [
    {
      slug: "connecting-whatsapp",
      title: "Connecting WhatsApp",
      summary: "Meta's signup.",
      section: "Channels",
      snippet: "With WhatsApp connected, customers message you",
      highlights: [{ start: 5, end: 13 }],
    },
    {
      slug: "getting-started",
      title: "Getting started with Foreman",
      summary: "The first hour.",
      section: "Getting started",
      snippet: "on the website chat, WhatsApp, email",
      highlights: [{ start: 21, end: 29 }],
    },
  ],
};

/** The page as its route holds it: the search in the address. */
function HelpPageWithAddress({ initial = "" }: { initial?: string }) {
  const [query, setQuery] = useState(initial);
  return <HelpPage query={query} onQueryChange={setQuery} />;
}

function serveCentre(contactAvailable = false) {
  api.routes["GET /app/help.json"] = (_req, res) => sendJson(res, 200, centre(contactAvailable));
  api.routes["GET /app/help/articles.json"] = (req, res) => {
    const q = new URL(req.path, "http://x").searchParams.get("q");
    sendJson(res, 200, q === "whats" ? whatsappResults : { query: q, results: [] });
  };
}

const searches = () => api.requests.filter((r) => r.path.startsWith("/app/help/articles.json"));

describe("the help centre page", () => {
  beforeEach(() => serveCentre());

  it("lists every article by section with the version, and no contact form when the server has no address", async () => {
    renderInCompany(<HelpPageWithAddress />, { companyId: COMPANY, path: "/help" });
    const channels = await screen.findByRole("heading", { name: "Channels" });
    expect(channels).toBeVisible();
    expect(screen.getByRole("link", { name: /Connecting WhatsApp/ })).toHaveAttribute(
      "href",
      "/help/connecting-whatsapp",
    );
    expect(screen.getByText("Foreman 0.31.0")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
    expect(screen.queryByRole("form", { name: "Contact support" })).toBeNull();
  });

  it("searches as you type, once typing pauses, and marks the words found", async () => {
    const user = userEvent.setup();
    renderInCompany(<HelpPageWithAddress />, { companyId: COMPANY, path: "/help" });
    await user.type(await screen.findByRole("searchbox", { name: "Search the help centre" }), "whats");
    const results = await screen.findByRole("list", { name: "Search results" });
    expect(screen.getByRole("status")).toHaveTextContent("2 articles for “whats”");
    // One call for the whole word, not one per letter.
    expect(searches().map((r) => r.path)).toEqual(["/app/help/articles.json?q=whats"]);
    const first = within(results).getAllByRole("link")[0]!;
    expect(first).toHaveAttribute("href", "/help/connecting-whatsapp");
    expect(within(first).getByText("WhatsApp", { selector: "mark" })).toBeVisible();
  });

  it("moves into the results with ↓ and back with ↑", async () => {
    const user = userEvent.setup();
    renderInCompany(<HelpPageWithAddress initial="whats" />, { companyId: COMPANY, path: "/help?q=whats" });
    const links = within(await screen.findByRole("list", { name: "Search results" })).getAllByRole("link");
    const box = screen.getByRole("searchbox", { name: "Search the help centre" });
    box.focus();
    await user.keyboard("{ArrowDown}");
    expect(links[0]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(links[1]).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(box).toHaveFocus();
  });

  it("opens the first result on Enter", async () => {
    const user = userEvent.setup();
    const { router } = renderInCompany(<HelpPageWithAddress />, { companyId: COMPANY, path: "/help" });
    await user.type(await screen.findByRole("searchbox", { name: "Search the help centre" }), "whats{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/help/connecting-whatsapp"));
  });

  it("says when nothing matches and offers every article", async () => {
    const user = userEvent.setup();
    renderInCompany(<HelpPageWithAddress initial="zebracorn" />, { companyId: COMPANY, path: "/help?q=zebracorn" });
    expect(await screen.findByRole("heading", { name: "Nothing found" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("No articles match “zebracorn”");
    await user.click(screen.getByRole("button", { name: "Browse all articles" }));
    expect(await screen.findByRole("heading", { name: "Channels" })).toBeVisible();
  });

  it("offers a retry when the help centre cannot load", async () => {
    api.routes["GET /app/help.json"] = (_req, res) => sendJson(res, 500, { error: "internal_error" });
    renderInCompany(<HelpPageWithAddress />, { companyId: COMPANY, path: "/help" });
    expect(await screen.findByRole("heading", { name: "Couldn't load the help centre" })).toBeVisible();
    serveCentre();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Channels" })).toBeVisible();
  });
});

describe("the contact form", () => {
  beforeEach(() => {
    serveCentre(true);
    setSelectedCompany({ id: COMPANY, name: "Northwind Supply" });
  });

  async function fill(subject: string, message: string) {
    const user = userEvent.setup();
    renderInCompany(<HelpPageWithAddress />, { companyId: COMPANY, path: "/help" });
    const form = await screen.findByRole("form", { name: "Contact support" });
    if (subject) await user.type(within(form).getByLabelText("Subject"), subject);
    if (message) await user.type(within(form).getByLabelText("Message"), message);
    await user.click(within(form).getByRole("button", { name: "Send message" }));
    return form;
  }

  it("checks the message before sending it", async () => {
    const form = await fill("", "short");
    expect(await within(form).findByText("Required")).toBeVisible();
    expect(within(form).getByText("Tell us a little more: at least 10 characters")).toBeVisible();
    expect(api.requests.some((r) => r.method === "POST")).toBe(false);
  });

  it("sends the message with the selected company, then clears the form", async () => {
    api.routes["POST /app/help/contact.json"] = (_req, res) => sendJson(res, 202, { status: "queued" });
    const form = await fill("Invoices", "Where do I find my invoices?");
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Message sent", variant: "success" }));
    const sent = api.requests.find((r) => r.method === "POST")!;
    expect(sent.body).toEqual({ subject: "Invoices", message: "Where do I find my invoices?" });
    expect(sent.headers["x-company-id"]).toBe(COMPANY);
    expect(within(form).getByLabelText("Subject")).toHaveValue("");
  });

  it("shows the server's refusal on its field, and the wait when too many were sent", async () => {
    api.routes["POST /app/help/contact.json"] = (_req, res) =>
      sendJson(res, 400, { error: "invalid_request", details: [{ field: "subject", message: "Must be one line" }] });
    const form = await fill("Invoices", "Where do I find my invoices?");
    expect(await within(form).findByText("Must be one line")).toBeVisible();

    api.routes["POST /app/help/contact.json"] = (_req, res) =>
      sendJson(res, 429, { error: "too_many_requests" }, { "retry-after": "1200" });
    await userEvent.click(within(form).getByRole("button", { name: "Send message" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Please wait 20 minutes");
  });
});

describe("an article", () => {
  beforeEach(() => {
    serveCentre();
    api.routes["GET /app/help/articles/connecting-email.json"] = (_req, res) =>
      sendJson(res, 200, {
        slug: "connecting-email",
        title: "Connecting email",
        summary: "Forward your address.",
        section: "Channels",
        html: '<h2>Forward your address</h2><p>See <a href="/help/connecting-whatsapp">WhatsApp</a> and <code>SMTP_URL</code>.</p>',
        updated: "2026-11-28",
      });
  });

  it("shows the article, its day, the way back and its section's other articles", async () => {
    renderInCompany(<HelpArticlePage slug="connecting-email" />, {
      companyId: COMPANY,
      path: "/help/connecting-email",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Connecting email" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: "Forward your address" })).toBeVisible();
    expect(screen.getByText("Updated 28 November 2026")).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to help" })).toHaveAttribute("href", "/help");
    const nav = await screen.findByRole("navigation", { name: "Help articles" });
    expect(within(nav).getByRole("link", { name: "Connecting email" })).toHaveAttribute("aria-current", "page");
  });

  it("follows a link to another article inside the app", async () => {
    const { router } = renderInCompany(<HelpArticlePage slug="connecting-email" />, {
      companyId: COMPANY,
      path: "/help/connecting-email",
    });
    const link = await screen.findByRole("link", { name: "WhatsApp" });
    await act(() => userEvent.click(link));
    await waitFor(() => expect(router.state.location.pathname).toBe("/help/connecting-whatsapp"));
  });

  it("searches the help centre from its box on Enter", async () => {
    const user = userEvent.setup();
    const { router } = renderInCompany(<HelpArticlePage slug="connecting-email" />, {
      companyId: COMPANY,
      path: "/help/connecting-email",
    });
    await user.type(await screen.findByRole("searchbox", { name: "Search the help centre" }), "templates{Enter}");
    await waitFor(() => expect(router.state.location.search).toEqual({ q: "templates" }));
    expect(router.state.location.pathname).toBe("/help");
  });
});

describe("HelpLink", () => {
  it("names the screen's article and links to it", async () => {
    renderInCompany(<HelpLink topic="actionItems" />, { companyId: COMPANY });
    const link = await screen.findByRole("link", { name: "Help: Action items and approvals" });
    expect(link).toHaveAttribute("href", "/help/action-items-and-approvals");
  });
});
