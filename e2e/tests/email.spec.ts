import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { listConversations } from "./conversation-helpers.ts";
import { apiGet, expectAccessible, sessionHeaders, signIn, switchToNorthwind } from "./helpers.ts";
import { mailsTo } from "./mailbox.ts";

// Email as an owner sets it up and a customer's mail arrives: a channel added in the training centre,
// answered by an AI employee, gets its inbound address; a mail to it (posted to the signed webhook, as
// a forwarder would) becomes a conversation whose formatted view runs none of the mail's scripts,
// handlers or links and loads nothing from the network; the AI employee's reply is in the thread, and
// sent over SMTP to the run's local mailbox (scripts/email/mail-sink.mjs), threaded under the customer's.

const secret = process.env.E2E_EMAIL_WEBHOOK_SECRET;

type WireEmployee = { id: string; name: string };
type WireChannel = { id: string; name: string; inbound_address: string };

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A customer's mail: plain text and HTML that tries everything a hostile mail can. */
function customerMail({ to, from, subject, remote }: { to: string; from: string; subject: string; remote: string }) {
  const html = [
    "<html><head><title>pwned</title>",
    "<script>window.__pwned = 'script'; document.title = 'pwned'; alert('script')</script>",
    `<style>body { background: url(${remote}/background.gif) }</style></head>`,
    `<body onload="window.__pwned = 'onload'; alert('onload')">`,
    "<p>Hello, how much are <b>wooden pallets</b> for 200 units?</p>",
    `<img src="${remote}/pixel.gif" onerror="window.__pwned = 'onerror'; alert('onerror')" alt="tracker">`,
    `<p><a href="javascript:window.__pwned='link';alert('link')" onclick="window.__pwned='onclick'">See our order</a></p>`,
    `<iframe src="${remote}/frame.html"></iframe>`,
    "</body></html>",
  ].join("\r\n");
  const text = "Hello, how much are wooden pallets for 200 units?";
  const boundary = `b-${unique()}`;
  return Buffer.from(
    [
      `From: "Casey Morgan" <${from}>`,
      `To: ${to}`,
      `Subject: ${subject}`,
      `Message-ID: <${unique()}.spec@customer.example>`,
      `Date: ${new Date().toUTCString()}`,
      "MIME-Version: 1.0",
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      text,
      `--${boundary}`,
      "Content-Type: text/html; charset=utf-8",
      "",
      html,
      `--${boundary}--`,
      "",
    ].join("\r\n"),
  );
}

/** No serious or critical accessibility problem in what `selector` holds. */
/** Posts the raw mail as a forwarder does: signed with the run's secret, naming the envelope recipient. */
async function forwardMail(page: Page, raw: Buffer, recipient: string) {
  expect(secret, "the run's EMAIL_WEBHOOK_SECRET (playwright.config.ts)").toBeTruthy();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", secret!).update(`${timestamp}.${recipient}.`).update(raw).digest("hex");
  const response = await page.request.post("/webhooks/email", {
    headers: {
      "content-type": "message/rfc822",
      "x-foreman-timestamp": timestamp,
      "x-foreman-signature": `sha256=${signature}`,
      "x-foreman-recipient": recipient,
    },
    data: raw,
  });
  expect(response.status(), await response.text()).toBe(202);
}

