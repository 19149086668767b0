import { expect, type Page, test } from "@playwright/test";
import { demo, expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers.ts";
import { mailsTo } from "./mailbox.ts";

// The help centre on the production build: search as you type, open an article by its own address,
// context help from a screen, the contact form mailed to SUPPORT_EMAIL (set in playwright.config.ts) and
// read back from the run's mailbox, on a phone, accessible in light and dark.

const SUPPORT = "support@foreman.example";
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search the help centre" });
const results = (page: Page) => page.getByRole("list", { name: "Search results" }).getByRole("link");

test("searching as you type, opening an article, and its address working on its own", async ({ page }) => {
  await signIn(page);
  await page.goto("/help");
  await expect(page.getByRole("heading", { name: "Help centre", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Getting started", level: 2 })).toBeVisible();
  await expect(page.getByText(/^Foreman \d+\.\d+\.\d+$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();

  // A prefix finds WhatsApp first (its title has the word); the address keeps the search.
  await searchBox(page).fill("whats");
  await expect(results(page).first()).toContainText("Connecting WhatsApp");
  await expect(page).toHaveURL(/\/help\?q=whats$/);
  const broad = await results(page).count();
  expect(broad).toBeGreaterThan(1);
  await expect(results(page).first().locator("mark").first()).toHaveText(/whatsapp/i);

  // More words narrow the results as they are typed.
  await searchBox(page).fill("whatsapp template variables");
  await expect(page.getByText(/for “whatsapp template variables”/)).toBeVisible();
  await expect(results(page)).not.toHaveCount(broad);
  await expect(results(page).first()).toContainText("Connecting WhatsApp");

  // A search is a link.
  await page.reload();
  await expect(searchBox(page)).toHaveValue("whatsapp template variables");
  await expect(results(page).first()).toContainText("Connecting WhatsApp");

  // ↓ then Enter opens the result in focus.
  await searchBox(page).focus();
  await page.keyboard.press("ArrowDown");
  await expect(results(page).first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/help\/connecting-whatsapp$/);
  await expect(page.getByRole("heading", { name: "Connecting WhatsApp", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The 24-hour window", level: 2 })).toBeVisible();
  await expect(page).toHaveTitle("Connecting WhatsApp · Help centre · Foreman");

  // The article's address opens it on its own.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Connecting WhatsApp", level: 1 })).toBeVisible();

  // Its links stay in the app; Back to help returns to the centre.
  await page.getByRole("link", { name: "The inbox and conversations" }).first().click();
  await expect(page).toHaveURL(/\/help\/inbox-and-conversations$/);
  await expect(page.getByRole("heading", { name: "The inbox and conversations", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to help" }).click();
  await expect(page).toHaveURL(/\/help$/);

  // An address that names no article.
  await page.goto("/help/no-such-article");
  await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
});

test("a screen's help link opens its article", async ({ page }) => {
  await signIn(page);
  await page.goto("/action_items");
  await page.getByRole("link", { name: "Help: Action items and approvals" }).click();
  await expect(page).toHaveURL(/\/help\/action-items-and-approvals$/);
  await expect(page.getByRole("heading", { name: "Action items and approvals", level: 1 })).toBeVisible();
});

test("the contact form mails support with the sender's address", async ({ page }) => {
  await signIn(page);
  await page.goto("/help");
  const form = page.getByRole("form", { name: "Contact support" });
  const subject = `Invoices ${Date.now().toString(36)}`;
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message").fill("Where do I find last month's invoices?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Message sent", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Subject")).toHaveValue("");

  const mail = await mailsTo(SUPPORT, (m) => m.subject === `[Foreman help] ${subject}`);
  expect(mail.text).toContain("Where do I find last month's invoices?");
  expect(mail.text).toContain(`<${demo.email}>`);
  expect(mail.text).toMatch(/Company: (Andes Comercial|Northwind Supply) \(/);
});

test("the help centre on a phone, accessible", async ({ page }) => {
  // Three pages audited by axe: past the default 30 s when the 2-core machine is busy.
  test.slow();
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/help?q=tickets");
  await expect(results(page).first()).toContainText("The support desk: tickets");
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto("/help");
  await expect(page.getByRole("heading", { name: "Getting started", level: 2 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto("/help/api-for-developers");
  await expect(page.getByRole("heading", { name: "The API for developers", level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test("the help centre in the dark, accessible", async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem("vite-ui-theme", "dark"));
  await page.goto("/help/api-for-developers");
  await expect(page.getByRole("heading", { name: "The API for developers", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/help?q=whats");
  await expect(results(page).first()).toContainText("Connecting WhatsApp");
  await expectAccessible(page);
});
