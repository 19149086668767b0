import type { Me } from "@foreman/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { TwoFactorRequirementSetting } from "./two-factor-requirement-setting.tsx";

const COMPANY = "company-1";
const SETTINGS = `PATCH /app/companies/${COMPANY}/settings.json`;
const api = signedInLocalApi();

function serveMe(role: "owner" | "admin" | "member", { required = false, twoFactorEnabled = true } = {}) {
  const company = {
    id: COMPANY,
    name: "Northwind",
    logoSmallUrl: null,
    role,
    membersMayApprove: false,
    language: "en" as const,
    requireTwoFactor: required,
    timeZone: "UTC",
    currency: "USD",
  };
  const me: Me = {
    id: "u1",
    email: "a@example.com",
    firstName: "A",
    lastName: "B",
    twoFactorEnabled,
    company,
    managedCompanies: [company],
  };
  api.routes["GET /app/me.json"] = (_req, res) => sendJson(res, 200, me);
  return company;
}

function renderSetting() {
  const user = userEvent.setup();
  renderInCompany(<TwoFactorRequirementSetting />, { companyId: COMPANY });
  return { user, box: () => screen.getByRole("checkbox", { name: "Require two-factor sign-in" }) };
}

const patches = () => api.requests.filter((request) => request.method === "PATCH").map((request) => request.body);

describe("the require-two-factor setting", () => {
  it("asks an owner to confirm, then requires it: one PATCH, the user read again", async () => {
    const company = serveMe("owner");
    api.routes[SETTINGS] = (_req, res) => {
      company.requireTwoFactor = true;
      sendJson(res, 200, { members_may_approve: false, language: "en", require_two_factor: true });
    };
    const { user, box } = renderSetting();
    await waitFor(() => expect(box()).toBeEnabled());
    expect(box()).not.toBeChecked();

    await user.click(box());
    const dialog = await screen.findByRole("dialog", { name: "Require two-factor sign-in in Northwind?" });
    expect(dialog).toHaveTextContent("Members who have not turned on two-factor sign-in will be asked to");
    expect(patches()).toHaveLength(0);

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(box()).not.toBeChecked();
    expect(patches()).toHaveLength(0);

    await user.click(box());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Require it" }));
    await waitFor(() => expect(box()).toBeChecked());
    expect(patches()).toEqual([{ require_two_factor: true }]);
    expect(api.requests.find((request) => request.method === "PATCH")?.headers["x-company-id"]).toBe(COMPANY);
    expect(getToasts().map((toast) => toast.title)).toContain("Two-factor sign-in is now required");
  });

  it("stops requiring it without asking", async () => {
    const company = serveMe("owner", { required: true });
    api.routes[SETTINGS] = (_req, res) => {
      company.requireTwoFactor = false;
      sendJson(res, 200, { members_may_approve: false, language: "en", require_two_factor: false });
    };
    const { user, box } = renderSetting();
    await waitFor(() => expect(box()).toBeChecked());
    await user.click(box());
    await waitFor(() => expect(box()).not.toBeChecked());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(patches()).toEqual([{ require_two_factor: false }]);
  });

  it("shows a refusal and leaves the box as it was", async () => {
    serveMe("owner");
    api.routes[SETTINGS] = (_req, res) =>
      sendJson(res, 403, { error: "forbidden", error_description: "Only an owner can change this setting" });
    const { user, box } = renderSetting();
    await waitFor(() => expect(box()).toBeEnabled());
    await user.click(box());
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Require it" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only an owner can change this setting");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(box()).not.toBeChecked();
  });

  it("asks an owner without two-factor to turn it on for themselves first", async () => {
    serveMe("owner", { twoFactorEnabled: false });
    const { box } = renderSetting();
    await waitFor(() =>
      expect(box()).toHaveAccessibleDescription(
        expect.stringContaining("Turn on two-factor sign-in for yourself first"),
      ),
    );
    expect(box()).toBeDisabled();
    expect(screen.getByRole("link", { name: "Open your profile" })).toHaveAttribute("href", "/profile");
  });

  it("shows an admin the setting, disabled, and who may change it", async () => {
    serveMe("admin", { required: true });
    const { box } = renderSetting();
    await waitFor(() => expect(box()).toBeChecked());
    expect(box()).toBeDisabled();
    expect(box()).toHaveAccessibleDescription("Only an owner can change this setting.");
  });
});
