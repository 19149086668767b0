import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll, signIn, signUpOwner, uniqueSuffix } from "./helpers.ts";

// Settings → General on a company of its own (the shared demo companies are never changed): rename it
// and the switcher follows; move its time zone and every time on the pages moves by the offset; set
// business hours; the tab on a phone; axe on the tab in light and dark.

/** "July 15, 2026 at 2:30 AM" and "July 15, 2026" of `iso` in `timeZone`, as people read them in en-US. */
function shown(iso: string, timeZone: string) {
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(new Date(iso));
  const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(iso));
  return { exact: `${date} at ${time}`, date };
}

/** Picks a zone from the time zone search: type part of its name, then click it in the list. */
async function chooseTimeZone(page: Page, search: string, label: string) {
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await zone.click();
  await zone.fill(search);
  await page.getByRole("listbox", { name: "Time zones" }).getByRole("option", { name: label }).click();
}

test("renaming the company and moving its time zone show everywhere at once", async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await signUpOwner(page, "clock", `Sundial ${uniqueSuffix()}`);
  await signIn(page, owner);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Company" });
  await expect(card.getByLabel("Company name")).toHaveValue(owner.company);
  const created = card.getByTestId("company-created");
  const createdAt = (await created.getAttribute("datetime")) ?? "";
  // A new company is on UTC.
  await expect(created).toHaveText(shown(createdAt, "UTC").exact);
  await expect(card.getByRole("button", { name: "Save" })).toBeDisabled();

  // A zone whose offset moves this moment to another calendar day, so the dates move too: fourteen
  // hours ahead late in the UTC day, eleven behind early in it.
  const late = new Date(createdAt).getUTCHours() >= 11;
  const [search, zone] = late ? ["kiritimati", "Pacific/Kiritimati"] : ["pago pago", "Pacific/Pago_Pago"];
  const there = shown(createdAt, zone);
  expect(there.date).not.toBe(shown(createdAt, "UTC").date);

  const renamed = `${owner.company} Clockworks`;
  await card.getByLabel("Company name").fill(renamed);
  await chooseTimeZone(page, search, zone.replace("_", " "));
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Company details saved", { exact: true })).toBeVisible();

  // The created time on this page moved by the offset, without a reload.
  await expect(page.getByTestId("company-created")).toHaveText(there.exact);
  // The sidebar's company (the switcher's place) and the breadcrumb show the new name at once.
  await expect(page.locator("#app-sidebar")).toContainText(renamed);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(renamed);
  // Another screen's dates are in the zone too: the day the owner joined, on the team tab.
  await page.getByRole("tab", { name: "Team" }).click();
  await expect(page.getByTestId("member-row").first()).toContainText(there.date);

  // It stays after a reload: it was saved.
  await page.goto("/settings");
  await expect(page.getByTestId("company-created")).toHaveText(there.exact);
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue(
    new RegExp(`^${zone.replace("_", " ")} \\(UTC`),
  );
});

test("business hours are set per day and kept", async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await signUpOwner(page, "clock", `Sundial ${uniqueSuffix()}`);
  await signIn(page, owner);
  await page.goto("/settings");
  const hours = page.getByRole("region", { name: "Business hours" });
  await expect(hours.getByRole("radio", { name: "Always open" })).toBeChecked();
  await hours.getByRole("radio", { name: "Set hours" }).check();
  await hours.getByRole("switch", { name: "Open on Saturday" }).click();
  await hours.getByLabel("Saturday closes at").fill("13:00");
  // A day that closes before it opens is refused beside that day, and nothing is saved.
  await hours.getByLabel("Friday opens at").fill("19:00");
  await hours.getByRole("button", { name: "Save" }).click();
  await expect(hours.getByText("The closing time must be after the opening time")).toBeVisible();
  await hours.getByLabel("Friday opens at").fill("09:00");
  await hours.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Business hours saved", { exact: true })).toBeVisible();

  await page.reload();
  const kept = page.getByRole("region", { name: "Business hours" });
  await expect(kept.getByRole("radio", { name: "Set hours" })).toBeChecked();
  await expect(kept.getByRole("switch", { name: "Open on Saturday" })).toHaveAttribute("aria-checked", "true");
  await expect(kept.getByLabel("Saturday closes at")).toHaveValue("13:00");
  await expect(kept.getByRole("switch", { name: "Open on Sunday" })).toHaveAttribute("aria-checked", "false");
  await expectAccessible(page, "main");
});

test("the General tab on a phone, and axe in light and dark", async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await signUpOwner(page, "clock", `Sundial ${uniqueSuffix()}`);
  await signIn(page, owner);
  await page.goto("/settings");
  await page.getByRole("region", { name: "Business hours" }).getByRole("radio", { name: "Set hours" }).check();
  await expectAccessible(page, "main");

  await page.setViewportSize({ width: 375, height: 812 });
  const card = page.getByRole("region", { name: "Company" });
  await expect(card.getByLabel("Company name")).toBeVisible();
  // The zone search works by keyboard on a phone too: type, arrow to the match, Enter.
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await zone.fill("america santiago");
  await expect(page.getByRole("listbox", { name: "Time zones" }).getByRole("option")).toHaveCount(1);
  await zone.press("Enter");
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue(/^America\/Santiago \(UTC/);
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("region", { name: "Business hours" }).getByLabel("Monday opens at")).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.evaluate(() => localStorage.setItem("vite-ui-theme", "dark"));
  await page.reload();
  await page.getByRole("region", { name: "Business hours" }).getByRole("radio", { name: "Set hours" }).check();
  await expectAccessible(page, "main");
});