test("an email channel's mail reaches the AI employee; its formatted view runs nothing; the reply is sent by mail", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Stands in for the internet: a mail's remote image, style or frame must never be fetched from it.
  const remoteRequests: string[] = [];
  const remoteHost = createServer((request, response) => {
    remoteRequests.push(request.url ?? "");
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remoteHost.listen(0, "127.0.0.1", resolve));
  const remote = `http://127.0.0.1:${(remoteHost.address() as AddressInfo).port}`;
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const pageRequests: string[] = [];
  page.on("request", (request) => pageRequests.push(request.url()));

  await signIn(page);
  await switchToNorthwind(page);
  const { ai_employees: employees } = await apiGet<{ ai_employees: WireEmployee[] }>(page, "/app/ai_employees.json", {
    employee_status: "active",
    per_page: "100",
  });
  const employee = employees[0];
  expect(employee, "an active Northwind AI employee").toBeTruthy();

  // The owner adds an email channel answered by the AI employee, and gets its inbound address.
  const run = unique();
  const channelName = `Spec mail ${run}`;
  await page.goto("/training?tab=integrations");
  const card = page.locator('[data-testid="integration"][data-key="email"]');
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Add an email channel" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an email channel" });
  await dialog.getByLabel("Name").fill(channelName);
  await dialog.getByLabel("Answered by").selectOption({ label: employee!.name });
  await dialog.getByRole("button", { name: "Add email channel" }).click();
  const ready = page.getByRole("dialog", { name: `${channelName} is ready` });
  const address = ready.getByTestId("inbound-address");
  await expect(address).toHaveText(/^[a-z0-9][a-z0-9.-]+@[a-z0-9.-]+$/);
  const inbound = (await address.textContent())!.trim();
  await expect(ready.getByTestId("forwarding-hint")).toHaveText(
    "Forward your support address to this address; replies come from this address.",
  );
  await ready.getByRole("button", { name: "Done" }).click();
  const row = card.getByTestId("email-channel").filter({ hasText: channelName });
  await expect(row.getByTestId("inbound-address")).toHaveText(inbound);
  await expect(row).toContainText(employee!.name);
  await expectAccessible(page, '[data-testid="integration"][data-key="email"]');

  try {
    // A customer's mail arrives at the inbound address.
    const subject = `Pallet prices ${run}`;
    const from = `casey.${run}@customer.example`;
    await forwardMail(page, customerMail({ to: inbound, from, subject, remote }), inbound);

    // It becomes an email conversation named by its subject.
    let conversationId = "";
    await expect
      .poll(
        async () => {
          const { conversations } = await listConversations(page, { channel: "email" });
          const found = conversations.find((item) => (item as { subject?: string | null }).subject === subject);
          conversationId = found?.id ?? "";
          return conversationId;
        },
        { timeout: 30_000, message: "the mail becomes a conversation" },
      )
      .not.toBe("");
    await page.goto("/conversations");
    await expect(page.getByTestId("conversation-row").filter({ hasText: subject })).toBeVisible();

    await page.goto(`/conversations/${conversationId}`);
    await expect(page.getByTestId("email-subject")).toHaveText(`Subject: ${subject}`);
    await expect(page).toHaveTitle("Conversation · Foreman");
    const customerMessage = page.locator('[data-testid="message"][data-sender-type="customer"]').first();
    await expect(customerMessage.getByTestId("message-content")).toContainText("how much are wooden pallets");

    // The formatted mail, in its sandboxed frame: the text is there, and nothing of the rest ran.
    await customerMessage.getByRole("button", { name: "View formatted" }).click();
    const frameElement = page.getByTitle(`Formatted mail: ${subject}`);
    await expect(frameElement).toHaveAttribute("sandbox", "");
    const frame = page.frameLocator(`iframe[title="Formatted mail: ${subject}"]`);
    await expect(frame.locator("body")).toContainText("wooden pallets");
    // The server's sanitizer took the scripts, handlers and frames out; the sandbox would stop them anyway.
    await expect(frame.locator("script, iframe, [onload], [onerror], [onclick]")).toHaveCount(0);
    const link = frame.getByText("See our order");
    if ((await link.count()) > 0) await link.click();
    expect(await page.evaluate(() => (window as Window & { __pwned?: string }).__pwned)).toBeUndefined();
    expect(await page.title()).toBe("Conversation · Foreman");
    expect(dialogs).toEqual([]);
    expect(remoteRequests).toEqual([]);
    expect(pageRequests.filter((url) => url.startsWith(remote))).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}$`));
    // The thread with the mail's parts open has no serious accessibility problems. (Not with the frame
    // open: the mail inside it is the customer's, and axe cannot run in a frame that runs no script.)
    await customerMessage.getByRole("button", { name: "Hide formatted" }).click();
    await customerMessage.getByRole("button", { name: "From / To" }).click();
    await expect(customerMessage.getByTestId("email-addresses")).toContainText(from);
    await expectAccessible(page, '[data-testid="message-thread"]');

    // The AI employee answers by mail: its reply is in the thread…
    await expect(page.locator('[data-testid="message"][data-sender-type="ai"]').first()).toBeVisible({
      timeout: 30_000,
    });

    // …and sent: the customer's mailbox has it, and the outbox says so.
    const delivered = await mailsTo(from, (mail) => mail.subject === `Re: ${subject}`);
    expect(delivered.text.length).toBeGreaterThan(0);
    await page.goto("/training?tab=integrations");
    await card.getByRole("button", { name: "Outbox" }).click();
    const outbox = page.getByRole("dialog", { name: "Outbox" });
    await expect(outbox.getByTestId("no-smtp-notice")).toHaveCount(0);
    const reply = outbox.getByTestId("outbound-mail").filter({ hasText: `Re: ${subject}` });
    await expect(reply).toBeVisible();
    await expect(reply.getByTestId("outbound-mail-state")).toHaveText("Sent");
    await expect(reply).toContainText(`To ${from}`);
    await expectAccessible(page, '[data-testid="outbox-sheet"]');
    expect(remoteRequests).toEqual([]);
  } finally {
    // The server is shared by the run's specs: the channel goes (its conversation stays, as in real use).
    const channels = await apiGet<{ email_channels: WireChannel[] }>(page, "/app/email_channels.json");
    const ours = channels.email_channels.find((channel) => channel.name === channelName);
    if (ours) {
      const removed = await page.request.delete(`/app/email_channels/${ours.id}.json`, {
        headers: await sessionHeaders(page),
      });
      expect(removed.status(), await removed.text()).toBe(204);
    }
    remoteHost.close();
  }
});
