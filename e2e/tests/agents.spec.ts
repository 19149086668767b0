import { expect, type Page, test } from "@playwright/test";
import { apiGet, sessionHeaders, signIn, switchToNorthwind } from "./helpers.ts";

// The agent runtime in the browser: the playground on an employee's profile answers through the
// production pipeline and shows its trace, a discount above the employee's limit becomes an action
// item staff authorize in /action_items, and a message sent through the channel API shows up live in
// /inbox with the AI employee's reply.

type WireEmployee = { id: string; name: string; status: string; guardrails: { max_discount_percent: number } };

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function activeEmployees(page: Page) {
  const { ai_employees: employees } = await apiGet<{ ai_employees: WireEmployee[] }>(page, "/app/ai_employees.json", {
    employee_status: "active",
    per_page: "100",
  });
  return employees;
}

test("the playground answers with its trace, and a discount above the limit is authorized in /action_items", async ({
  page,
}) => {
  await signIn(page);
  await switchToNorthwind(page);
  const seller = (await activeEmployees(page)).find((employee) => employee.guardrails.max_discount_percent > 0);
  expect(seller, "a Northwind employee who may give discounts").toBeTruthy();
  await page.goto(`/ai_employees/${seller!.id}`);
  await page.getByRole("button", { name: "Try it" }).click();
  const sheet = page.getByRole("dialog");
  const box = sheet.getByRole("textbox", { name: "Test message" });
  const replies = sheet.getByTestId("playground-reply");

  await box.fill("How much is a wooden pallet?");
  await box.press("Enter");
  await expect(replies.last()).toContainText("Wooden pallet");
  await sheet.getByRole("button", { name: /Trace/ }).last().click();
  const toolStep = sheet.locator('[data-testid="trace-step"][data-kind="tool_call"]').first();
  await expect(toolStep).toContainText("find_products");

  await box.fill("Please quote me 10 wooden pallets");
  await box.press("Enter");
  await expect(replies).toHaveCount(2);
  const quoteText = (await replies.last().textContent()) ?? "";
  const quoteNumber = /Q-(\d+)/.exec(quoteText)?.[1];
  expect(quoteNumber, quoteText).toBeTruthy();

  await box.fill("I want 60% off");
  await box.press("Enter");
  await expect(replies).toHaveCount(3);
  await expect(replies.last()).toContainText("manager");
  await sheet.getByRole("button", { name: /Trace/ }).last().click();
  await expect(sheet.locator('[data-testid="trace-step"][data-kind="wait"]').last()).toContainText(
    `60% discount on Q-${quoteNumber}`,
  );
  await page.keyboard.press("Escape");

  await page.goto("/action_items");
  const item = page
    .locator('[data-testid="action-item"][data-action-type="authorize"]')
    .filter({ hasText: `60% discount on Q-${quoteNumber}` });
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: "Authorize" }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText("Authorized", { exact: true })).toBeVisible();
});

test("a message sent through the channel API appears live in /inbox with the AI employee's reply", async ({ page }) => {
  await signIn(page);
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(page.getByTestId("inbox-row").first()).toBeVisible();

  const headers = await sessionHeaders(page);
  const [employee] = await activeEmployees(page);
  const opened = await page.request.post("/app/api_channels.json", {
    headers,
    data: { name: unique("E2E channel"), ai_employee_id: employee!.id },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { token } = (await opened.json()) as { token: string };

  const customer = unique("Live Customer");
  const sent = await page.request.post("/api/v1/messages", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      message_id: unique("e2e-message"),
      customer: { external_id: customer, name: customer },
      source: "whatsapp",
      content: "Hola, buenos días",
    },
  });
  expect(sent.status(), await sent.text()).toBe(202);

  // No reload: the new conversation arrives over the live event stream.
  const row = page.getByTestId("inbox-row").filter({ hasText: customer });
  await expect(row).toBeVisible();
  await row.getByRole("link").first().click();
  const frame = page.frameLocator('[data-testid="inbox-frame"]');
  await expect(frame.getByTestId("message-content").filter({ hasText: "Hola, buenos días" })).toBeVisible();
  await expect(frame.getByTestId("ai-runtime-badge").first()).toBeVisible();
  await expect(frame.getByTestId("message-content").last()).toContainText(employee!.name);
});
