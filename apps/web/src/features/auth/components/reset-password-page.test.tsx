import { RESET_LINK_INVALID } from "@foreman/contract";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ThemeProvider } from "#web/components/theme/theme-provider.tsx";
import { type LocalApi, sendJson, startLocalApi } from "#web/test/local-api.ts";
import { plainPageLink } from "#web/test/plain-page-link.tsx";
import { ResetPasswordPage } from "./reset-password-page.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const TOKEN = "rst_9f8e7d6c5b4a";
const PASSWORD = "violet elephant tuesday";
const bodies = () => api.requests.filter((request) => request.method === "PUT").map((request) => request.body);

async function renderPage(token: string | undefined = TOKEN) {
  const user = userEvent.setup();
  render(
    <ThemeProvider>
      <ResetPasswordPage token={token} renderLink={plainPageLink} />
    </ThemeProvider>,
  );
  await screen.findByRole("heading", { level: 1 });
  return {
    user,
    password: () => screen.getByLabelText("New password"),
    confirmation: () => screen.getByLabelText("Confirm new password"),
    code: () => screen.queryByLabelText("Two-factor code"),
    submit: () => user.click(screen.getByRole("button", { name: "Change password" })),
    async fill(password = PASSWORD, confirmation = password) {
      await user.type(screen.getByLabelText("New password"), password);
      await user.type(screen.getByLabelText("Confirm new password"), confirmation);
    },
  };
}

describe("the reset password page", () => {
  it("sets the new password with the link's token, then says to sign in", async () => {
    api.routes["PUT /users/password.json"] = (_req, res) => sendJson(res, 200, { email: "ada@example.com" });
    const page = await renderPage();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Choose a new password");
    expect(page.code()).not.toBeInTheDocument();
    await page.fill();
    await page.submit();
    expect(await screen.findByRole("heading", { level: 1, name: "Password changed — sign in" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("The password of ada@example.com is changed");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign_in");
    expect(bodies()).toEqual([
      { user: { reset_password_token: TOKEN, password: PASSWORD, password_confirmation: PASSWORD } },
    ]);
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("catches a mismatch and a weak password before sending", async () => {
    const page = await renderPage();
    await page.fill(PASSWORD, "violet elephant thursday");
    await page.submit();
    await waitFor(() => expect(page.confirmation()).toHaveAccessibleDescription("Passwords must match"));
    await page.user.clear(page.password());
    await page.user.type(page.password(), "short");
    await page.submit();
    await waitFor(() => expect(page.password()).toHaveAccessibleDescription("Must be at least 8 characters"));
    expect(api.requests).toHaveLength(0);
  });

  it("puts the server's refusal of the password on its field", async () => {
    api.routes["PUT /users/password.json"] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_failed",
        details: [{ field: "password", message: "Is one of the most common passwords" }],
      });
    const page = await renderPage();
    await page.fill("password1234");
    await page.submit();
    await waitFor(() => expect(page.password()).toHaveAccessibleDescription("Is one of the most common passwords"));
    expect(page.password()).toHaveFocus();
  });

  it("says a dead link no longer works and offers the form for a new one", async () => {
    api.routes["PUT /users/password.json"] = (_req, res) =>
      sendJson(res, 422, { error: "invalid_token", error_description: RESET_LINK_INVALID });
    const page = await renderPage();
    await page.fill();
    await page.submit();
    expect(await screen.findByRole("heading", { level: 1, name: "This link no longer works" })).toBeInTheDocument();
    expect(screen.getByText(RESET_LINK_INVALID)).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    await page.user.click(screen.getByRole("button", { name: "Ask for a new link" }));
    const dialog = await screen.findByRole("dialog", { name: "Forgot your password?" });
    expect(within(dialog).getByLabelText("Email")).toHaveFocus();
  });

  it("says so at once for a link without a token", async () => {
    await renderPage("");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("This link no longer works");
    expect(screen.getByRole("button", { name: "Ask for a new link" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign_in");
  });

  it("asks for a two-factor code only once the server wants one, and refuses a wrong one at the field", async () => {
    api.routes["PUT /users/password.json"] = (req, res) => {
      const code = (req.body as { user: { otp_code?: string } }).user.otp_code;
      if (code === "123456") return sendJson(res, 200, { email: "ada@example.com" });
      sendJson(res, 422, { error: "two_factor_required", error_description: "Enter a two-factor code" });
    };
    const page = await renderPage();
    await page.fill();
    await page.submit();
    const code = await screen.findByLabelText("Two-factor code");
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(expect.stringContaining("6-digit code from your authenticator app"));
    expect(page.password()).toHaveValue(PASSWORD);

    // Required now, before sending.
    await page.submit();
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining("Required")));
    expect(bodies()).toHaveLength(1);

    await page.user.type(code, "000000");
    await page.submit();
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining("That code did not work")));
    expect(code).toHaveAttribute("aria-invalid", "true");

    await page.user.clear(code);
    await page.user.type(code, " 123456 ");
    await page.submit();
    expect(await screen.findByRole("heading", { level: 1, name: "Password changed — sign in" })).toBeInTheDocument();
    expect(bodies()).toEqual([
      { user: { reset_password_token: TOKEN, password: PASSWORD, password_confirmation: PASSWORD } },
      {
        user: { reset_password_token: TOKEN, password: PASSWORD, password_confirmation: PASSWORD, otp_code: "000000" },
      },
      {
        user: { reset_password_token: TOKEN, password: PASSWORD, password_confirmation: PASSWORD, otp_code: "123456" },
      },
    ]);
  });

  it("says how long to wait when throttled", async () => {
    api.routes["PUT /users/password.json"] = (_req, res) =>
      sendJson(res, 429, { error: "too_many_requests" }, { "retry-after": "30" });
    const page = await renderPage();
    await page.fill();
    await page.submit();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait 30 seconds and try again.",
    );
  });
});
