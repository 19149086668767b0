import type { Company, Department } from "@foreman/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { overlayKitWait } from "#web/test/overlay-kit-wait.ts";
import { renderWithRouter } from "#web/test/render-with-router.tsx";
import { ThemeProvider } from "../theme/theme-provider.tsx";
import { AppShell } from "./app-shell.tsx";

const northwind: Company = { id: "c-1", name: "Northwind Supply", logoSmallUrl: null };
const andes: Company = { id: "c-2", name: "Andes Comercial", logoSmallUrl: null };
const departments: Department[] = [
  { id: "d-1", name: "Sales", aiEmployeesCount: 2, sortOrder: 1, isActive: true, avatarUrl: null },
  { id: "d-2", name: "Support", aiEmployeesCount: 0, sortOrder: 3, isActive: false, avatarUrl: null },
];

function renderShell({ path = "/dashboard", onSignOut = vi.fn(), onSwitchCompany = vi.fn() } = {}) {
  const view = renderWithRouter(
    <ThemeProvider>
      <AppShell
        user={{ firstName: "Demo", lastName: "Manager", email: "demo@example.com" }}
        company={northwind}
        managedCompanies={[andes, northwind]}
        departments={departments}
        onSwitchCompany={onSwitchCompany}
        onSignOut={onSignOut}
      >
        <p>Page content</p>
      </AppShell>
    </ThemeProvider>,
    { path },
  );
  return { ...view, onSignOut, onSwitchCompany };
}

const sidebar = () => document.getElementById("app-sidebar");
const pressCtrlB = (init: Partial<KeyboardEventInit> = { ctrlKey: true }) =>
  act(() => fireEvent.keyDown(window, { key: "b", ...init }));

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the cookie under test
  document.cookie = "sidebar_state=; path=/; max-age=0";
  localStorage.clear();
  setWidth(1440);
});
afterEach(() => setWidth(1024));

describe("AppShell on desktop", () => {
  it("renders the page in <main id=main> with a skip link and the current company in the header", async () => {
    renderShell();
    expect(await screen.findByText("Page content")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
    expect(within(screen.getByRole("banner")).getByText("Northwind Supply")).toBeInTheDocument();
  });

  it("Ctrl+B and Cmd+B toggle the sidebar and persist the state in the sidebar_state cookie", async () => {
    renderShell();
    await screen.findByText("Page content");
    expect(sidebar()).toHaveAttribute("data-state", "expanded");

    let notPrevented = true;
    act(() => {
      notPrevented = fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    });
    expect(notPrevented).toBe(false);
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
    expect(document.cookie).toContain("sidebar_state=false");
    // Icons only: the labels move into tooltips, the entries keep their names.
    expect(screen.getByRole("link", { name: "Orders" })).not.toHaveTextContent("Orders");

    pressCtrlB({ metaKey: true });
    expect(sidebar()).toHaveAttribute("data-state", "expanded");
    expect(document.cookie).toContain("sidebar_state=true");
    expect(screen.getByRole("link", { name: "Orders" })).toHaveTextContent("Orders");
  });

  it("the visible collapse button does the same", async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(await screen.findByRole("button", { name: "Collapse sidebar" }));
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
    expect(screen.getByRole("button", { name: "Expand sidebar" })).toHaveAttribute("aria-expanded", "false");
  });

  it("restores the collapsed state from the cookie", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: arranging the stored state
    document.cookie = "sidebar_state=false; path=/";
    renderShell();
    await screen.findByText("Page content");
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
  });

  it("signs out from the sidebar", async () => {
    const user = userEvent.setup();
    const { onSignOut } = renderShell();
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it("switches the theme from the sidebar", async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(await screen.findByRole("button", { name: "Light theme" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Dark" }, overlayKitWait));
    expect(localStorage.getItem("vite-ui-theme")).toBe("dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(screen.getByRole("button", { name: "Dark theme" })).toBeInTheDocument();
  });
});

describe("AppShell under 768 px", () => {
  it("opens the slide-in menu with the button or Ctrl+B, and choosing an entry closes it", async () => {
    setWidth(375);
    const user = userEvent.setup();
    const { router } = renderShell();
    await screen.findByText("Page content");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    pressCtrlB();
    const menu = await screen.findByRole("dialog", { name: "Menu" }, overlayKitWait);
    expect(within(menu).getByRole("link", { name: "Foreman home" })).toHaveAttribute("href", "/");
    expect(within(menu).getByRole("link", { name: /AI Sales/ })).toHaveAttribute("href", "/sales");
    expect(within(menu).getByRole("button", { name: /Switch company/ })).toBeInTheDocument();
    expect(within(menu).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    // On a phone the desktop sidebar is not drawn at all; Ctrl+B leaves its state alone for wider screens.
    expect(sidebar()).toBeNull();

    await user.click(within(menu).getByRole("link", { name: "Orders" }));
    expect(router.state.location.pathname).toBe("/orders");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(await screen.findByRole("dialog", { name: "Menu" })).toBeInTheDocument();

    act(() => setWidth(1440));
    expect(sidebar()).toHaveAttribute("data-state", "expanded");
  });
});
