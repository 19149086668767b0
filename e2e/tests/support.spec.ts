import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll, signIn } from "./helpers.ts";

// The support desk on /support: a ticket made here from start to finish. Nothing depends on the demo's
// own tickets: each test opens the ticket it needs, with a subject no other ticket has, and searches for it.

const desk = (page: Page) => page.getByTestId("tickets-desk");
const rows = (page: Page) => desk(page).getByTestId("ticket-row");
const tabs = (page: Page) => page.getByRole("navigation", { name: "Filter tickets by status" });
const preview = (page: Page) => page.getByTestId("ticket-preview");

/** A subject only this test's ticket has. */
const uniqueSubject = (what: string) => `${what} ${process.env.E2E_RUN_ID}-${Math.random().toString(36).slice(2, 8)}`;

async function openDesk(page: Page) {
  await signIn(page);
  await page.goto("/support");
  await expect(desk(page).getByRole("heading", { name: "Tickets", exact: true })).toBeVisible();
}

/** Opens a ticket for a client typed into the form; answers its ID ("T-1042") once its preview shows. */
async function createTicket(page: Page, subject: string) {
  await desk(page).getByRole("button", { name: "New ticket" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New ticket" });
  await dialog.getByRole("button", { name: "New client" }).click();
  await dialog.getByLabel("Name").fill("Lucía Romero");
  await dialog.getByLabel("Email").fill("lucia.romero@example.com");
  await dialog.getByLabel("Organization").fill("Café Central");
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Issue").fill("Two of the six chairs arrived with broken legs. She asks for replacements.");
  await dialog.getByLabel("Priority").selectOption("high");
  await dialog.getByLabel("Type").selectOption("incident");
  await dialog.getByRole("button", { name: "Create ticket" }).click();
  await expect(dialog).toBeHidden();
  // The new ticket's preview opens beside the list.
  await expect(preview(page).getByRole("heading", { name: subject })).toBeVisible();
  await expect(page).toHaveURL(/[?&]ticket=[0-9a-f-]{36}/);
  const id = (await preview(page).getByTestId("ticket-preview-id").textContent()) ?? "";
  expect(id).toMatch(/^T-\d+$/);
  return id;
}

test("a ticket is created, found among the open ones, assigned and closed, and leaves the open filter", async ({
  page,
}) => {
  // A long journey with two accessibility audits, on a 2-core machine.
  test.slow();
  await openDesk(page);
  const subject = uniqueSubject("Chairs arrived broken");
  const ticketId = await createTicket(page, subject);
  await expect(preview(page).getByTestId("ticket-status")).toHaveText("Open");
  await expect(preview(page).getByTestId("ticket-activity-entry").first()).toContainText(`Opened ${ticketId}`);

  // Escape closes the preview and takes it out of the address.
  await page.keyboard.press("Escape");
  await expect(preview(page)).toBeHidden();
  await expect(page).not.toHaveURL(/ticket=/);

  // Only this ticket: search its subject, then keep the open ones.
  await desk(page).getByLabel("Search tickets").fill(subject);
  await expect(page).toHaveURL(/[?&]q=/);
  await tabs(page)
    .getByRole("link", { name: /^Open \d/ })
    .click();
  await expect(page).toHaveURL(/[?&]status=open\b/);
  await expect(tabs(page).getByRole("link", { name: "Open 1 ticket" })).toHaveAttribute("aria-current", "page");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(ticketId);
  await expect(rows(page).first().getByTestId("ticket-priority")).toHaveText("High");
  await expectAccessible(page, '[data-testid="tickets-desk"]');

  // The row opens the preview.
  await rows(page).first().getByRole("link").click();
  await expect(preview(page).getByRole("heading", { name: subject })).toBeVisible();
  await expect(preview(page).getByTestId("ticket-details")).toContainText("Lucía Romero");
  await expect(preview(page).getByTestId("ticket-issue")).toContainText("broken legs");

  // Assign to a colleague.
  await preview(page)
    .getByRole("button", { name: /^Assign to/ })
    .click();
  await page.getByRole("menuitemradio", { name: "Ana Rivera" }).click();
  await expect(preview(page).getByTestId("ticket-details")).toContainText("Ana Rivera");
  await expect(preview(page).getByTestId("ticket-activity")).toContainText("Assigned to Ana Rivera");
  await expectAccessible(page, '[data-testid="ticket-preview"]');

  // Close it: the preview says so, and the list behind it no longer holds it, without a reload.
  await preview(page).getByRole("button", { name: "Close ticket" }).click();
  await expect(preview(page).getByTestId("ticket-status")).toHaveText("Closed");
  await expect(preview(page).getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(preview(page).getByTestId("ticket-activity")).toContainText(`Closed ${ticketId}`);
  await page.keyboard.press("Escape");
  await expect(preview(page)).toBeHidden();
  await expect(rows(page)).toHaveCount(0);
  await expect(desk(page).getByText("No tickets match these filters")).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Open 0 tickets" })).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Closed 1 ticket" })).toBeVisible();

  // Among the closed ones, it shows as closed.
  await tabs(page)
    .getByRole("link", { name: /^Closed \d/ })
    .click();
  await expect(page).toHaveURL(/[?&]status=closed\b/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId("ticket-status")).toHaveText("Closed");
});

test("the desk fits a 375 px phone: tickets as cards, the preview over the whole width", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  await openDesk(page);
  const subject = uniqueSubject("Invoice needs the new tax id");
  await createTicket(page, subject);
  await page.keyboard.press("Escape");
  await expect(preview(page)).toBeHidden();

  await desk(page).getByLabel("Search tickets").fill(subject);
  const card = desk(page).getByTestId("ticket-card");
  await expect(card).toHaveCount(1);
  await expect(card).toBeVisible();
  await expect(rows(page).first()).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '[data-testid="tickets-desk"]');

  await card.getByRole("link").click();
  await expect(preview(page).getByRole("heading", { name: subject })).toBeVisible();
  // Layout widths are fractional while the sheet slides in (375.0000045): compare whole pixels.
  const width = Math.round((await preview(page).boundingBox())?.width ?? 0);
  expect(width).toBeLessThanOrEqual(375);
  expect(width).toBeGreaterThan(360);
  await expectNoSidewaysScroll(page);
});
