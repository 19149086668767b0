import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll, signIn, signUpOwner } from "./helpers.ts";

// Settings → Notifications as a user lives it: each switch saves as it is flipped (by mouse or
// keyboard) and is still flipped after a reload; the tab fits a phone; axe finds nothing serious in
// either theme. Each test signs up its own account, so the shared demo users keep their settings.

/** A new account with its own company, through the API as the sign-up form makes it; then signed in. */
async function signUpAndIn(page: Page, label: string) {
  const owner = await signUpOwner(page, label);
  await signIn(page, owner);
  return owner.email;
}

const tab = (page: Page) => page.getByTestId("notification-settings");
const switchNamed = (page: Page, name: string) => tab(page).getByRole("switch", { name });

test("a switch saves as it is flipped and stays flipped after a reload", async ({ page }) => {
  test.slow();
  const email = await signUpAndIn(page, "notify");
  await page.goto("/settings?tab=notifications");
  await expect(page.getByRole("tab", { name: "Notifications" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Email" })).toContainText(email);
  await expect(switchNamed(page, "Action items waiting on me")).toBeChecked();
  await expect(switchNamed(page, "Daily digest")).not.toBeChecked();
  await expect(switchNamed(page, "Live toasts")).toBeChecked();
  // The run's mailbox is the server's SMTP server: no note about mail waiting in the outbox.
  await expect(page.getByTestId("no-mail-server")).toHaveCount(0);

  const saved = page.waitForResponse(
    (response) => response.url().endsWith("/app/notification_settings.json") && response.request().method() === "PATCH",
  );
  await switchNamed(page, "Daily digest").click();
  await expect(switchNamed(page, "Daily digest")).toBeChecked();
  expect((await saved).status()).toBe(200);
  await expect(tab(page).getByRole("status")).toHaveText("Saved");

  // From the keyboard: the switch takes focus and Space flips it.
  await switchNamed(page, "Live toasts").focus();
  await page.keyboard.press("Space");
  await expect(switchNamed(page, "Live toasts")).not.toBeChecked();
  await expect(tab(page).getByRole("status")).toHaveText("Saved");

  await page.reload();
  await expect(switchNamed(page, "Daily digest")).toBeChecked();
  await expect(switchNamed(page, "Live toasts")).not.toBeChecked();
  await expect(switchNamed(page, "Tickets assigned to me")).toBeChecked();
  await expectAccessible(page, "main");
});

test("the tab fits a phone, with nothing serious for axe in either theme", async ({ page }) => {
  // Two audits and a sign-up on a busy machine.
  test.slow();
  await signUpAndIn(page, "notify-phone");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/settings?tab=notifications");
  await expect(switchNamed(page, "Conversations handed to staff")).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Each switch sits beside its words, inside the card.
  const card = await page.getByRole("region", { name: "Email" }).boundingBox();
  const toggle = await switchNamed(page, "Conversations handed to staff").boundingBox();
  expect((toggle?.x ?? 0) + (toggle?.width ?? 0)).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));
  await switchNamed(page, "Conversations handed to staff").click();
  await expect(switchNamed(page, "Conversations handed to staff")).not.toBeChecked();
  await expect(tab(page).getByRole("status")).toHaveText("Saved");
  await expectAccessible(page, "main");

  await page.evaluate(() => localStorage.setItem("vite-ui-theme", "dark"));
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(switchNamed(page, "Conversations handed to staff")).not.toBeChecked();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "main");
});
