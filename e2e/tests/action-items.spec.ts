import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiGet, expectNoSidewaysScroll, signIn } from "./helpers.ts";

// /action_items and /tasks on the seeded demo workspace (Andes Comercial, the demo user's first
// company). The assistant spec works in the other company, so the two never resolve the same item.

type MessagesPage = { messages: { content: string; sender_type: string }[] };

const items = (page: Page) => page.getByTestId("action-item");
const itemById = (page: Page, id: string) => page.locator(`[data-testid="action-item"][data-task-id="${id}"]`);

async function openActionItems(page: Page) {
  await signIn(page);
  await page.goto("/action_items");
  await expect(page.getByRole("heading", { name: "Action items", level: 1 })).toBeVisible();
  await expect(items(page).first()).toBeVisible();
}

/** The item's task id and the customer conversation it links to. */
async function idsOf(item: Locator) {
  const taskId = (await item.getAttribute("data-task-id")) ?? "";
  const href = (await item.getByTestId("task-conversation-link").getAttribute("href")) ?? "";
  const conversationId = href.split("/").pop() ?? "";
  expect(taskId).not.toBe("");
  expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
  return { taskId, conversationId };
}

/** The customer conversation's newest messages, as the API answers them. */
async function latestMessages(page: Page, conversationId: string) {
  const body = await apiGet<MessagesPage>(page, `/app/conversations/${conversationId}/messages.json`);
  return body.messages;
}

test("answering a question takes it off the to-do list and the AI relays the answer to the customer", async ({
  page,
}) => {
  await openActionItems(page);
  const question = page.locator('[data-testid="action-item"][data-action-type="question"]').first();
  await expect(question.getByTestId("action-type")).toHaveText("Question");
  const { taskId, conversationId } = await idsOf(question);
  const toDoBefore = Number(await page.getByTestId("to-do-count").textContent());

  // An empty answer is refused on the spot.
  await question.getByRole("button", { name: "Answer" }).click();
  await expect(question.getByRole("alert")).toHaveText("Write an answer before sending it.");

  const answer = `Yes, we can deliver on Friday morning (e2e ${Date.now()}).`;
  await question.getByTestId("answer-box").fill(answer);
  await question.getByTestId("answer-box").press("Control+Enter");

  await expect(itemById(page, taskId)).toHaveCount(0);
  await expect(page.getByText("Answer sent", { exact: true })).toBeVisible();
  await expect(page.getByTestId("to-do-count")).toHaveText(String(toDoBefore - 1));

  // The AI employee's next message in the customer conversation is the answer.
  await expect
    .poll(async () => (await latestMessages(page, conversationId)).at(-1))
    .toMatchObject({ content: answer, sender_type: "ai" });

  // Still gone after a reload; on the Done tab with the answer.
  await page.reload();
  await expect(items(page).first()).toBeVisible();
  await expect(itemById(page, taskId)).toHaveCount(0);
  await page.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/[?&]state=done\b/);
  await expect(itemById(page, taskId).getByTestId("resolution")).toContainText(answer);
});

test("authorizing a discount takes it off the to-do list and the AI confirms it to the customer", async ({ page }) => {
  await openActionItems(page);
  const discount = page
    .locator('[data-testid="action-item"][data-action-type="authorize"]')
    .filter({ hasText: /descuento|discount/i })
    .first();
  await expect(discount.getByTestId("action-type")).toHaveText("Authorization");
  await expect(discount.getByTestId("task-quote-link")).toHaveAttribute("href", /^\/orders\/[0-9a-f-]{36}$/);
  const { taskId, conversationId } = await idsOf(discount);
  const title = ((await discount.getByRole("heading").textContent()) ?? "").trim();

  await discount.getByTestId("answer-box").fill("Repeat customer, fine this once.");
  await discount.getByRole("button", { name: "Authorize" }).click();

  await expect(itemById(page, taskId)).toHaveCount(0);
  await expect(page.getByText("Authorized", { exact: true })).toBeVisible();
  // The discount is applied to the quote the item names, and the decision (not the internal note)
  // reaches the customer in the AI employee's words: the percent and the quote, approved.
  const percent = title.match(/\d+%/)?.[0] ?? "";
  const quote = title.match(/Q-\d+/)?.[0] ?? "";
  expect(percent && quote, `percent and quote in "${title}"`).toBeTruthy();
  await expect
    .poll(async () => (await latestMessages(page, conversationId)).at(-1))
    .toMatchObject({
      sender_type: "ai",
      content: expect.stringMatching(new RegExp(`${percent}.*${quote}.*(approved|aprobado)`)),
    });
  const last = (await latestMessages(page, conversationId)).at(-1);
  expect(last?.content).not.toContain("Repeat customer");
});

