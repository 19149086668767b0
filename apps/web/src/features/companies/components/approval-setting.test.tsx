import type { Me } from "@foreman/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CompanyIdProvider } from "#web/lib/company-id.tsx";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { ApprovalSetting } from "./approval-setting.tsx";

const COMPANY = "company-1";
const api = signedInLocalApi();

function serveMe(role: "owner" | "member", membersMayApprove: boolean) {
  const company = {
    id: COMPANY,
    name: "Northwind",
    logoSmallUrl: null,
    role,
    membersMayApprove,
    language: "en" as const,
    requireTwoFactor: false,
    timeZone: "UTC",
    currency: "USD",
  };
  const me: Me = {
    id: "u1",
    email: "a@example.com",
    firstName: "A",
    lastName: "B",
    twoFactorEnabled: false,
    company,
    managedCompanies: [company],
  };
  api.routes["GET /app/me.json"] = (_req, res) => sendJson(res, 200, me);
  return company;
}

function renderSetting() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <CompanyIdProvider companyId={COMPANY}>
        <ApprovalSetting />
      </CompanyIdProvider>
    </QueryClientProvider>,
  );
}

describe("the members-may-approve setting", () => {
  it("lets an owner turn it on: one PATCH, then the user's memberships are read again", async () => {
    const company = serveMe("owner", false);
    api.routes[`PATCH /app/companies/${COMPANY}/settings.json`] = (_req, res) => {
      company.membersMayApprove = true;
      sendJson(res, 200, { members_may_approve: true });
    };
    renderSetting();
    // The box is enabled once the user's role is known.
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Members may approve" })).toBeEnabled());
    const box = screen.getByRole("checkbox", { name: "Members may approve" });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const patch = api.requests.find((request) => request.method === "PATCH");
    expect(patch?.body).toEqual({ members_may_approve: true });
    expect(patch?.headers["x-company-id"]).toBe(COMPANY);
  });

  it("shows a member the setting, disabled, and who may change it", async () => {
    serveMe("member", true);
    renderSetting();
    const box = await screen.findByRole("checkbox", { name: "Members may approve" });
    await waitFor(() => expect(box).toBeChecked());
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription("Only owners and admins can change this.");
  });
});
