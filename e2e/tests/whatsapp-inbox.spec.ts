import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { listConversations } from "./conversation-helpers.ts";
import { apiGet, expectNoSidewaysScroll, sessionHeaders, signIn, switchToNorthwind } from "./helpers.ts";

// WhatsApp in the inbox, against the fake of Meta's Graph API the config starts beside the server
// (scripts/whatsapp/fake-graph-api.mjs): Northwind's number is connected through the API with a code
// from the fake's signup, a customer writes through the fake (a signed webhook), the conversation
// appears live in /inbox with the AI employee's reply and its delivery ticks (moved on by status webhooks
// the fake posts), and staff send an approved template from a reply WhatsApp refused. A closed 24-hour window needs a customer message older than a day,
// which the webhook cannot backdate: the reply box's and thread's unit tests cover it.

const fakeUrl = process.env.E2E_WHATSAPP_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 10}`;
const SIGNUP = "/app/whatsapp/embedded_signup/integrations";

type WireStatus = {
  configured: boolean;
  connection: { state: string; phone_number: string | null; assignee: { ai_employee_id: string | null } } | null;
};
type WireEmployee = { id: string; name: string };

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
/** A WhatsApp id (the number's digits) nobody has written from yet. */
const newNumber = () => `549115${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;

/** Northwind's number connected (once per run) and answered by one of its AI employees. */
async function connectWhatsapp(page: Page): Promise<WireEmployee> {
  const headers = await sessionHeaders(page);
  const { ai_employees: employees } = await apiGet<{ ai_employees: WireEmployee[] }>(page, "/app/ai_employees.json", {
    employee_status: "active",
    per_page: "100",
  });
  const employee = employees[0];
  expect(employee, "an active Northwind AI employee").toBeTruthy();
  const status = await apiGet<WireStatus>(page, `${SIGNUP}/status.json`);
  expect(status.configured, "the server has the fake's WHATSAPP_* settings").toBe(true);
  if (status.connection?.state !== "connected") {
    const signup = await (await page.request.get(`${fakeUrl}/fake/signup`)).json();
    const onboarded = await page.request.post(`${SIGNUP}/onboard.json`, {
      headers,
      data: { whatsapp_embedded_signup: signup, ai_employee_id: employee!.id },
    });
    expect(onboarded.status(), await onboarded.text()).toBe(200);
    expect(((await onboarded.json()) as WireStatus).connection?.state).toBe("connected");
  } else if (status.connection.assignee.ai_employee_id !== employee!.id) {
    const assigned = await page.request.put("/app/whatsapp/assignee.json", {
      headers,
      data: { ai_employee_id: employee!.id },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
  }
  return employee!;
}

/** A customer writes to the number: the fake posts the signed webhook Meta would. */
async function customerSays(page: Page, text: string, from: string, name: string) {
  const said = await page.request.post(`${fakeUrl}/fake/customer-message`, { data: { text, from, name } });
  expect(said.ok(), await said.text()).toBe(true);
  expect(((await said.json()) as { status: number }).status, "Foreman's answer to the webhook").toBe(200);
}

test("a WhatsApp customer's message appears live in /inbox with the AI employee's reply and its delivery", async ({
  page,
}) => {
  await signIn(page);
  await switchToNorthwind(page);
  const employee = await connectWhatsapp(page);
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(page.getByTestId("inbox-row").first()).toBeVisible();

  const name = unique("WhatsApp Customer");
  const from = newNumber();
  await customerSays(page, "Hi! How much is a wooden pallet?", from, name);

  // No reload: the new conversation arrives over the live event stream, marked as WhatsApp.
  const row = page.getByTestId("inbox-row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("channel-icon")).toHaveAttribute("data-channel", "whatsapp");
  await row.getByRole("link").first().click();

  const frame = page.frameLocator('[data-testid="inbox-frame"]');
  await expect(frame.getByTestId("channel-icon").first()).toHaveAttribute("data-channel", "whatsapp");
  await expect(
    frame.locator('[data-testid="message"][data-sender-type="customer"]').filter({ hasText: "wooden pallet" }),
  ).toBeVisible();
  const reply = frame.locator('[data-testid="message"][data-sender-type="ai"]').last();
  // From the catalog or, for an employee whose catalog skill another spec took away, the product FAQ.
  await expect(reply.getByTestId("message-content")).toContainText(/wooden pallet/i);
  await expect(frame.getByTestId("message-sender").filter({ hasText: employee.name })).toBeVisible();
  // Sent through the fake Graph API: one tick once WhatsApp took it.
  await expect(reply.getByTestId("delivery-status")).toHaveAttribute("data-status", "sent", { timeout: 15_000 });
  await expect(reply.getByRole("img", { name: "Sent" })).toBeVisible();
  // The customer just wrote: free text for about a day.
  await expect(frame.getByTestId("window-countdown")).toContainText(/Reply window closes in 2[34] h/);

  // WhatsApp reports the reply read: the ticks change in place (message.updated), without a reload.
  // Named by the customer's number: a reply sent meanwhile to anyone else is not this one.
  const status = await page.request.post(`${fakeUrl}/fake/message-status`, { data: { status: "read", to: from } });
  expect(((await status.json()) as { status: number }).status).toBe(200);
  await expect(reply.getByRole("img", { name: "Read" })).toBeVisible();
  await expect(reply.getByTestId("delivery-status")).toHaveAttribute("data-status", "read");
});

test("staff send an approved template from a WhatsApp conversation, filled from the customer", async ({ page }) => {
  await signIn(page);
  await switchToNorthwind(page);
  const employee = await connectWhatsapp(page);
  const headers = await sessionHeaders(page);

  // An approved template with a name variable and a typed one (the fake approves at once).
  const templateName = `order_ready_${Date.now().toString(36)}`;
  const created = await page.request.post("/app/whatsapp/templates.json", {
    headers,
    data: {
      name: templateName,
      language: "en_US",
      category: "utility",
      body: "Hi {{1}}, your order is ready: {{2}}. Thank you!",
      variables: [
        { source: "customer_first_name", example: "Ana" },
        { source: "text", example: "pick it up at dock 4" },
      ],
      submit: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect(((await created.json()) as { status: string }).status).toBe("active");

  const name = unique("Bruno Template");
  const firstName = name.split(" ")[0]!;
  const from = newNumber();
  await customerSays(page, "Is my order ready?", from, name);
  let conversationId = "";
  await expect
    .poll(async () => {
      const found = await listConversations(page, { q: name });
      conversationId = found.conversations[0]?.id ?? "";
      return conversationId;
    })
    .not.toBe("");

  await page.goto(`/conversations/${conversationId}`);
  await expect(page.getByTestId("conversation-title")).toHaveText(name);
  const details = page.getByRole("complementary", { name: "Lead and customer" });
  await expect(details.getByTestId("whatsapp-number")).toHaveText(`+${from}`);
  // The AI employee answers first (so its reply does not land after the template)…
  await expect(page.getByTestId("message-sender").filter({ hasText: employee.name })).toBeVisible();
  const reply = page.locator('[data-testid="message"][data-sender-type="ai"]').last();
  await expect(reply.getByTestId("delivery-status")).toHaveAttribute("data-status", "sent", { timeout: 15_000 });
  // …and WhatsApp refuses it as outside the 24-hour window: the reason shows under it, with a way out.
  const refused = await page.request.post(`${fakeUrl}/fake/message-status`, {
    data: {
      status: "failed",
      to: from,
      error_code: 131047,
      error: "More than 24 hours have passed since the customer last replied",
    },
  });
  expect(((await refused.json()) as { status: number }).status).toBe(200);
  await expect(reply.getByRole("img", { name: "Not delivered" })).toBeVisible();
  await expect(reply.getByTestId("delivery-failure")).toContainText(
    "Not delivered: More than 24 hours have passed since the customer last replied",
  );
  await reply.getByRole("button", { name: "Send a template" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a template" });
  await dialog.getByRole("radio", { name: new RegExp(templateName) }).check();
  await expect(dialog.getByRole("textbox", { name: "{{1}} · Customer first name" })).toHaveValue(firstName);
  const typed = dialog.getByRole("textbox", { name: "{{2}} · Typed when sending" });
  await dialog.getByRole("button", { name: "Send template" }).click();
  await expect(typed).toHaveAttribute("aria-invalid", "true");
  await typed.fill("collect it at dock 4");
  await expect(dialog.getByTestId("template-preview")).toHaveText(
    `Hi ${firstName}, your order is ready: collect it at dock 4. Thank you!`,
  );
  await dialog.getByRole("button", { name: "Send template" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-slot="toast"]')).toContainText("Template sent");

  const sent = page.locator('[data-testid="message"][data-sender-type="staff"]').last();
  await expect(sent.getByTestId("message-content")).toHaveText(
    `Hi ${firstName}, your order is ready: collect it at dock 4. Thank you!`,
  );
  await expect(sent.getByTestId("template-caption")).toHaveText(`Template · ${templateName}`);
  await expect(sent.getByTestId("delivery-status")).toHaveAttribute("data-status", "sent", { timeout: 15_000 });
  await expect(page.getByTestId("took-over-notice")).toContainText("You took over from the AI.");

  // The page and the dialog with a template chosen: no serious accessibility violations.
  await page.getByTestId("window-countdown").getByRole("button", { name: "Send a template" }).click();
  await dialog.getByRole("radio", { name: new RegExp(templateName) }).check();
  const scan = await new AxeBuilder({ page }).include('[data-testid="send-template-dialog"]').analyze();
  expect(scan.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  // On a phone, nothing is wider than the screen, with the dialog open or not.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(dialog.getByTestId("template-preview")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("window-countdown")).toBeVisible();
  await expectNoSidewaysScroll(page);
});