/** A POST with the page's own session and company, as another tab would make it. */
async function apiPost(page: Page, path: string, data: unknown) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "session");
  const session = JSON.parse(decodeURIComponent(cookie?.value ?? "{}")) as { accessToken: string };
  const company = JSON.parse((await page.evaluate(() => localStorage.getItem("selectedCompany"))) ?? "{}") as {
    id: string;
  };
  return page.request.post(path, {
    data,
    headers: {
      Authorization: `Bearer ${session.accessToken}`,
      "X-Company-ID": company.id,
      "X-Client-ID": "foreman-web",
    },
  });
}

test("an item resolved elsewhere leaves the open list without a reload", async ({ page }) => {
  await openActionItems(page);
  const last = items(page).last();
  const taskId = (await last.getAttribute("data-task-id")) ?? "";
  const question = (await last.getAttribute("data-action-type")) === "question";
  const response = await apiPost(
    page,
    `/app/tasks/${taskId}/resolution.json`,
    question ? { answer: "Answered from another tab." } : { decision: "left_pending" },
  );
  expect(response.status()).toBe(200);
  // The event stream announces the change; the list refreshes itself.
  await expect(itemById(page, taskId)).toHaveCount(0, { timeout: 15_000 });
});

test("the time left counts down live", async ({ page }) => {
  await page.clock.install();
  await openActionItems(page);
  const countdown = items(page).first().getByTestId("time-left").locator("time");
  await expect(countdown).toHaveText(/^(\d+d \d+h|\d+h \d{2}m|\d+m \d{2}s|\d+s) left$/);
  const before = await countdown.textContent();
  await page.clock.fastForward("01:05");
  // A minute later, without a reload, it reads a minute less (the expired state is covered by the
  // component tests: jumping the browser's clock by hours would also expire the session).
  await expect(countdown).not.toHaveText(before ?? "");
});

test("the tasks screen lists titles and due dates and opens an open task in action items", async ({ page }) => {
  await signIn(page);
  await page.goto("/tasks");
  await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  const rows = page.getByTestId("task-row");
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId("task-due")).toHaveText(/(in|ago|tomorrow|yesterday|now)/);

  await page.getByRole("navigation", { name: "Filter by state" }).getByRole("link", { name: "To do" }).click();
  await expect(page).toHaveURL(/[?&]state=to_do\b/);
  await expect(rows.first().getByTestId("task-state")).toHaveText("To do");
  const taskId = (await rows.first().getAttribute("data-task-id")) ?? "";
  await rows.first().getByTestId("task-link").click();
  await expect(page).toHaveURL(new RegExp(`/action_items#action-item-${taskId}$`));
  await expect(itemById(page, taskId)).toBeInViewport();
});

test("usable at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openActionItems(page);
  const first = items(page).first();
  await expect(first.getByTestId("answer-box")).toBeVisible();
  await expect(first.getByRole("button", { name: /^(Answer|Authorize)$/ })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto("/tasks");
  await expect(page.getByTestId("task-card").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("no serious or critical accessibility violations", async ({ page }) => {
  // Three full-page scans of long lists.
  test.setTimeout(90_000);
  await openActionItems(page);
  await items(page)
    .first()
    .getByRole("button", { name: /Show recent messages/ })
    .click();
  for (const [path, testId] of [
    ["/action_items", "action-item"],
    ["/action_items?state=done", "action-item"],
    ["/tasks", "task-row"],
  ] as const) {
    if (path !== "/action_items") await page.goto(path);
    await expect(page.getByTestId(testId).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious, `${path}: ${JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]))}`).toEqual([]);
  }
});
