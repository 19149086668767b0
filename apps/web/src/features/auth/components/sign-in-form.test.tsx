import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readSession } from "#web/lib/session-cookie.ts";
import { type LocalApi, sendJson, startLocalApi, tokenGrant } from "#web/test/local-api.ts";
import { SignInForm } from "./sign-in-form.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

function renderForm() {
  let signedIn = 0;
  const user = userEvent.setup();
  render(
    <SignInForm
      onSignedIn={() => {
        signedIn += 1;
      }}
    />,
  );
  return {
    user,
    signedIn: () => signedIn,
    email: () => screen.getByLabelText("Email"),
    password: () => screen.getByLabelText("Password"),
    submit: () => user.click(screen.getByRole("button", { name: "Sign in" })),
  };
}

describe("SignInForm", () => {
  it("shows Required under each empty field and makes no call", async () => {
    const form = renderForm();
    await form.submit();
    // The first press fetches the form's engine, then validates (use-deferred-form.ts).
    await waitFor(() => expect(form.email()).toHaveAccessibleDescription("Required"));
    expect(form.password()).toHaveAccessibleDescription("Required");
    expect(form.email()).toHaveAttribute("aria-invalid", "true");
    expect(api.requests).toHaveLength(0);
  });

  it("keeps what was typed when a field is missing", async () => {
    const form = renderForm();
    await form.user.type(form.email(), "demo@example.com");
    await form.submit();
    expect(form.email()).toHaveValue("demo@example.com");
    expect(form.email()).not.toHaveAttribute("aria-invalid");
    expect(form.password()).toHaveAccessibleDescription("Required");
  });

  it("says the credentials are wrong on invalid_grant and keeps both fields", async () => {
    api.routes["POST /oauth/token.json"] = (_req, res) =>
      sendJson(res, 400, { error: "invalid_grant", error_description: "Invalid email or password." });
    const form = renderForm();
    await form.user.type(form.email(), "demo@example.com");
    await form.user.type(form.password(), "wrong password");
    await form.submit();
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid username or password. Please try again.");
    expect(form.email()).toHaveValue("demo@example.com");
    expect(form.password()).toHaveValue("wrong password");
    expect(form.signedIn()).toBe(0);
    expect(api.requests[0]?.body).toEqual({
      grant_type: "password",
      username: "demo@example.com",
      password: "wrong password",
      client_id: "foreman-web",
    });
  });

  it("tells how long to wait when throttled", async () => {
    api.routes["POST /oauth/token.json"] = (_req, res) =>
      sendJson(
        res,
        429,
        { error: "too_many_requests", error_description: "Too many attempts" },
        { "retry-after": "120" },
      );
    const form = renderForm();
    await form.user.type(form.email(), "demo@example.com");
    await form.user.type(form.password(), "foreman-demo");
    await form.submit();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait 2 minutes and try again.",
    );
  });

  it("stores the session and hands over on success", async () => {
    api.routes["POST /oauth/token.json"] = (_req, res) => sendJson(res, 200, tokenGrant());
    const form = renderForm();
    await form.user.type(form.email(), "demo@example.com");
    await form.user.type(form.password(), "foreman-demo");
    await form.submit();
    await waitFor(() => expect(form.signedIn()).toBe(1));
    expect(readSession()).toMatchObject({ accessToken: "tok", refreshToken: "ref" });
  });

  it("asks for a reset link from Forgot password?, with the typed address, without signing in", async () => {
    api.routes["POST /users/password.json"] = (_req, res) => sendJson(res, 202, { message: "sent" });
    const form = renderForm();
    await form.user.type(form.email(), "demo@example.com");
    await form.user.type(form.password(), "a guess");
    await form.user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = await screen.findByRole("dialog", { name: "Forgot your password?" });
    expect(within(dialog).getByLabelText("Email")).toHaveValue("demo@example.com");
    await form.user.click(within(dialog).getByRole("button", { name: "Send link" }));
    await within(dialog).findByRole("status");
    // The dialog's submit does not reach the sign-in form around its link.
    expect(api.requests.map((request) => request.path)).toEqual(["/users/password.json"]);
    expect(form.signedIn()).toBe(0);
  });
});
