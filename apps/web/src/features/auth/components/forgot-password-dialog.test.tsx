import { FORGOT_PASSWORD_MESSAGE } from "@foreman/contract";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LocalApi, sendJson, startLocalApi } from "#web/test/local-api.ts";
import { ForgotPasswordLink } from "./forgot-password-link.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

async function openDialog() {
  const user = userEvent.setup();
  render(<ForgotPasswordLink />);
  await user.click(screen.getByRole("button", { name: "Forgot password?" }));
  const dialog = await screen.findByRole("dialog", { name: "Forgot your password?" });
  return { user, dialog, email: within(dialog).getByLabelText("Email") };
}

async function ask(email: string) {
  const opened = await openDialog();
  expect(opened.email).toHaveFocus();
  await opened.user.type(opened.email, email);
  await opened.user.click(within(opened.dialog).getByRole("button", { name: "Send link" }));
  return opened;
}

describe("the forgot-password dialog", () => {
  it("answers the same message for an address with an account and one without", async () => {
    // The server answers both alike; so must the page, whatever the answer.
    api.routes["POST /users/password.json"] = (_req, res) => sendJson(res, 202, { message: FORGOT_PASSWORD_MESSAGE });
    const known = await ask("ada@example.com");
    const knownText = (await within(known.dialog).findByRole("status")).textContent;
    expect(knownText).toContain(FORGOT_PASSWORD_MESSAGE);
    await known.user.click(within(known.dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // Each opening starts afresh.
    await known.user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const again = await screen.findByRole("dialog", { name: "Forgot your password?" });
    await known.user.type(within(again).getByLabelText("Email"), "nobody@example.com");
    await known.user.click(within(again).getByRole("button", { name: "Send link" }));
    expect((await within(again).findByRole("status")).textContent).toBe(knownText);

    expect(api.requests.map((request) => request.body)).toEqual([
      { user: { email: "ada@example.com" } },
      { user: { email: "nobody@example.com" } },
    ]);
    expect(api.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it("shows the same message when the server answers otherwise", async () => {
    api.routes["POST /users/password.json"] = (_req, res) => sendJson(res, 500, { error: "internal_error" });
    const { dialog } = await ask("ada@example.com");
    expect(await within(dialog).findByRole("status")).toHaveTextContent(FORGOT_PASSWORD_MESSAGE);
  });

  it("checks the address before sending", async () => {
    const { dialog, email } = await ask("not an address");
    await waitFor(() => expect(email).toHaveAccessibleDescription("Invalid email address"));
    expect(within(dialog).queryByRole("status")).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("says how long to wait when asked too often, and keeps the address", async () => {
    api.routes["POST /users/password.json"] = (_req, res) =>
      sendJson(res, 429, { error: "too_many_requests" }, { "retry-after": "120" });
    const { dialog, email } = await ask("ada@example.com");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait 2 minutes and try again.",
    );
    expect(within(dialog).queryByRole("status")).not.toBeInTheDocument();
    expect(email).toHaveValue("ada@example.com");
  });

  it("says when the server cannot be reached", async () => {
    api.routes["POST /users/password.json"] = (_req, res) => res.destroy();
    const { dialog } = await ask("ada@example.com");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("We couldn't reach the server");
    expect(within(dialog).queryByRole("status")).not.toBeInTheDocument();
  });
});
