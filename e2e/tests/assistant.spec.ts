import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { apiGet, expectNoSidewaysScroll, signIn } from "./helpers.ts";

// /assistant on the seeded demo workspace. It works in Northwind Supply (the demo user's second
// company), so it never answers an item the action items spec (Andes Comercial) works on.

type MessagesPage = { messages: { content: string; sender_type: string }[] };

const threadRows = (page: Page) => page.getByTestId("thread-row");
const openThreadRows = (page: Page) => page.locator('[data-testid="thread-row"][data-state="to_do"]');

async function openAssistantInNorthwind(page: Page) {
  await signIn(page);
  const switcher = page.locator("#app-sidebar").getByRole("button", { name: "Switch company" });
  if (!((await switcher.textContent()) ?? "").includes("Northwind Supply")) {
    await switcher.click();
    await page.getByRole("menuitemradio", { name: /Northwind Supply/ }).click();
    await expect(switcher).toContainText("Northwind Supply");
  }
  await page.goto("/assistant");
  await expect(page.getByRole("heading", { name: "Threads" })).toBeVisible();
  await expect(threadRows(page).first()).toBeVisible();
}

test("replying in a thread resolves it and the AI employee relays the reply to the customer", async ({ page }) => {
  await openAssistantInNorthwind(page);
  // The last open thread: the one least recently touched.
  const row = openThreadRows(page).last();
  const threadId = (await row.getAttribute("data-thread-id")) ?? "";
  const customer = ((await row.getByTestId("thread-customer").textContent()) ?? "").trim();
  await row.click();
  await expect(page).toHaveURL(new RegExp(`[?&]thread=${threadId}\\b`));

  const panel = page.getByTestId("conversation-panel");
  await expect(panel.getByTestId("thread-title")).toHaveText(customer);
  await expect(panel.getByTestId("thread-message").first()).toHaveAttribute("data-author", "ai");
  await expect(panel.getByTestId("time-left").locator("time")).toHaveText(/left$/);
  const info = page.getByTestId("info-panel");
  await expect(info.getByTestId("customer-role")).toHaveText("Customer");
  const conversationHref = (await info.getByTestId("task-conversation-link").getAttribute("href")) ?? "";
  const conversationId = conversationHref.split("/").pop() ?? "";
  expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

  const reply = `We can hold the price until Friday (e2e ${Date.now()}).`;
  await panel.getByTestId("assist-input").fill(reply);
  await panel.getByTestId("assist-input").press("Enter");

  const staff = panel.locator('[data-testid="thread-message"][data-author="staff"]');
  await expect(staff.last()).toContainText(reply);
  await expect(panel.getByTestId("assist-input")).toHaveCount(0);
  await expect(panel.getByTestId("thread-closed")).toContainText("Resolved");
  await expect(page.locator(`[data-testid="thread-row"][data-thread-id="${threadId}"]`)).toHaveAttribute(
    "data-state",
    "done",
  );
  // The AI employee's next message to the customer is the reply.
  await expect
    .poll(async () =>
      (await apiGet<MessagesPage>(page, `/app/conversations/${conversationId}/messages.json`)).messages.at(-1),
    )
    .toMatchObject({ content: reply, sender_type: "ai" });
});

test("a failed send says so and keeps the text", async ({ page }) => {
  await openAssistantInNorthwind(page);
  await openThreadRows(page).first().click();
  const panel = page.getByTestId("conversation-panel");
  await expect(panel.getByTestId("assist-input")).toBeVisible();
  await page.route("**/internal/assist/**", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"internal_error"}' }),
  );
  await panel.getByTestId("assist-input").fill("This one will not go through");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Failed to send message. Please try again.", { exact: true })).toBeVisible();
  await expect(panel.getByTestId("assist-input")).toHaveValue("This one will not go through");
});

test("on a phone the list, the thread and its details are views with back buttons", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  await page.goto("/assistant");
  await expect(threadRows(page).first()).toBeVisible();
  await expect(page.getByTestId("conversation-panel")).toBeHidden();

  await threadRows(page).first().click();
  const panel = page.getByTestId("conversation-panel");
  await expect(panel.getByTestId("thread-message").first()).toBeVisible();
  await expect(threadRows(page).first()).toBeHidden();
  await expect(panel.getByTestId("assist-input").or(panel.getByTestId("thread-closed"))).toBeVisible();

  await panel.getByRole("link", { name: "Thread details" }).click();
  await expect(page).toHaveURL(/[?&]panel=info\b/);
  await expect(page.getByTestId("info-panel").getByTestId("customer-role")).toBeVisible();
  await expect(panel).toBeHidden();

  await page.getByRole("link", { name: "Back to the conversation" }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole("link", { name: "Back to threads" }).click();
  await expect(threadRows(page).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("no serious or critical accessibility violations", async ({ page }) => {
  await signIn(page);
  await page.goto("/assistant");
  await threadRows(page).first().click();
  await expect(page.getByTestId("thread-message").first()).toBeVisible();
  await expect(page.getByTestId("thread-info")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]))).toEqual([]);
});
