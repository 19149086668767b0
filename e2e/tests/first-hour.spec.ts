import { expect, type Page, test } from "@playwright/test";

// A newcomer's first hour, outside the demo: sign up, follow the getting-started checklist, hire from
// the sales preset, import the catalog, put the AI employee on a website chat, and play the customer
// on Foreman's demo shop page in a second page while the inbox in the first shows the conversation live.

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const PRODUCTS_CSV = [
  "sku,name,description,measure_unit,unit_price,currency,stock,available,active",
  "TB-40,Trail backpack,40 litre pack with rain cover,unit,89.50,USD,25,true,true",
  "HL-2,Headlamp,300 lumen rechargeable,unit,24.00,USD,80,true,true",
].join("\n");

function step(page: Page, key: string) {
  return page.getByRole("region", { name: "Get started with Foreman" }).locator(`[data-step="${key}"]`);
}

test("a new company goes from sign-up to a website visitor quoted from its own catalog", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const company = `Fresh Co ${stamp()}`;

  // Sign up: the dashboard says what to do first.
  await page.goto("/sign_up");
  await page.getByLabel("First name").fill("Frida");
  await page.getByLabel("Last name").fill("Fresh");
  await page.getByLabel(/email/i).fill(`frida-${stamp()}@example.com`);
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Password", { exact: true }).fill("a long enough password");
  await page.getByLabel("Confirm password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const checklist = page.getByRole("region", { name: "Get started with Foreman" });
  await expect(checklist).toContainText("0 of 6 done");
  // The company was born with its five departments.
  await expect(page.getByRole("navigation", { name: "Departments" }).getByRole("link")).toHaveCount(5);

  // Hire from the sales preset, straight from the checklist.
  await step(page, "hire_employee").getByRole("link", { name: "Hire" }).click();
  const hire = page.getByRole("dialog", { name: "Hire an AI employee" });
  await hire.getByLabel("Name").fill("Sally Seller");
  await hire.getByLabel("Department").selectOption({ label: "Sales" });
  await hire.getByRole("button", { name: "Start from the Sales representative preset" }).click();
  await expect(hire.getByLabel("Role")).toHaveValue("Sales representative");
  await expect(hire.getByLabel("Largest discount alone (%)")).toHaveValue("5");
  await hire.getByRole("button", { name: "Hire", exact: true }).click();
  await expect(hire).toBeHidden();
  await expect(page.getByRole("link", { name: "Sally Seller" }).first()).toBeVisible();

  // Import the catalog.
  await page.goto("/training");
  await page.getByRole("button", { name: "Import" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import products" });
  await importDialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(PRODUCTS_CSV) });
  await importDialog.getByRole("button", { name: "Import file" }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByRole("cell", { name: /^Trail backpack/ })).toBeVisible();

  // Put Sally on the website: a website chat, then its demo page.
  await page.getByRole("tab", { name: "Integrations" }).click();
  await page.getByRole("button", { name: "Add website chat" }).click();
  const chatDialog = page.getByRole("dialog", { name: "Add a website chat" });
  await chatDialog.getByLabel("Name").fill("Shop chat");
  await chatDialog.getByLabel("Answered by").selectOption({ label: "Sally Seller" });
  await chatDialog.getByRole("button", { name: "Add website chat" }).click();
  const ready = page.getByRole("dialog", { name: "Shop chat is ready" });
  const demoUrl = await ready.getByRole("link", { name: /Open demo page/ }).getAttribute("href");
  expect(demoUrl).toContain("/widget/demo?key=wc_");
  await ready.getByRole("button", { name: "Done" }).click();

  // The inbox waits in the first page…
  await page.goto("/inbox");
  await expect(page.getByText(/Conversations with your customers appear here/)).toBeVisible();

  // …while a visitor asks for a product on the demo shop page, in a browser of their own.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(demoUrl!);
  const widget = visitor.frameLocator("iframe[data-foreman-chat]");
  await widget.getByRole("button", { name: "Open chat" }).click();
  const box = widget.getByLabel("Your message");
  await box.fill("Please quote me 2 trail backpacks");
  await box.press("Enter");
  const reply = widget.getByRole("log").locator(".from-ai:not(.greeting)").last();
  // The catalog's price: 2 × $89.50.
  await expect(reply).toContainText("$179.00", { timeout: 20_000 });
  await expect(reply).toContainText("Trail backpack");

  // The conversation appears in the inbox without a reload, as a web chat.
  const row = page.getByRole("link", { name: /Website visitor/ }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-testid="channel-icon"][data-channel="web_chat"]:visible').first()).toBeVisible();
  await visitorContext.close();

  // Back on the dashboard, the checklist marks what was done from the company's real state.
  await page.goto("/dashboard");
  for (const key of ["hire_employee", "add_products", "connect_channel"])
    await expect(step(page, key)).toContainText("(done)");
  for (const key of ["add_knowledge", "try_playground", "answer_action_item"])
    await expect(step(page, key)).toContainText("(to do)");
  await expect(checklist).toContainText("3 of 6 done");
});
