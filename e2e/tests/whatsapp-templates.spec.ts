import { expect, type Page, test } from "@playwright/test";
import { expectNoSidewaysScroll, signIn } from "./helpers.ts";

// The training centre's WhatsApp card and template manager, on Andes Comercial (the WhatsApp inbox
// journey connects Northwind Supply's number; these never need a connection).

async function openAndesIntegrations(page: Page) {
  await signIn(page);
  const switcher = page.locator("#app-sidebar").getByRole("button", { name: "Switch company" });
  if (!((await switcher.textContent()) ?? "").includes("Andes Comercial")) {
    await switcher.click();
    await page.getByRole("menuitemradio", { name: /Andes Comercial/ }).click();
    await expect(switcher).toContainText("Andes Comercial");
  }
  await page.goto("/training?tab=integrations");
  await expect(page.getByRole("heading", { name: "WhatsApp templates" })).toBeVisible();
}

test("Connect WhatsApp says the business SDK is not ready when it cannot load", async ({ page }) => {
  // The SDK is fetched only when the flow starts: nothing asked for it before the click.
  const sdkRequests: string[] = [];
  await page.route(/\/sdk\.js/, (route) => {
    sdkRequests.push(route.request().url());
    return route.abort();
  });
  await openAndesIntegrations(page);
  expect(sdkRequests).toEqual([]);
  await page.getByRole("button", { name: "Connect WhatsApp" }).click();
  await expect(
    page.getByText("Facebook Business integration is not ready yet. Please try again in a moment."),
  ).toBeVisible();
  expect(sdkRequests).toHaveLength(1);
});

test("a template is created, edited and deleted with the spec's messages", async ({ page }) => {
  await openAndesIntegrations(page);
  const name = `pedido_enviado_${Date.now().toString(36)}`;

  await page.getByRole("button", { name: "New template" }).click();
  const dialog = page.getByRole("dialog", { name: "New template" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Language").selectOption("es");
  await dialog.getByLabel("Message").fill("Hola {{1}}, tu pedido {{2}} ya salió.");
  // Meta's rules are checked before anything is sent: the examples are missing.
  await dialog.getByRole("button", { name: "Save draft" }).click();
  await expect(dialog.getByText("Required").first()).toBeVisible();
  await dialog.getByLabel("Example for {{1}}").fill("Ana");
  await dialog.getByLabel("Source of {{2}}").selectOption("order_number");
  await dialog.getByLabel("Example for {{2}}").fill("Q-1042");
  await expect(dialog.getByText("Hola Ana, tu pedido Q-1042 ya salió.")).toBeVisible();
  await dialog.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Template created successfully", { exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "WhatsApp templates" });
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Draft");

  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const editor = page.getByRole("dialog", { name: `Edit ${name}` });
  await editor.getByLabel("Footer (optional)").fill("Responde STOP para no recibir más");
  await editor.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Template updated successfully", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page
    .getByRole("dialog", { name: `Delete ${name}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Template deleted successfully", { exact: true })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("the integrations tab fits a phone", async ({ page }) => {
  // The company is chosen from the desktop sidebar (on a phone it sits in the menu), then the phone.
  await openAndesIntegrations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("button", { name: "New template" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
