import { MFA_OTP_GRANT_TYPE } from "@foreman/contract";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readSession } from "#web/lib/session-cookie.ts";
import { type LocalApi, type RecordedRequest, sendJson, startLocalApi } from "#web/test/local-api.ts";
import { SignInForm } from "./sign-in-form.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const MFA_TOKEN = "mfa-token-1";
const tokens = (accessToken: string) => ({
  access_token: accessToken,
  token_type: "Bearer",
  expires_in: 7200,
  refresh_token: `${accessToken}-refresh`,
  scope: "",
  created_at: Math.floor(Date.now() / 1000),
});

type Grant = { grant_type: string; otp?: string; recovery_code?: string; mfa_token?: string };

/**
 * The token endpoint of a two-factor account: the password grant answers with the challenge; the MFA
 * grant accepts `goodOtp` or `goodRecoveryCode` once, else invalid_otp.
 */
function serveTwoFactorAccount({ goodOtp = "123456", goodRecoveryCode = "abcde-12345" } = {}) {
  api.routes["POST /oauth/token.json"] = (request: RecordedRequest, res) => {
    const body = request.body as Grant;
    if (body.grant_type === "password")
      return sendJson(res, 400, {
        error: "mfa_required",
        error_description: "Enter the code from your authenticator app.",
        mfa_token: MFA_TOKEN,
        mfa_token_expires_in: 300,
      });
    if (body.mfa_token !== MFA_TOKEN) return sendJson(res, 400, { error: "invalid_grant" });
    if (body.otp === goodOtp || body.recovery_code === goodRecoveryCode) return sendJson(res, 200, tokens("tok-2fa"));
    sendJson(res, 400, {
      error: "invalid_otp",
      error_description: "That code is not right. Check your authenticator app and try again.",
    });
  };
}

async function signInWithPassword() {
  let signedIn = 0;
  const user = userEvent.setup();
  render(
    <SignInForm
      onSignedIn={() => {
        signedIn += 1;
      }}
    />,
  );
  await user.type(screen.getByLabelText("Email"), "two@example.com");
  await user.type(screen.getByLabelText("Password"), "a long password");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  // The code step arrives in its own chunk.
  await screen.findByRole("form", { name: "Two-factor sign-in" });
  return {
    user,
    signedIn: () => signedIn,
    code: () => screen.getByLabelText(/Authentication code|Recovery code/),
    verify: () => user.click(screen.getByRole("button", { name: "Verify" })),
  };
}

const grants = () => api.requests.map((request) => request.body as Grant);

describe("the sign-in's two-factor step", () => {
  it("asks for the app's code, completes the MFA grant and stores the session", async () => {
    serveTwoFactorAccount();
    const step = await signInWithPassword();
    expect(screen.getByText("Enter the 6-digit code from your authenticator app.")).toBeInTheDocument();
    // The password form is put away, not shown beside the step; no session from the password alone.
    expect(screen.queryByRole("form", { name: "Sign in" })).not.toBeInTheDocument();
    expect(readSession()).toBeNull();
    expect(step.code()).toHaveFocus();
    expect(step.code()).toHaveAttribute("inputmode", "numeric");
    expect(step.code()).toHaveAttribute("autocomplete", "one-time-code");

    await step.user.type(step.code(), "123 456");
    await step.verify();
    await waitFor(() => expect(step.signedIn()).toBe(1));
    expect(readSession()).toMatchObject({ accessToken: "tok-2fa", refreshToken: "tok-2fa-refresh" });
    expect(api.requests.at(-1)?.body).toEqual({
      grant_type: MFA_OTP_GRANT_TYPE,
      mfa_token: MFA_TOKEN,
      otp: "123456",
      client_id: "foreman-web",
    });
  });

  it("says a wrong code at the field and lets it be typed again", async () => {
    serveTwoFactorAccount();
    const step = await signInWithPassword();
    await step.verify();
    expect(step.code()).toHaveAccessibleDescription("Required");
    await step.user.type(step.code(), "12345");
    await step.verify();
    expect(step.code()).toHaveAccessibleDescription("Enter the 6 digits your authenticator app shows");
    expect(grants().filter((grant) => grant.grant_type === MFA_OTP_GRANT_TYPE)).toHaveLength(0);

    await step.user.clear(step.code());
    await step.user.type(step.code(), "999999");
    await step.verify();
    await waitFor(() =>
      expect(step.code()).toHaveAccessibleDescription(
        "That code is not right. Check your authenticator app and try again.",
      ),
    );
    expect(step.code()).toHaveAttribute("aria-invalid", "true");
    expect(step.signedIn()).toBe(0);
    expect(readSession()).toBeNull();

    await step.user.clear(step.code());
    await step.user.type(step.code(), "123456");
    await step.verify();
    await waitFor(() => expect(step.signedIn()).toBe(1));
  });

  it("takes a recovery code instead", async () => {
    serveTwoFactorAccount();
    const step = await signInWithPassword();
    await step.user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    const field = screen.getByLabelText("Recovery code");
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute("inputmode", "text");
    await step.user.type(field, "abcde-12345");
    await step.verify();
    await waitFor(() => expect(step.signedIn()).toBe(1));
    expect(api.requests.at(-1)?.body).toEqual({
      grant_type: MFA_OTP_GRANT_TYPE,
      mfa_token: MFA_TOKEN,
      recovery_code: "abcde-12345",
      client_id: "foreman-web",
    });
    expect(readSession()?.accessToken).toBe("tok-2fa");
  });

  it("tells how long to wait when locked", async () => {
    serveTwoFactorAccount();
    const step = await signInWithPassword();
    api.routes["POST /oauth/token.json"] = (_req, res) =>
      sendJson(res, 429, { error: "too_many_requests" }, { "retry-after": "90" });
    await step.user.type(step.code(), "123456");
    await step.verify();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait 2 minutes and try again.",
    );
  });

  it("starts again from the password when the step has expired, and Back keeps what was typed", async () => {
    serveTwoFactorAccount();
    const step = await signInWithPassword();
    api.routes["POST /oauth/token.json"] = (_req, res) =>
      sendJson(res, 400, { error: "invalid_grant", error_description: "The sign-in step has expired." });
    await step.user.type(step.code(), "123456");
    await step.verify();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This sign-in has expired. Go back and enter your password again.",
    );
    expect(screen.queryByRole("button", { name: "Verify" })).not.toBeInTheDocument();
    await step.user.click(screen.getByRole("button", { name: "Enter your password again" }));

    expect(screen.getByRole("form", { name: "Sign in" })).toBeVisible();
    expect(screen.getByLabelText("Email")).toHaveValue("two@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("a long password");
    expect(screen.getByLabelText("Password")).toHaveFocus();
    expect(screen.queryByTestId("two-factor-step")).not.toBeInTheDocument();

    // A new password grant brings a new challenge.
    serveTwoFactorAccount();
    await step.user.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("form", { name: "Two-factor sign-in" });
    expect(step.signedIn()).toBe(0);
  });

  it("goes back to the password form with Back", async () => {
    serveTwoFactorAccount();
    const step = await signInWithPassword();
    await step.user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("form", { name: "Sign in" })).toBeVisible();
    expect(screen.getByLabelText("Password")).toHaveFocus();
  });
});
