import { EMAIL_CHANGE_SENT, EMAIL_TAKEN, WRONG_CURRENT_PASSWORD } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { PasswordCard } from "./components/password-card.tsx";
import { PersonalDetailsCard } from "./components/personal-details-card.tsx";
import { ProfilePage } from "./components/profile-page.tsx";
import { SessionsCard } from "./components/sessions-card.tsx";

const api = signedInLocalApi();
const COMPANY = "company-1";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

// As the server answers: snake_case.
type WireProfile = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  pending_email: string | null;
  two_factor_enabled: boolean;
  password_changed_at: string | null;
};
let profile: WireProfile;
const camel = (wire: WireProfile) => ({
  id: wire.id,
  email: wire.email,
  firstName: wire.first_name,
  lastName: wire.last_name,
  pendingEmail: wire.pending_email,
  twoFactorEnabled: wire.two_factor_enabled,
  passwordChangedAt: wire.password_changed_at,
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
let sessions: object[];

beforeEach(() => {
  profile = {
    id: "u1",
    email: "ada@example.com",
    first_name: "Ada",
    last_name: "Lovelace",
    pending_email: null,
    two_factor_enabled: false,
    password_changed_at: null,
  };
  sessions = [
    {
      id: "s-phone",
      client: "Foreman web",
      signed_in_at: minutesAgo(60 * 24 * 3),
      last_used_at: minutesAgo(60 * 5),
      ip_address: "203.0.113.9",
      user_agent: SAFARI_IPHONE,
      current: false,
    },
    {
      id: "s-here",
      client: "Foreman web",
      signed_in_at: minutesAgo(90),
      last_used_at: minutesAgo(0),
      ip_address: "198.51.100.4",
      user_agent: CHROME_MAC,
      current: true,
    },
  ];
  api.routes["GET /app/profile.json"] = (_req, res) => sendJson(res, 200, profile);
  api.routes["GET /app/profile/sessions.json"] = (_req, res) => sendJson(res, 200, { sessions });
});

const sent = (method: string, path: string) =>
  api.requests.filter((request) => request.method === method && request.path === path);
const toastTitles = () => getToasts().map((item) => item.title);

function renderCard(ui: React.ReactNode) {
  const user = userEvent.setup();
  return { user, ...renderInCompany(ui, { companyId: COMPANY }) };
}

describe("the profile page", () => {
  it("shows its sections in order once the profile is read", async () => {
    renderCard(<ProfilePage />);
    expect(await screen.findByRole("status", { name: "Loading your profile" })).toBeInTheDocument();
    await screen.findByRole("region", { name: "Personal details" });
    const names = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    const order = ["Personal details", "Sign-in email", "Password", "Sessions"].map((name) => names.indexOf(name));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(screen.getByLabelText("First name")).toHaveValue("Ada");
  });

  it("says when the profile cannot be read, and tries again", async () => {
    api.routes["GET /app/profile.json"] = (_req, res) => sendJson(res, 500, { error: "internal" });
    const { user } = renderCard(<ProfilePage />);
    const failed = (await screen.findByText("Couldn't load your profile")).parentElement as HTMLElement;
    api.routes["GET /app/profile.json"] = (_req, res) => sendJson(res, 200, profile);
    await user.click(within(failed).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Personal details" })).toBeInTheDocument();
  });
});

describe("personal details", () => {
  it("saves the name, and puts the server's refusal on its field", async () => {
    const patches: unknown[] = [];
    api.routes["PATCH /app/profile.json"] = (req, res) => {
      patches.push(req.body);
      const body = req.body as { first_name: string; last_name: string };
      if (body.last_name.includes("<"))
        return sendJson(res, 422, {
          error: "validation_failed",
          details: [{ field: "last_name", message: "Must not contain < or >" }],
        });
      profile = { ...profile, first_name: body.first_name, last_name: body.last_name };
      sendJson(res, 200, profile);
    };
    const { user, queryClient } = renderCard(<PersonalDetailsCard profile={camel(profile)} />);
    const save = await screen.findByRole("button", { name: "Save" });
    // Nothing to save until something changes.
    expect(save).toBeDisabled();

    const last = screen.getByLabelText("Last name");
    await user.clear(last);
    await user.type(last, "<b>King</b>");
    await user.click(save);
    await waitFor(() => expect(last).toHaveAccessibleDescription("Must not contain < or >"));
    expect(last).toHaveAttribute("aria-invalid", "true");
    expect(last).toHaveFocus();
    expect(patches).toEqual([{ first_name: "Ada", last_name: "<b>King</b>" }]);

    await user.clear(last);
    await user.type(last, "King");
    await user.click(save);
    await waitFor(() => expect(toastTitles()).toContain("Your name is saved"));
    expect(patches[1]).toEqual({ first_name: "Ada", last_name: "King" });
    expect(last).not.toHaveAttribute("aria-invalid");
    expect(queryClient.getQueryData(["profile"])).toMatchObject({ lastName: "King" });
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("checks an empty name before sending", async () => {
    const { user } = renderCard(<PersonalDetailsCard profile={camel(profile)} />);
    const first = await screen.findByLabelText("First name");
    await user.clear(first);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(first).toHaveAccessibleDescription("Required"));
    expect(sent("PATCH", "/app/profile.json")).toHaveLength(0);
  });
});

describe("the sign-in email", () => {
  it("asks for a change with the current password, then shows the address waiting for its link", async () => {
    const { user, queryClient } = renderCard(<ProfilePage />);
    const card = await screen.findByRole("region", { name: "Sign-in email" });
    expect(within(card).getByTestId("current-email")).toHaveTextContent("ada@example.com");
    expect(within(card).queryByTestId("pending-email")).not.toBeInTheDocument();

    let attempts = 0;
    api.routes["POST /app/profile/email_change.json"] = (req, res) => {
      attempts += 1;
      const body = req.body as { new_email: string; current_password: string };
      if (body.new_email === "taken@example.com")
        return sendJson(res, 422, {
          error: "validation_failed",
          details: [{ field: "new_email", message: EMAIL_TAKEN }],
        });
      if (body.current_password !== "correct horse battery")
        return sendJson(res, 422, {
          error: "validation_failed",
          details: [{ field: "current_password", message: WRONG_CURRENT_PASSWORD }],
        });
      profile = { ...profile, pending_email: body.new_email };
      sendJson(res, 202, profile);
    };

    await user.click(within(card).getByRole("button", { name: "Change email" }));
    const form = within(card).getByRole("form", { name: "Change your sign-in email" });
    const email = within(form).getByLabelText("New email");
    const password = within(form).getByLabelText("Current password");
    expect(email).toHaveFocus();

    // Checked before sending: the address, and that it is a new one.
    await user.type(email, "not an address");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription("Invalid email address"));
    expect(password).toHaveAccessibleDescription(/Required/);
    await user.clear(email);
    await user.type(email, "ADA@example.com");
    await user.type(password, "whatever");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription("Is already your sign-in email"));
    expect(attempts).toBe(0);

    await user.clear(email);
    await user.type(email, "taken@example.com");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(EMAIL_TAKEN));

    await user.clear(email);
    await user.type(email, "ada@analytical.example");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining(WRONG_CURRENT_PASSWORD)));

    await user.clear(password);
    await user.type(password, "correct horse battery");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    await waitFor(() => expect(toastTitles()).toContain("Check the inbox of ada@analytical.example"));
    expect(within(card).getByTestId("pending-email")).toHaveTextContent("ada@analytical.example");
    expect(within(card).getByTestId("pending-email")).toHaveTextContent(EMAIL_CHANGE_SENT);
    expect(within(card).getByTestId("current-email")).toHaveTextContent("ada@example.com");
    expect(sent("POST", "/app/profile/email_change.json").at(-1)?.body).toEqual({
      new_email: "ada@analytical.example",
      current_password: "correct horse battery",
    });
    // The form closed, and the focus went back to its button.
    expect(within(card).queryByRole("form")).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Change email" })).toHaveFocus();
    expect(queryClient.getQueryData(["profile"])).toMatchObject({ pendingEmail: "ada@analytical.example" });
  });
});

