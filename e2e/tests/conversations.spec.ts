import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  freeConversation,
  listConversations,
  newestMessage,
  postMessage,
  seedMessages,
} from "./conversation-helpers.ts";
import { signIn } from "./helpers.ts";

// /conversations and /conversations/{id} on the seeded demo workspace: the list with its filters and
// pages, the thread with the reply box, live messages, and a 500-message thread on a phone (its timings: `npm run bench -- render`).

const rows = (page: Page) => page.getByTestId("conversation-row");

const messages = (page: Page) => page.getByTestId("message");
const thread = (page: Page) => page.getByTestId("message-thread");

/** A 1×1 PNG, for the attachment. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("the list pages by 50 and filters by status, both held in the address", async ({ page }) => {
  await signIn(page);
  await page.goto("/conversations");
  await expect(page.getByRole("heading", { name: "Conversations", level: 1 })).toBeVisible();
  const all = await listConversations(page, { per_page: 50 });
  await expect(page.getByTestId("conversations-total")).toHaveText(all.total.toLocaleString("en-US"));
  await expect(rows(page)).toHaveCount(50);
  const firstOnPageOne = await rows(page).first().getAttribute("data-id");

  // (Other specs' messages may reorder conversations meanwhile, so rows are compared loosely.)
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(pagination).toContainText(`51–100 of ${all.total.toLocaleString("en-US")}`);
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).first()).not.toHaveAttribute("data-id", firstOnPageOne ?? "");

  // Another filter is another list: back to its first page.
  await page.getByRole("group", { name: "Status" }).getByRole("button", { name: "Resolved" }).click();
  await expect(page).toHaveURL(/[?&]status=resolved\b/);
  await expect(page).not.toHaveURL(/page=2/);
  const resolved = await listConversations(page, { status: "resolved", per_page: 50 });
  await expect(page.getByTestId("conversations-total")).toHaveText(resolved.total.toLocaleString("en-US"));
  for (const badge of await rows(page).getByTestId("status-badge").all()) await expect(badge).toHaveText("Resolved");

  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(pagination).toContainText("51–100 of");
  await expect(rows(page)).toHaveCount(50);
});

test("a conversation shows its thread and lead, and a staff reply with a file takes over from the AI", async ({
  page,
}) => {
  await signIn(page);
  const target = await freeConversation(page, 1);
  await page.goto(`/conversations/${target.id}`);
  await expect(page.getByTestId("conversation-title")).toHaveText(target.customer!.full_name);
  await expect(messages(page).last()).toBeInViewport();
  const details = page.getByRole("complementary", { name: "Lead and customer" });
  await expect(details.getByTestId("handled-by")).toContainText("The AI employee is answering");
  if (target.lead) await expect(details.getByTestId("stage-badge")).toBeVisible();

  const reply = `Attached is the delivery plan (e2e ${Date.now()}).`;
  await page.getByTestId("reply-files").setInputFiles({ name: "plan.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("list", { name: "Files to send" })).toContainText("plan.png");
  const box = page.getByRole("textbox", { name: "Reply" });
  await box.fill(reply);
  // Shift+Enter is a new line, not a send.
  await box.press("Shift+Enter");
  await expect(box).toHaveValue(`${reply}\n`);
  await box.press("Enter");

  const sent = messages(page).filter({ hasText: reply });
  await expect(sent).toBeVisible();
  await expect(sent).toHaveAttribute("data-sender-type", "staff");
  await expect(sent.getByTestId("message-sender")).toHaveText("Demo Manager");
  const image = sent.getByTestId("attachment-image").locator("img");
  await expect(image).toHaveAttribute("alt", "plan.png");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(page.getByTestId("took-over-notice")).toContainText("You took over from the AI.");
  await expect(details.getByTestId("handled-by")).toContainText("Demo Manager");
  await expect(box).toHaveValue("");

  const newest = await newestMessage(page, target.id);
  expect(newest).toMatchObject({ content: reply, sender_type: "staff" });
});

test("a message posted through the API appears in the open conversation without a reload", async ({ page }) => {
  await signIn(page);
  const target = await freeConversation(page, 2);
  await page.goto(`/conversations/${target.id}`);
  await expect(messages(page).last()).toBeInViewport();
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "open");
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const content = `Posted through the API (e2e ${Date.now()}).`;
  await postMessage(page, target.id, content);
  const arrived = messages(page).filter({ hasText: content });
  await expect(arrived).toBeInViewport();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // Shown once, though the tab hears of it twice (the event, then a refresh of the newest page).
  await page.waitForTimeout(500);
  await expect(arrived).toHaveCount(1);
});

test("a missing conversation says so", async ({ page }) => {
  await signIn(page);
  await page.goto("/conversations/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Conversation not found" })).toBeVisible();
});

test("a conversation has no serious accessibility violations", async ({ page }) => {
  await signIn(page);
  const [first] = (await listConversations(page, { per_page: 1 })).conversations;
  await page.goto(`/conversations/${first!.id}`);
  await expect(messages(page).first()).toBeVisible();
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("a page of 50 conversations renders as cards", async ({ page }) => {
    await signIn(page);
    await page.goto("/conversations");
    const cards = page.getByTestId("conversation-card");
    await expect(cards).toHaveCount(50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The next page in the app: 50 other cards. (How long these take is `npm run bench -- render`'s job.)
    const firstId = await cards.first().getAttribute("data-id");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(cards.first()).not.toHaveAttribute("data-id", firstId!);
    await expect(cards).toHaveCount(50);

    // The page scrolls to its last card.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(cards.last()).toBeInViewport();

    // On a phone the filter chips fold behind a button.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole("group", { name: "Stage" })).toBeHidden();
    await page.getByRole("button", { name: "Filters" }).click();
    await expect(page.getByRole("group", { name: "Stage" })).toBeVisible();
  });

  test("a 500-message thread opens at the newest message, loads older ones in place and scrolls end to end", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signIn(page);
    const target = await freeConversation(page, 3);
    const newest = await seedMessages(page, target.id, 500);

    // Open it from the list: it opens at the newest message.
    await page.goto(`/conversations?q=${target.display_id}`);
    const card = page.locator(`[data-testid="conversation-card"][data-id="${target.id}"]`);
    await expect(card).toBeVisible();
    await card.getByRole("link").click();
    await expect(page.locator(`[data-message-id="${newest.id}"]`)).toBeInViewport();

    // Older pages come in above without moving what is on screen.
    const older = page.getByRole("button", { name: "Load older messages" });
    while (await older.isVisible()) {
      const anchor = messages(page).first();
      const anchorId = await anchor.getAttribute("data-message-id");
      await thread(page).evaluate((el) => {
        el.scrollTop = 0;
      });
      // Where its text ends on screen (the row may lose its sender line once older ones join its run).
      const bottomOf = async () => {
        const box = (await page.locator(`[data-message-id="${anchorId}"]`).boundingBox())!;
        return box.y + box.height;
      };
      const before = await bottomOf();
      const shown = await messages(page).count();
      await older.click();
      // Once the older page is in (a fixed 300 ms could end before it on a busy machine, and the next
      // round would then measure in the middle of its arrival).
      await expect.poll(() => messages(page).count()).toBeGreaterThan(shown);
      expect(Math.abs((await bottomOf()) - before)).toBeLessThan(2);
    }
    await expect(page.getByText("Start of the conversation")).toBeVisible();
    const total = await messages(page).count();
    expect(total).toBeGreaterThanOrEqual(500);

    // The whole thread scrolls: from the first message to the newest. (After a pause: the view holds its
    // place for a moment after older messages load.) Frame times are `npm run bench -- render`'s job.
    await page.waitForTimeout(1200);
    await thread(page).evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(messages(page).first()).toBeInViewport();
    await thread(page).evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(page.locator(`[data-message-id="${newest.id}"]`)).toBeInViewport();

    // Scrolled up, a new message does not pull the reader down: a pill offers it instead.
    await thread(page).evaluate((el) => {
      el.scrollTop = 0;
    });
    const content = `While you were reading (e2e ${Date.now()}).`;
    await postMessage(page, target.id, content);
    const pill = page.getByTestId("new-messages-pill");
    await expect(pill).toHaveText("1 new message");
    expect(await thread(page).evaluate((el) => el.scrollTop)).toBeLessThan(50);
    await pill.click();
    await expect(messages(page).filter({ hasText: content })).toBeInViewport();
    await expect(pill).toHaveCount(0);
  });
});
