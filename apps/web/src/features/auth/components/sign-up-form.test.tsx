import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getSelectedCompany } from "#web/lib/selected-company.ts";
import { readSession } from "#web/lib/session-cookie.ts";
import { type LocalApi, sendJson, startLocalApi } from "#web/test/local-api.ts";
import { SignUpForm } from "./sign-up-form.tsx";

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const valid = {
  "First name": "Ada",
  "Last name": "Lovelace",
  "Work email": "ada@example.com",
  "Company name": "Analytical Engines",
  Password: "correct horse",
  "Confirm password": "correct horse",
};

function renderForm() {
  let signedUp = 0;
  const user = userEvent.setup();
  render(
    <SignUpForm
      onSignedUp={() => {
        signedUp += 1;
      }}
    />,
  );
  const field = (label: string) => screen.getByLabelText(label);
  return {
    user,
    field,
    signedUp: () => signedUp,
    async fill(values: Partial<Record<keyof typeof valid, string>>) {
      for (const [label, value] of Object.entries(values)) {
        await user.clear(field(label));
        if (value) await user.type(field(label), value);
      }
    },
    submit: () => user.click(screen.getByRole("button", { name: "Create account" })),
  };
}

describe("SignUpForm", () => {
  it("shows Required under every empty field", async () => {
    const form = renderForm();
    await form.submit();
    // The first press fetches the form's engine, then validates (use-deferred-form.ts).
    await waitFor(() => expect(form.field("First name")).toHaveAccessibleDescription("Required"));
    for (const label of Object.keys(valid)) expect(form.field(label)).toHaveAccessibleDescription("Required");
    expect(api.requests).toHaveLength(0);
  });

  it("shows the spec's messages: too short, invalid email, passwords must match", async () => {
    const form = renderForm();
    await form.fill({ ...valid, "Work email": "not-an-email", Password: "short", "Confirm password": "shorter" });
    await form.submit();
    expect(form.field("Work email")).toHaveAccessibleDescription("Invalid email address");
    expect(form.field("Password")).toHaveAccessibleDescription("Must be at least 8 characters");
    expect(form.field("Confirm password")).toHaveAccessibleDescription("Passwords must match");
    expect(form.field("First name")).toHaveValue("Ada");
    expect(api.requests).toHaveLength(0);
  });

  it("says passwords must match when only the confirmation differs", async () => {
    const form = renderForm();
    await form.fill({ ...valid, "Confirm password": "correct horse!" });
    await form.submit();
    expect(form.field("Confirm password")).toHaveAccessibleDescription("Passwords must match");
    expect(form.field("Password")).not.toHaveAttribute("aria-invalid");
  });

  it("puts the server's 422 details under their fields and keeps every value", async () => {
    api.routes["POST /users.json"] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_failed",
        error_description: "User could not be created",
        details: [
          { field: "email", message: "Email has already been taken" },
          // The wire names fields in snake_case, as they were sent.
          { field: "company_name", message: "Must be at most 100 characters" },
        ],
      });
    const form = renderForm();
    await form.fill(valid);
    await form.submit();
    await waitFor(() => expect(form.field("Work email")).toHaveAccessibleDescription("Email has already been taken"));
    expect(form.field("Company name")).toHaveAccessibleDescription("Must be at most 100 characters");
    for (const [label, value] of Object.entries(valid)) expect(form.field(label)).toHaveValue(value);
    expect(api.requests[0]?.body).toEqual({
      user: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        password: "correct horse",
        password_confirmation: "correct horse",
        company_name: "Analytical Engines",
        company_language: "en",
      },
    });
  });

  it("offers the company's language, English first, chosen by keyboard, and sends it", async () => {
    api.routes["POST /users.json"] = (_req, res) =>
      sendJson(res, 422, {
        error: "validation_failed",
        error_description: "User could not be created",
        details: [{ field: "company_language", message: "Must be one of en, es" }],
      });
    const form = renderForm();
    const language = screen.getByRole("combobox", { name: "Company language" });
    expect(language).toHaveValue("en");
    expect(language).toHaveAccessibleDescription(
      "Your departments, AI employee presets and website chat start in this language.",
    );
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["English", "Español"]);
    await form.fill(valid);
    // Reached with Tab from the field before it, changed with the keyboard alone.
    form.field("Company name").focus();
    await form.user.tab();
    expect(language).toHaveFocus();
    await form.user.selectOptions(language, "Español");
    expect(language).toHaveValue("es");
    await form.submit();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).toMatchObject({
      user: { company_name: "Analytical Engines", company_language: "es" },
    });
    // A refusal of the language shows under it.
    await waitFor(() => expect(language).toHaveAccessibleDescription(expect.stringContaining("Must be one of en, es")));
    expect(language).toHaveAttribute("aria-invalid", "true");
  });

  it("explains a failure that names no field", async () => {
    api.routes["POST /users.json"] = (_req, res) =>
      sendJson(res, 422, { error: "validation_failed", error_description: "User could not be created" });
    const form = renderForm();
    await form.fill(valid);
    await form.submit();
    expect(await screen.findByRole("alert")).toHaveTextContent("User could not be created");
  });

  it("stores the session from the token headers and selects the new company", async () => {
    const createdAt = String(Math.floor(Date.now() / 1000));
    api.routes["POST /users.json"] = (_req, res) =>
      sendJson(
        res,
        201,
        {
          user: { id: "u1", email: "ada@example.com", first_name: "Ada", last_name: "Lovelace" },
          company: { id: "c1", name: "Analytical Engines", logo_small_url: null },
        },
        {
          "access-token": "tok",
          "token-type": "Bearer",
          "expires-in": "7200",
          "refresh-token": "ref",
          scope: "",
          "created-at": createdAt,
        },
      );
    const form = renderForm();
    await form.fill(valid);
    await form.submit();
    await waitFor(() => expect(form.signedUp()).toBe(1));
    expect(readSession()).toMatchObject({ accessToken: "tok", refreshToken: "ref", createdAt: Number(createdAt) });
    expect(getSelectedCompany()).toEqual({ id: "c1", name: "Analytical Engines", logoSmallUrl: null });
  });
});
