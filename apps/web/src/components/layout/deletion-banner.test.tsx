import type { CompanyRole, MemberCompany } from "@foreman/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "#web/lib/toast-store.ts";
import { sendJson, signedInLocalApi } from "#web/test/local-api.ts";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { DeletionBanner } from "./deletion-banner.tsx";

const api = signedInLocalApi();
const COMPANY = "company-1";

function company(role: CompanyRole, deletionScheduledFor?: string): MemberCompany {
  return {
    id: COMPANY,
    name: "Northwind Foods",
    logoSmallUrl: null,
    role,
    membersMayApprove: false,
    language: "en",
    requireTwoFactor: false,
    timeZone: "UTC",
    currency: "USD",
    ...(deletionScheduledFor ? { deletionScheduledFor } : {}),
  };
}

const render = (value: MemberCompany | null) =>
  renderInCompany(
    <>
      <span data-testid="router-ready" />
      <DeletionBanner company={value} />
    </>,
    { companyId: COMPANY },
  );

describe("the deletion banner", () => {
  it("is not there while no deletion is scheduled", async () => {
    render(company("owner"));
    await screen.findByTestId("router-ready");
    expect(screen.queryByTestId("deletion-banner")).not.toBeInTheDocument();
  });

  it("tells a member the date, and to ask an owner", async () => {
    render(company("member", "2026-12-05T10:00:00.000Z"));
    const banner = await screen.findByRole("region", { name: "Company deletion" });
    expect(banner).toHaveTextContent("This company will be deleted on December 5, 2026.");
    expect(banner).toHaveTextContent("Ask an owner to restore it");
    expect(screen.queryByRole("button", { name: "Restore company" })).not.toBeInTheDocument();
  });

  it("lets an owner restore the company from it", async () => {
    api.routes[`DELETE /app/companies/${COMPANY}/deletion.json`] = (_req, res) => sendJson(res, 200, {});
    const { queryClient } = render(company("owner", "2026-12-05T10:00:00.000Z"));
    // What the shell and the privacy tab hold: both are read again after the restore.
    queryClient.setQueryData(["me"], {});
    queryClient.setQueryData(["privacy", COMPANY], {});
    expect(await screen.findByRole("link", { name: "Privacy settings" })).toHaveAttribute(
      "href",
      "/settings?tab=privacy",
    );
    await userEvent.click(screen.getByRole("button", { name: "Restore company" }));
    await waitFor(() => expect(getToasts().map((item) => item.title)).toContain("Northwind Foods was restored"));
    expect(queryClient.getQueryState(["me"])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["privacy", COMPANY])?.isInvalidated).toBe(true);
    const request = api.requests.find((item) => item.method === "DELETE");
    expect(request?.headers["x-company-id"]).toBe(COMPANY);
    await waitFor(() => expect(screen.getByRole("button", { name: "Restore company" })).toBeEnabled());
  });
});
