import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "#web/components/theme/theme-provider.tsx";
import { deleteSession, writeSession } from "#web/lib/session-cookie.ts";
import { LINK_PAGES } from "#web/standalone/link-pages.ts";
import {
  invitationPreview,
  type LocalApi,
  sendJson,
  startLocalApi,
  testSession,
  tokenGrant,
} from "#web/test/local-api.ts";
import { StandaloneAuthPages } from "./standalone-auth-pages.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  deleteSession();
});

function renderAt(address: string) {
  // Switching pages scrolls to the top; jsdom only logs "not implemented".
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

function browserGoesTo(address: string) {
  act(() => {
    window.history.replaceState(null, "", address);
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
}

describe("StandaloneAuthPages", () => {
  it("draws the page of the address with its title, linking to the other one with the same redirect", async () => {
    renderAt("/sign_in?redirect=%2Forders%3Fpage%3D2");
    expect(screen.getByRole("heading", { name: "Sign in to Foreman" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Sign in · Foreman"));
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/sign_up?redirect=%2Forders%3Fpage%3D2",
    );
  });

  it("switches pages in place, and follows the browser's back button", async () => {
    const { user } = renderAt("/sign_up");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign_in");
    await user.click(screen.getByRole("link", { name: "Sign in" }));
    expect(window.location.pathname).toBe("/sign_in");
    expect(screen.getByRole("heading", { name: "Sign in to Foreman" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Sign in · Foreman"));
    browserGoesTo("/sign_up");
    expect(screen.getByRole("heading", { name: "Create your Foreman account" })).toBeVisible();
  });

  it("hands any other address over to the app", () => {
    const { enterApp } = renderAt("/sign_in");
    browserGoesTo("/orders");
    expect(enterApp).toHaveBeenCalledWith();
  });

  it("goes on to the redirect once signed in", async () => {
    api.routes["POST /oauth/token.json"] = (_req, res) => sendJson(res, 200, tokenGrant());
    const { enterApp, user } = renderAt("/sign_in?redirect=%2Forders");
    await user.type(screen.getByLabelText("Email"), "demo@example.com");
    await user.type(screen.getByLabelText("Password"), "foreman-demo");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(enterApp).toHaveBeenCalledWith("/orders"));
  });

  it("hands over to the app for a sign-in page once there is a session", () => {
    writeSession(testSession());
    const { enterApp } = renderAt("/confirm_email");
    browserGoesTo("/sign_in");
    expect(enterApp).toHaveBeenCalledWith();
  });
});

describe("StandaloneAuthPages: a mailed link's page", () => {
  it("draws the reset page with its title, and goes to sign in in place and back", async () => {
    const { user } = renderAt("/reset_password?token=rst_1");
    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Choose a new password · Foreman"));
    const signIn = screen.getByRole("link", { name: "Sign in" });
    expect(signIn).toHaveAttribute("href", "/sign_in");
    await user.click(signIn);
    expect(window.location.pathname).toBe("/sign_in");
    expect(screen.getByRole("heading", { name: "Sign in to Foreman" })).toBeVisible();
    browserGoesTo("/reset_password?token=rst_1");
    expect(await screen.findByLabelText("New password")).toBeVisible();
  });

  it("says at once that a reset link without its token no longer works", async () => {
    renderAt("/reset_password");
    expect(await screen.findByRole("heading", { name: "This link no longer works" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Ask for a new link" })).toBeVisible();
  });

  it("confirms an email signed out, and leads on to sign in", async () => {
    api.routes["POST /users/email_confirmation.json"] = (_req, res) =>
      sendJson(res, 200, { email: "ada@analytical.example" });
    renderAt("/confirm_email?token=conf_standalone");
    expect(await screen.findByRole("heading", { name: "Email confirmed" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Confirm your email · Foreman"));
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign_in");
  });

  it("confirms an email signed in, and hands over to the app for the profile", async () => {
    writeSession(testSession());
    api.routes["POST /users/email_confirmation.json"] = (_req, res) =>
      sendJson(res, 200, { email: "ada@analytical.example" });
    const { enterApp, user } = renderAt("/confirm_email?token=conf_signed_in");
    const profile = await screen.findByRole("link", { name: "Go to your profile" });
    expect(profile).toHaveAttribute("href", "/profile");
    await user.click(profile);
    expect(window.location.pathname).toBe("/profile");
    expect(enterApp).toHaveBeenCalledWith();
  });

  describe("an invitation, signed out", () => {
    const preview = (accountExists: boolean) => invitationPreview({ account_exists: accountExists });

    it("signs in in place, then goes on into the app to accept it", async () => {
      api.routes["POST /invitations/lookup.json"] = (_req, res) => sendJson(res, 200, preview(true));
      api.routes["POST /oauth/token.json"] = (_req, res) => sendJson(res, 200, tokenGrant());
      const { enterApp, user } = renderAt("/accept_invitation?token=inv_1");
      expect(await screen.findByRole("heading", { name: "Join Northwind" })).toBeVisible();
      await waitFor(() => expect(document.title).toBe("Your invitation · Foreman"));
      const link = screen.getByRole("link", { name: "Sign in to accept" });
      expect(link).toHaveAttribute("href", "/sign_in?redirect=%2Faccept_invitation%3Ftoken%3Dinv_1");
      await user.click(link);
      expect(screen.getByRole("heading", { name: "Sign in to Foreman" })).toBeVisible();
      await user.type(screen.getByLabelText("Email"), "sam@northwind.example");
      await user.type(screen.getByLabelText("Password"), "foreman-demo");
      await user.click(screen.getByRole("button", { name: "Sign in" }));
      await waitFor(() => expect(enterApp).toHaveBeenCalledWith("/accept_invitation?token=inv_1"));
    });

    it("creates the account in place from the invitation", async () => {
      api.routes["POST /invitations/lookup.json"] = (_req, res) => sendJson(res, 200, preview(false));
      const { user } = renderAt("/accept_invitation?token=inv_2");
      const link = await screen.findByRole("link", { name: "Create your account" });
      expect(link).toHaveAttribute("href", "/sign_up?invitation_token=inv_2");
      await user.click(link);
      expect(window.location.search).toBe("?invitation_token=inv_2");
      // The invited sign-up: the address is fixed.
      expect(await screen.findByDisplayValue("sam@northwind.example")).toBeVisible();
    });

    it("says a link without its token is dead, with the way to sign in", async () => {
      renderAt("/accept_invitation");
      expect(await screen.findByRole("heading", { name: "This invitation can't be used" })).toBeVisible();
      expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign_in");
    });
  });
});