describe("the password", () => {
  it("catches a mismatch before sending, then changes it and reads the sessions again", async () => {
    const puts: unknown[] = [];
    api.routes["PUT /app/profile/password.json"] = (req, res) => {
      puts.push(req.body);
      const body = req.body as { current_password: string };
      if (body.current_password !== "old password here")
        return sendJson(res, 422, {
          error: "validation_failed",
          details: [{ field: "current_password", message: WRONG_CURRENT_PASSWORD }],
        });
      profile = { ...profile, password_changed_at: new Date().toISOString() };
      sessions = sessions.filter((session) => (session as { current: boolean }).current);
      sendJson(res, 200, profile);
    };
    const { user, queryClient } = renderCard(<PasswordCard profile={camel(profile)} />);
    queryClient.setQueryData(["profile", "sessions"], []);
    await user.click(await screen.findByRole("button", { name: "Change password" }));
    const current = screen.getByLabelText("Current password");
    const next = screen.getByLabelText("New password");
    const confirm = screen.getByLabelText("Confirm new password");
    expect(current).toHaveFocus();

    await user.type(current, "wrong password");
    await user.type(next, "violet elephant tuesday");
    await user.type(confirm, "violet elephant thursday");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(confirm).toHaveAccessibleDescription("Passwords must match"));
    expect(puts).toHaveLength(0);

    // The contract's policy, before sending too.
    await user.clear(next);
    await user.type(next, "12345678");
    await user.clear(confirm);
    await user.type(confirm, "12345678");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(next).toHaveAccessibleDescription(expect.stringContaining("Is too easy to guess")));
    expect(puts).toHaveLength(0);

    await user.clear(next);
    await user.type(next, "violet elephant tuesday");
    await user.clear(confirm);
    await user.type(confirm, "violet elephant tuesday");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(WRONG_CURRENT_PASSWORD));
    expect(current).toHaveFocus();

    await user.clear(current);
    await user.type(current, "old password here");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(toastTitles()).toContain("Password changed"));
    expect(puts.at(-1)).toEqual({
      current_password: "old password here",
      password: "violet elephant tuesday",
      password_confirmation: "violet elephant tuesday",
    });
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(queryClient.getQueryState(["profile", "sessions"])?.isInvalidated).toBe(true);
  });
});

