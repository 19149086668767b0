import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "#web/test/render-with-router.tsx";
import { findActiveNavItem, findParentNavItem, mainNav, secondaryNav } from "./nav-config.ts";
import { NavList } from "./nav-list.tsx";

function renderNav(path: string) {
  return renderWithRouter(
    <>
      <NavList items={mainNav} />
      <NavList items={secondaryNav} />
    </>,
    { path },
  );
}

const current = () =>
  Array.from(document.querySelectorAll('[aria-current="page"]')).map((node) => node.textContent?.trim());

describe("main navigation", () => {
  it("lists the six main entries in the spec's order with their paths", async () => {
    renderNav("/dashboard");
    const links = await screen.findAllByRole("link");
    const main = links.slice(0, 6).map((link) => [link.textContent, link.getAttribute("href")]);
    expect(main).toEqual([
      ["Dashboard", "/dashboard"],
      ["Inbox", "/inbox"],
      ["Assistant", "/assistant"],
      ["Orders", "/orders"],
      ["Sales reports", "/sales_reports"],
      ["Training", "/training"],
    ]);
    expect(screen.getByRole("link", { name: "Billing" })).toHaveAttribute("href", "/settings?tab=billing");
  });

  it("highlights only the entry whose path matches exactly", async () => {
    renderNav("/orders");
    await screen.findByRole("link", { name: "Orders" });
    expect(current()).toEqual(["Orders"]);
  });

  it("ignores search values but not deeper paths", async () => {
    const { router } = renderNav("/dashboard?timeFrame=weekly");
    await screen.findByRole("link", { name: "Dashboard" });
    expect(current()).toEqual(["Dashboard"]);

    await router.navigate({ href: "/orders/42" });
    await screen.findByRole("link", { name: "Orders" });
    expect(current()).toEqual([]);
  });

  it("tells Settings from its Billing tab", async () => {
    const { router } = renderNav("/settings?tab=billing");
    await screen.findByRole("link", { name: "Billing" });
    expect(current()).toEqual(["Billing"]);

    await router.navigate({ href: "/settings" });
    await screen.findByRole("link", { name: "Settings" });
    expect(current()).toEqual(["Settings"]);
  });
});

describe("findActiveNavItem", () => {
  it("matches exact paths, tolerating a trailing slash", () => {
    expect(findActiveNavItem(mainNav, "/sales_reports/")?.title).toBe("Sales reports");
    expect(findActiveNavItem(mainNav, "/sales_reports/2024")).toBeUndefined();
    expect(findActiveNavItem(secondaryNav, "/", {})?.title).toBe("Home");
    expect(findActiveNavItem(secondaryNav, "/settings", { tab: "privacy" })?.title).toBe("Settings");
  });
});

describe("findParentNavItem", () => {
  it("names the list a detail page belongs to, and nothing for top-level or unknown paths", () => {
    const items = [...mainNav, ...secondaryNav];
    expect(findParentNavItem(items, "/conversations/7d1b3a54")?.title).toBe("Conversations");
    expect(findParentNavItem(items, "/orders/42/")?.title).toBe("Orders");
    expect(findParentNavItem(items, "/conversations")).toBeUndefined();
    expect(findParentNavItem(items, "/conversationsx/1")).toBeUndefined();
    expect(findParentNavItem(items, "/nowhere/1")).toBeUndefined();
  });
});
