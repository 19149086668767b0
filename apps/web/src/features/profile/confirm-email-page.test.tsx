import { EMAIL_LINK_INVALID } from "@foreman/contract";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "#web/components/theme/theme-provider.tsx";
import { writeSession } from "#web/lib/session-cookie.ts";
import { type LocalApi, sendJson, startLocalApi, testSession } from "#web/test/local-api.ts";
import { plainPageLink } from "#web/test/plain-page-link.tsx";
import { ConfirmEmailPage } from "./components/confirm-email-page.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const posts = () => api.requests.filter((request) => request.path === "/users/email_confirmation.json");

function renderPage(token: string | undefined) {
  const onConfirmed = vi.fn();
  render(
    // Effects run twice: the link is still used once.
    <StrictMode>
      <ThemeProvider>
        <ConfirmEmailPage token={token} renderLink={plainPageLink} onConfirmed={onConfirmed} />
      </ThemeProvider>
    </StrictMode>,
  );
  return { onConfirmed, user: userEvent.setup() };
}

describe("the email confirmation page", () => {
  it("uses the link once, says the new address, and leads a signed-out visitor to sign in", async () => {
    api.routes["POST /users/email_confirmation.json"] = (_req, res) =>
      sendJson(res, 200, { email: "ada@analytical.example" });
    const { onConfirmed } = renderPage("conf_one");
    expect(await screen.findByRole("heading", { level: 1, name: "Email confirmed" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("You now sign in with ada@analytical.example.");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign_in");
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toEqual({ token: "conf_one" });
    expect(posts()[0]?.headers.authorization).toBeUndefined();
    // What showed the old address reads it again.
    expect(onConfirmed).toHaveBeenCalledTimes(1);
  });

  it("leads a signed-in user back to the profile", async () => {
    writeSession(testSession());
    api.routes["POST /users/email_confirmation.json"] = (_req, res) =>
      sendJson(res, 200, { email: "ada@analytical.example" });
    renderPage("conf_two");
    expect(await screen.findByRole("link", { name: "Go to your profile" })).toHaveAttribute("href", "/profile");
  });

  it("says a used or expired link no longer works", async () => {
    api.routes["POST /users/email_confirmation.json"] = (_req, res) =>
      sendJson(res, 422, { error: "invalid_token", error_description: EMAIL_LINK_INVALID });
    renderPage("conf_dead");
    expect(await screen.findByRole("heading", { level: 1, name: "This link no longer works" })).toBeInTheDocument();
    expect(screen.getByText(EMAIL_LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByText(/Your sign-in email has not changed/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });

  it("says so without calling for a link without a token", async () => {
    renderPage(undefined);
    expect(await screen.findByRole("heading", { level: 1, name: "This link no longer works" })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("offers to try again when the server could not be reached", async () => {
    api.routes["POST /users/email_confirmation.json"] = (_req, res) => res.destroy();
    const { user } = renderPage("conf_offline");
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't reach the server");
    api.routes["POST /users/email_confirmation.json"] = (_req, res) =>
      sendJson(res, 200, { email: "ada@analytical.example" });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Email confirmed" })).toBeInTheDocument();
    expect(posts()).toHaveLength(2);
  });
});