describe("a throttled change", () => {
  it("says how long to wait, at the form", async () => {
    api.routes["PUT /app/profile/password.json"] = (_req, res) =>
      sendJson(res, 429, { error: "too_many_requests" }, { "retry-after": "90" });
    const { user } = renderCard(<PasswordCard profile={camel(profile)} />);
    await user.click(await screen.findByRole("button", { name: "Change password" }));
    await user.type(screen.getByLabelText("Current password"), "old password here");
    await user.type(screen.getByLabelText("New password"), "violet elephant tuesday");
    await user.type(screen.getByLabelText("Confirm new password"), "violet elephant tuesday");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait 2 minutes and try again.",
    );
    expect(screen.getByLabelText("Current password")).toHaveValue("old password here");
  });
});

describe("the sessions", () => {
  it("lists each sign-in, this device first, and ends one", async () => {
    api.routes["DELETE /app/profile/sessions/s-phone.json"] = (_req, res) => {
      sessions = sessions.filter((session) => (session as { id: string }).id !== "s-phone");
      res.writeHead(204).end();
    };
    const { user } = renderCard(<SessionsCard />);
    expect(await screen.findByRole("status", { name: "Loading your sessions" })).toBeInTheDocument();
    const items = await screen.findAllByTestId("session");
    expect(items).toHaveLength(2);
    const [here, phone] = items as [HTMLElement, HTMLElement];
    expect(here).toHaveTextContent("Chrome 126 on macOS");
    expect(within(here).getByText("This device")).toBeInTheDocument();
    expect(here).toHaveTextContent("198.51.100.4");
    expect(within(here).queryByRole("button", { name: /End session/ })).not.toBeInTheDocument();

    expect(phone).toHaveTextContent("Safari 17 on iPhone");
    expect(phone).toHaveTextContent("Foreman web");
    expect(phone).toHaveTextContent("203.0.113.9");
    expect(phone).toHaveTextContent("3 days ago");
    expect(phone).toHaveTextContent("5 hours ago");
    expect(within(phone).queryByText("This device")).not.toBeInTheDocument();
    // The full date is in the text for screen readers too.
    const times = within(phone).getAllByText((_, element) => element?.tagName === "TIME");
    expect(times[0]).toHaveTextContent(/\(\w+ \d+, \d{4} at \d+:\d{2}/);

    await user.click(within(phone).getByRole("button", { name: "End session on Safari 17 on iPhone" }));
    await waitFor(() => expect(screen.getAllByTestId("session")).toHaveLength(1));
    expect(sent("DELETE", "/app/profile/sessions/s-phone.json")).toHaveLength(1);
    expect(toastTitles()).toContain("Signed out of Safari 17 on iPhone");
    // Nobody else is signed in: nothing left to sign out.
    expect(screen.getByRole("button", { name: "Sign out all other sessions" })).toBeDisabled();
  });

  it("signs out every other session after asking", async () => {
    api.routes["DELETE /app/profile/sessions.json"] = (_req, res) => {
      sessions = sessions.filter((session) => (session as { current: boolean }).current);
      sendJson(res, 200, { revoked: 1 });
    };
    const { user } = renderCard(<SessionsCard />);
    await screen.findAllByTestId("session");
    await user.click(screen.getByRole("button", { name: "Sign out all other sessions" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign out all other sessions?" });
    expect(dialog).toHaveTextContent("1 other session ends at once");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(sent("DELETE", "/app/profile/sessions.json")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Sign out all other sessions" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Sign out all other sessions?" })).getByRole("button", {
        name: "Sign out others",
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId("session")).toHaveLength(1));
    expect(sent("DELETE", "/app/profile/sessions.json")).toHaveLength(1);
    expect(toastTitles()).toContain("Signed out of 1 other session");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says when the sessions cannot be read", async () => {
    api.routes["GET /app/profile/sessions.json"] = (_req, res) => sendJson(res, 500, { error: "internal" });
    renderCard(<SessionsCard />);
    expect(await screen.findByText("Couldn't load your sessions")).toBeInTheDocument();
  });
});
