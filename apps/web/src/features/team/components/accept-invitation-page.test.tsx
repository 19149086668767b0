import { type Company, INVITATION_INVALID, INVITATION_OTHER_EMAIL } from "@foreman/contract";
import { render as renderUi, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "#web/components/theme/theme-provider.tsx";
import {
  invitationPreview,
  type LocalApi,
  type RecordedRequest,
  sendJson,
  startLocalApi,
} from "#web/test/local-api.ts";
import { plainPageLink } from "#web/test/plain-page-link.tsx";
import { AcceptInvitationPage, type InvitationViewer } from "./accept-invitation-page.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

const TOKEN = "inv-Tok_123";
const COMPANY = { id: "9b1f6c1e-0000-4000-8000-0000000000c1", name: "Northwind", logo_small_url: null };

let lookups: RecordedRequest[];
let accepts: RecordedRequest[];
beforeEach(() => {
  api.reset();
  lookups = [];
  accepts = [];
  api.routes["POST /invitations/lookup.json"] = (req, res) => {
    lookups.push(req);
    sendJson(res, 200, invitationPreview());
  };
});

/** Who opened the link; signed in, the test's own join and sign-out. */
type Viewer = Exclude<InvitationViewer, { state: "signed_in" }> | { state: "signed_in"; email: string };

/** `token: null`: a link without one. */
function render(viewer: Viewer, { token = TOKEN }: { token?: string | null } = {}) {
  const onJoined = vi.fn(async (_company: Company) => {});
  const onSignOut = vi.fn(async () => {});
  renderUi(
    <ThemeProvider>
      <AcceptInvitationPage
        token={token ?? undefined}
        viewer={viewer.state === "signed_in" ? { ...viewer, onJoined, onSignOut } : viewer}
        renderLink={plainPageLink}
      />
    </ThemeProvider>,
  );
  return { onJoined, onSignOut, user: userEvent.setup() };
}

/** A link's target as the browser reads it. */
const target = (link: HTMLElement) => new URL(link.getAttribute("href") ?? "", "https://localhost");

describe("the invitation page", () => {
  it("shows what the link is for, and joins when signed in with the invited address", async () => {
    api.routes["POST /app/invitations/accept.json"] = (req, res) => {
      accepts.push(req);
      sendJson(res, 200, { company: COMPANY });
    };
    const { onJoined, user } = render({ state: "signed_in", email: "Sam@Northwind.example" });
    expect(await screen.findByRole("heading", { name: "Join Northwind" })).toBeVisible();
    expect(screen.getByText("Dana Owens invited you to work in Northwind on Foreman.")).toBeVisible();
    const facts = screen.getByTestId("invitation-facts");
    expect(facts).toHaveTextContent("sam@northwind.example");
    expect(facts).toHaveTextContent("Admin");
    expect(facts).toHaveTextContent("December 4, 2026");
    // The lookup is public: it never carries the session.
    expect(lookups[0]?.body).toEqual({ token: TOKEN });
    expect(lookups[0]?.headers.authorization).toBeUndefined();

    await user.click(screen.getByRole("button", { name: "Join Northwind" }));
    await waitFor(() =>
      expect(onJoined).toHaveBeenCalledWith({ id: COMPANY.id, name: "Northwind", logoSmallUrl: null }),
    );
    expect(accepts[0]?.body).toEqual({ token: TOKEN });
  });

  it("signed in with another address: says so, and offers to sign out", async () => {
    const { onSignOut, user } = render({ state: "signed_in", email: "leo@northwind.example" });
    expect(await screen.findByRole("alert")).toHaveTextContent(INVITATION_OTHER_EMAIL);
    expect(screen.getByText("leo@northwind.example")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Join Northwind" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(accepts).toHaveLength(0);
  });

  it("shows the server's refusal of the address, with the way out", async () => {
    api.routes["POST /app/invitations/accept.json"] = (_req, res) =>
      sendJson(res, 403, { error: "invitation_other_email", error_description: INVITATION_OTHER_EMAIL });
    const { onJoined, onSignOut, user } = render({ state: "signed_in", email: "sam@northwind.example" });
    await user.click(await screen.findByRole("button", { name: "Join Northwind" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(INVITATION_OTHER_EMAIL);
    expect(onJoined).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it("signed out, with an account: signs in and comes back here to accept", async () => {
    api.routes["POST /invitations/lookup.json"] = (_req, res) =>
      sendJson(res, 200, invitationPreview({ account_exists: true }));
    render({ state: "signed_out" });
    const link = await screen.findByRole("link", { name: "Sign in to accept" });
    expect(target(link).pathname).toBe("/sign_in");
    expect(target(link).searchParams.get("redirect")).toBe(`/accept_invitation?token=${TOKEN}`);
    expect(screen.queryByRole("link", { name: "Create your account" })).not.toBeInTheDocument();
  });

  it("signed out, without an account: creates it with the invitation", async () => {
    render({ state: "signed_out" });
    const link = await screen.findByRole("link", { name: "Create your account" });
    expect(target(link).pathname).toBe("/sign_up");
    expect(target(link).searchParams.get("invitation_token")).toBe(TOKEN);
    expect(
      screen.getByText(/Create your account for sam@northwind.example to join Northwind as an admin/),
    ).toBeVisible();
  });

  it("says a dead link is dead, in the server's words", async () => {
    api.routes["POST /invitations/lookup.json"] = (_req, res) =>
      sendJson(res, 410, { error: "invitation_invalid", error_description: INVITATION_INVALID });
    render({ state: "signed_out" });
    expect(await screen.findByRole("heading", { name: "This invitation can't be used" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(INVITATION_INVALID);
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign_in");
  });

  it("says a link without its token is dead, without asking the server", async () => {
    render({ state: "signed_in", email: "sam@northwind.example" }, { token: null });
    expect(await screen.findByRole("alert")).toHaveTextContent(INVITATION_INVALID);
    expect(screen.getByRole("link", { name: "Go to your dashboard" })).toBeVisible();
    expect(lookups).toHaveLength(0);
  });

  it("an invitation used meanwhile: the join is refused with the server's message", async () => {
    api.routes["POST /app/invitations/accept.json"] = (_req, res) =>
      sendJson(res, 410, { error: "invitation_invalid", error_description: INVITATION_INVALID });
    const { onJoined, user } = render({ state: "signed_in", email: "sam@northwind.example" });
    await user.click(await screen.findByRole("button", { name: "Join Northwind" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(INVITATION_INVALID);
    expect(screen.queryByRole("button", { name: "Join Northwind" })).not.toBeInTheDocument();
    expect(onJoined).not.toHaveBeenCalled();
  });

  it("a lookup that failed for another reason can be tried again", async () => {
    let calls = 0;
    api.routes["POST /invitations/lookup.json"] = (_req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 503, { error: "unavailable" });
      else sendJson(res, 200, invitationPreview());
    };
    const { user } = render({ state: "signed_out" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Couldn't load the invitation.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Join Northwind" })).toBeVisible();
  });
});
