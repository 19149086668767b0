import type { Department } from "@foreman/contract";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderWithRouter } from "#web/test/render-with-router.tsx";
import { DepartmentRail } from "./department-rail.tsx";

const department = (name: string, isActive: boolean): Department => ({
  id: `id-${name}`,
  name,
  aiEmployeesCount: isActive ? 2 : 0,
  sortOrder: 1,
  isActive,
  avatarUrl: null,
});

const user = { firstName: "Ana", lastName: "Rivera", email: "ana@example.com" };

function renderRail(onSignOut = vi.fn()) {
  renderWithRouter(
    <DepartmentRail
      departments={[department("Ventas", true), department("Cobranza", false), department("Marketing", false)]}
      user={user}
      onSignOut={onSignOut}
    />,
    { path: "/dashboard" },
  );
  return onSignOut;
}

describe("DepartmentRail", () => {
  it("links each department to its screen under the name 'AI {name}'", async () => {
    renderRail();
    expect(await screen.findByRole("link", { name: "AI Ventas" })).toHaveAttribute("href", "/sales");
    expect(screen.getByRole("link", { name: "AI Cobranza" })).toHaveAttribute("href", "/collections");
    expect(screen.getByRole("link", { name: "AI Marketing" })).toHaveAttribute("href", "/marketing");
    expect(screen.getByRole("link", { name: "Foreman home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
  });

  it("shows a green dot for active departments and a grey one otherwise", async () => {
    renderRail();
    const dot = (name: string) =>
      within(screen.getByRole("link", { name })).getByText(
        (_, node) => node?.getAttribute("data-slot") === "status-dot",
      );
    await screen.findByRole("link", { name: "AI Ventas" });
    expect(dot("AI Ventas")).toHaveAttribute("data-status", "active");
    expect(dot("AI Ventas")).toHaveClass("bg-success");
    expect(dot("AI Cobranza")).toHaveAttribute("data-status", "inactive");
    expect(dot("AI Cobranza")).not.toHaveClass("bg-success");
  });

  it("shows the tooltip 'AI {name}' on focus", async () => {
    renderRail();
    const link = await screen.findByRole("link", { name: "AI Ventas" });
    // The tooltip code is fetched on this first focus; focus stays on the link and the tooltip shows.
    act(() => link.focus());
    expect(await screen.findByRole("tooltip", {}, overlayKitWait)).toHaveTextContent("AI Ventas");
    expect(screen.getByRole("link", { name: "AI Ventas" })).toHaveFocus();
  });

  it("opens the user menu with the Account label, Profile and Sign out", async () => {
    const ui = userEvent.setup();
    const onSignOut = renderRail();
    await ui.click(await screen.findByRole("button", { name: "Account menu" }));
    // One click is enough, even when the menu's code is fetched by that click.
    const menu = await screen.findByRole("menu", {}, overlayKitWait);
    expect(within(menu).getByText("Account")).toBeInTheDocument();
    expect(within(menu).getByText("Ana Rivera")).toBeInTheDocument();
    expect(within(menu).getByText("ana@example.com")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/profile");
    await ui.click(within(menu).getByRole("menuitem", { name: "Sign out" }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
