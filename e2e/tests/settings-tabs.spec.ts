import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers.ts";

// Every tab of /settings, in the address, at a desktop width and on a phone: each shows its own content
// (the tabs with journeys of their own are driven in settings-*.spec.ts, account.spec.ts), nothing is
// wider than the screen, and axe finds nothing serious. Read-only: the demo company is shared.

const TABS = [
  { tab: "general", shows: (page: import("@playwright/test").Page) => page.getByText("Business hours").first() },
  { tab: "team", shows: (page: import("@playwright/test").Page) => page.getByTestId("team-settings") },
  {
    tab: "profile",
    shows: (page: import("@playwright/test").Page) => page.getByRole("heading", { name: "Profile", exact: true }),
  },
  {
    tab: "notifications",
    shows: (page: import("@playwright/test").Page) => page.getByRole("switch", { name: "Live toasts" }),
  },
  { tab: "privacy", shows: (page: import("@playwright/test").Page) => page.getByText("Export your data").first() },
  {
    tab: "integrations",
    shows: (page: import("@playwright/test").Page) => page.getByRole("list", { name: "Integrations" }),
  },
  {
    tab: "billing",
    shows: (page: import("@playwright/test").Page) => page.getByRole("region", { name: "This month" }),
  },
] as const;

for (const width of [1440, 375]) {
  test(`every settings tab at ${width} px`, async ({ page }) => {
    // Seven cold page loads, each with an axe scan: past 90 s on a busy two-core machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signIn(page);
    for (const { tab, shows } of TABS) {
      await page.goto(tab === "general" ? "/settings" : `/settings?tab=${tab}`);
      await expect(page.getByRole("tab", { selected: true })).toHaveAttribute("id", new RegExp(`${tab}$`));
      await expect(shows(page), tab).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, "main");
    }
  });
}
