import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll, signIn, signUpOwner, uniqueSuffix } from "./helpers.ts";
import { mailsTo } from "./mailbox.ts";

// Settings → Privacy on a company of its own (the shared demo companies are never changed): keep
// conversations 90 days; export the company's data and download the zip; schedule the company's
// deletion (typing its name), see the banner and the owners' mail, restore it; the tab on a phone; axe.

async function openPrivacy(page: Page) {
  await page.goto("/settings?tab=privacy");
  await expect(page.getByRole("combobox", { name: "Keep conversations for" })).toBeEnabled();
}

test("keeping conversations 90 days, and exporting the company's data as a zip", async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await signUpOwner(page, "privacy", `Lighthouse ${uniqueSuffix()}`);
  await signIn(page, owner);
  await openPrivacy(page);

  const retention = page.getByRole("region", { name: "Conversation retention" });
  const period = retention.getByRole("combobox", { name: "Keep conversations for" });
  await expect(period).toHaveValue("forever");
  await expect(retention.getByRole("button", { name: "Save" })).toBeDisabled();
  await period.selectOption({ label: "90 days" });
  await retention.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Conversations are kept 90 days", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Keep conversations for" })).toHaveValue("90");

  const exports = page.getByRole("region", { name: "Export your data" });
  await expect(exports.getByText("No exports yet.")).toBeVisible();
  await exports.getByRole("button", { name: "Export data" }).click();
  await expect(page.getByText("Export started", { exact: true })).toBeVisible();
  // The job writes it in the background; the tab follows its progress to the link.
  const download = exports.getByRole("button", { name: /Download/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(exports.getByText(/Link expires in 2[34] hours/)).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^foreman-export-lighthouse-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await file.path())!);
  // A zip: its local file header's signature.
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  expect(bytes.toString("latin1")).toContain("README.txt");
  await expectAccessible(page, "main");
});

test("deleting the company by typing its name, then restoring it within the grace period", async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await signUpOwner(page, "privacy", `Lighthouse ${uniqueSuffix()}`);
  await signIn(page, owner);
  await openPrivacy(page);

  const danger = page.getByRole("region", { name: "Danger zone" });
  await danger.getByRole("button", { name: "Delete this company" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${owner.company}?` });
  const confirm = dialog.getByRole("button", { name: "Delete company" });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("textbox", { name: `Type ${owner.company} to confirm` }).fill(owner.company.toLowerCase());
  await expect(confirm).toBeDisabled();
  await expectAccessible(page, "[role=dialog]");
  await dialog.getByRole("textbox", { name: `Type ${owner.company} to confirm` }).fill(owner.company);
  await confirm.click();
  await expect(dialog).toBeHidden();

  // Every page now says when; the owner is told by mail as well.
  const banner = page.getByRole("region", { name: "Company deletion" });
  await expect(banner).toContainText("This company will be deleted on");
  await expect(danger).toContainText("will be deleted on");
  const mail = await mailsTo(owner.email, (m) => m.subject.startsWith(`${owner.company} will be deleted on`));
  expect(mail.text).toContain("/settings?tab=privacy");
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Company deletion" })).toBeVisible();
  await expectAccessible(page, "main");

  // Restored from the banner: it goes away, and the tab offers deletion again.
  await page.getByRole("region", { name: "Company deletion" }).getByRole("button", { name: "Restore company" }).click();
  await expect(page.getByText(`${owner.company} was restored`, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Company deletion" })).toBeHidden();
  await openPrivacy(page);
  await expect(
    page.getByRole("region", { name: "Danger zone" }).getByRole("button", { name: "Delete this company" }),
  ).toBeVisible();
  await mailsTo(owner.email, (m) => m.subject === `${owner.company} will not be deleted`);
});

test("the Privacy tab on a phone, and axe in light and dark", async ({ page }) => {
  test.setTimeout(60_000);
  const owner = await signUpOwner(page, "privacy", `Lighthouse ${uniqueSuffix()}`);
  await signIn(page, owner);
  await page.setViewportSize({ width: 375, height: 812 });
  await openPrivacy(page);
  await expect(page.getByRole("region", { name: "Danger zone" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "main");
  // The dialog fits the phone too.
  await page.getByRole("button", { name: "Delete this company" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.setItem("vite-ui-theme", "dark"));
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Keep conversations for" })).toBeEnabled();
  await expectAccessible(page, "main");
});
