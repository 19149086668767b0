import { APPROVER_ROLE_REQUIRED, type QuoteDetail } from "@foreman/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInCompany } from "#web/test/render-in-company.tsx";
import { OrderActions } from "./order-actions.tsx";

// What the actions read of an order; the rest of the detail does not change them.
const order = (state: string) =>
  ({ id: "00000000-0000-4000-8000-000000000042", number: 1042, state, conversation: null }) as unknown as QuoteDetail;

function renderActions(state: string, canApprove: boolean) {
  return renderInCompany(<OrderActions order={order(state)} canApprove={canApprove} />, { companyId: "company-1" });
}

describe("cancelling from the order page", () => {
  it("keeps a placed order's Cancel for approvers, and tells a member why", async () => {
    renderActions("confirmed", false);
    const cancel = await screen.findByRole("button", { name: "Cancel order" });
    expect(cancel).toHaveAttribute("aria-disabled", "true");
    expect(cancel).toHaveAttribute("title", APPROVER_ROLE_REQUIRED);
    await userEvent.setup().click(cancel);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("lets an approver cancel a placed order", async () => {
    renderActions("confirmed", true);
    expect(await screen.findByRole("button", { name: "Cancel order" })).not.toHaveAttribute("aria-disabled");
  });

  it("lets anyone drop a quote that was only sent", async () => {
    renderActions("sent", false);
    expect(await screen.findByRole("button", { name: "Cancel order" })).not.toHaveAttribute("aria-disabled");
  });
});
