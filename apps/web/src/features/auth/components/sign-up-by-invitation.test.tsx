import { INVITATION_INVALID } from "@foreman/contract";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "#web/components/theme/theme-provider.tsx";
import { getSelectedCompany } from "#web/lib/selected-company.ts";
import { deleteSession, readSession } from "#web/lib/session-cookie.ts";
import { LINK_PAGES } from "#web/standalone/link-pages.ts";
import {
  invitationPreview,
  type LocalApi,
  type RecordedRequest,
  sendJson,
  startLocalApi,
} from "#web/test/local-api.ts";
import { StandaloneAuthPages } from "./standalone-auth-pages.tsx";

// Sign-up from an invitation link, as a cold load of /sign_up?invitation_token=… draws it.

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

const TOKEN = "inv-Tok_123";
const COMPANY = { id: "9b1f6c1e-0000-4000-8000-0000000000c1", name: "Northwind", logo_small_url: null };
const tokenHeaders = () => ({
  "access-token": "tok",
  "token-type": "Bearer",
  "expires-in": "7200",
  "refresh-token": "ref",
  scope: "",
  "created-at": String(Math.floor(Date.now() / 1000)),
});

let signUps: RecordedRequest[];
beforeEach(() => {
  api.reset();
  deleteSession();
  localStorage.clear();
  signUps = [];
  api.routes["POST /invitations/lookup.json"] = (_req, res) => sendJson(res, 200, invitationPreview());
});

function renderAt(address: string) {
  window.scrollTo = () => {};
  window.history.replaceState(null, "", address);
  const enterApp = vi.fn(async (_href?: string) => {});
  render(
    <ThemeProvider>
      <StandaloneAuthPages enterApp={enterApp} linkPages={LINK_PAGES} />
    </ThemeProvider>,
  );
  return { enterApp, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);

describe("sign-up from an invitation", () => {
  it("joins the inviting company: the address is fixed, no company is named, the token is sent", async () => {
    api.routes["POST /users.json"] = (req, res) => {
      signUps.push(req);
      sendJson(
        res,
        201,
        { user: { id: "u1", email: "sam@northwind.example", first_name: "Sam", last_name: "Lee" }, company: COMPANY },
        tokenHeaders(),
      );
    };
    const { enterApp, user } = renderAt(`/sign_up?invitation_token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Join Northwind" })).toBeVisible();
    expect(
      screen.getByText("Dana Owens invited you to Northwind as an admin. Create your account to join."),
    ).toBeVisible();
    const email = field("Work email");
    expect(email).toHaveValue("sam@northwind.example");
    expect(email).toHaveAttribute("readonly");
    expect(screen.queryByLabelText("Company name")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Company language")).not.toBeInTheDocument();

    await user.type(field("First name"), "Sam");
    await user.type(field("Last name"), "Lee");
    await user.type(field("Password"), "long enough pass 42");
    await user.type(field("Confirm password"), "long enough pass 42");
    await user.click(screen.getByRole("button", { name: "Create account and join" }));
    await waitFor(() => expect(enterApp).toHaveBeenCalledWith("/dashboard"));
    expect(signUps[0]?.body).toEqual({
      user: {
        first_name: "Sam",
        last_name: "Lee",
        email: "sam@northwind.example",
        password: "long enough pass 42",
        password_confirmation: "long enough pass 42",
        invitation_token: TOKEN,
      },
    });
    expect(readSession()).toMatchObject({ accessToken: "tok" });
    // The company joined is the one the app opens in.
    expect(getSelectedCompany()).toMatchObject({ id: COMPANY.id, name: "Northwind" });
  });

  it("checks the fields with the contract's messages before sending", async () => {
    const { user } = renderAt(`/sign_up?invitation_token=${TOKEN}`);
    await screen.findByRole("heading", { name: "Join Northwind" });
    await user.type(field("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Create account and join" }));
    await waitFor(() => expect(field("First name")).toHaveAccessibleDescription("Required"));
    expect(field("Password")).toHaveAccessibleDescription("Must be at least 8 characters");
    expect(signUps).toHaveLength(0);
  });

  it("shows a refusal about the invitation above the button", async () => {
    api.routes["POST /users.json"] = (req, res) => {
      signUps.push(req);
      sendJson(res, 422, {
        error: "validation_failed",
        error_description: "User could not be created",
        details: [{ field: "invitation_token", message: INVITATION_INVALID }],
      });
    };
    const { enterApp, user } = renderAt(`/sign_up?invitation_token=${TOKEN}`);
    await screen.findByRole("heading", { name: "Join Northwind" });
    await user.type(field("First name"), "Sam");
    await user.type(field("Last name"), "Lee");
    await user.type(field("Password"), "long enough pass 42");
    await user.type(field("Confirm password"), "long enough pass 42");
    await user.click(screen.getByRole("button", { name: "Create account and join" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(INVITATION_INVALID);
    expect(signUps).toHaveLength(1);
    expect(enterApp).not.toHaveBeenCalled();
  });

  it("sends an address that has an account to sign in, coming back to the invitation", async () => {
    api.routes["POST /invitations/lookup.json"] = (_req, res) =>
      sendJson(res, 200, invitationPreview({ account_exists: true }));
    renderAt(`/sign_up?invitation_token=${TOKEN}`);
    const link = await screen.findByRole("link", { name: "Sign in to accept" });
    const redirect = `/accept_invitation?token=${TOKEN}`;
    expect(link).toHaveAttribute("href", `/sign_in?redirect=${encodeURIComponent(redirect)}`);
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    // The footer's "Sign in" goes the same way.
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      `/sign_in?redirect=${encodeURIComponent(redirect)}`,
    );
  });

  it("says a dead link is dead and offers the ordinary sign-up", async () => {
    api.routes["POST /invitations/lookup.json"] = (_req, res) =>
      sendJson(res, 410, { error: "invitation_invalid", error_description: INVITATION_INVALID });
    const { user } = renderAt(`/sign_up?invitation_token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "This invitation can't be used" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(INVITATION_INVALID);
    await user.click(screen.getByRole("link", { name: "Create a company account" }));
    expect(window.location.pathname + window.location.search).toBe("/sign_up");
    expect(await screen.findByRole("heading", { name: "Create your Foreman account" })).toBeVisible();
    expect(screen.getByLabelText("Company name")).toBeInTheDocument();
  });

  it("leaves a plain sign-up alone: no lookup", async () => {
    renderAt("/sign_up");
    expect(screen.getByRole("heading", { name: "Create your Foreman account" })).toBeVisible();
    expect(screen.getByLabelText("Company name")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
