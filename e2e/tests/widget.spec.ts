import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { apiGet, sessionHeaders, signIn } from "./helpers.ts";

// The website chat as a visitor meets it: Foreman's demo shop page (hostile CSS on purpose, a strict
// CSP) embeds the widget; the visitor writes, the AI employee answers, and a reload keeps the
// conversation. A site that is not allowed cannot use the chat.

type WireChat = { id: string; key: string; name: string; color: string; enabled: boolean; demo_url: string };

async function websiteChat(page: Page): Promise<WireChat> {
  const { website_chats: chats } = await apiGet<{ website_chats: WireChat[] }>(page, "/app/website_chats.json");
  const seeded = chats.find((chat) => chat.enabled);
  if (seeded) return seeded;
  // Without the demo's own chat, the spec opens one (the demo user owns the company).
  const { ai_employees: employees } = await apiGet<{ ai_employees: { id: string }[] }>(page, "/app/ai_employees.json");
  const response = await page.request.post("/app/website_chats.json", {
    headers: await sessionHeaders(page),
    data: { name: "Spec chat", ai_employee_id: employees[0]!.id, allowed_origins: [] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { website_chat: WireChat }).website_chat;
}

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

test("a visitor chats on the demo shop page, untouched by its CSS, and the conversation survives a reload", async ({
  page,
  browser,
}) => {
  await signIn(page);
  const chat = await websiteChat(page);

  // A visitor: a browser of its own, with no Foreman session.
  const visitor = await (await browser.newContext()).newPage();
  const violations: string[] = [];
  visitor.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await visitor.goto(chat.demo_url);
  await expect(visitor.getByRole("heading", { name: "Gear for the long way round" })).toBeVisible();

  // The host page's `iframe { … !important }` rules lose to the loader's pinned styles.
  const frameElement = visitor.locator("iframe[data-foreman-chat]");
  const launcher = visitor
    .frameLocator("iframe[data-foreman-chat]")
    .getByRole("button", { name: /Open chat|Abrir chat/ });
  await expect(launcher).toBeVisible();
  const outside = await frameElement.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      opacity: style.opacity,
      border: style.borderTopWidth,
      filter: style.filter,
      transform: style.transform,
      width: style.width,
    };
  });
  expect(outside).toEqual({ opacity: "1", border: "0px", filter: "none", transform: "none", width: "88px" });
  // …and nothing of it reaches inside the frame: the launcher keeps the chat's colour and font.
  const inside = await launcher.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, font: style.fontFamily };
  });
  expect(inside.background).toBe(rgb(chat.color));
  expect(inside.font).not.toMatch(/Georgia|Times/);

  // Writing as the visitor; the AI employee answers.
  await launcher.click();
  const frame = visitor.frameLocator("iframe[data-foreman-chat]");
  const log = frame.getByRole("log");
  const box = frame.getByLabel(/Your message|Tu mensaje/);
  await expect(box).toBeFocused();
  const question = `Do you ship to Canada? (${Date.now()})`;
  await box.fill(question);
  await box.press("Enter");
  await expect(log.locator(".from-visitor").last()).toContainText(question);
  await expect(box).toHaveValue("");
  await expect(log.locator(".from-ai:not(.greeting)").first()).toBeVisible({ timeout: 20_000 });
  const answers = await log.locator(".from-ai:not(.greeting)").count();

  // The open chat, with a conversation in it, has no serious accessibility problems (the sample shop
  // around it is not ours to judge).
  const audit = await new AxeBuilder({ page: visitor }).include("iframe[data-foreman-chat]").analyze();
  const serious = audit.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, JSON.stringify(serious.map((v) => [v.id, v.nodes.map((n) => n.target)]))).toEqual([]);

  // Escape closes and gives focus back to the launcher.
  await box.press("Escape");
  await expect(launcher).toBeFocused();

  // A reload (or the next page of the site) resumes the same conversation.
  await visitor.reload();
  await visitor
    .frameLocator("iframe[data-foreman-chat]")
    .getByRole("button", { name: /Open chat|Abrir chat/ })
    .click();
  const again = visitor.frameLocator("iframe[data-foreman-chat]").getByRole("log");
  await expect(again.locator(".from-visitor").last()).toContainText(question);
  await expect(again.locator(".from-ai:not(.greeting)")).toHaveCount(answers);

  expect(violations).toEqual([]);
  await visitor.context().close();
});

test("a website that is not allowed cannot open the chat", async ({ page, browser }) => {
  await signIn(page);
  const chat = await websiteChat(page);
  const own = new URL(chat.demo_url).origin;
  // Another site on this machine (another port is another origin), with the snippet pasted in.
  const site = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(
      `<!doctype html><title>Stranger</title><h1>Stranger</h1><script src="${own}/widget.js" data-key="${chat.key}" async></script>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const stranger = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  // The loader adds its frame, but the frame refuses to be shown there (frame-ancestors).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${stranger}/`);
  await expect(visitor.locator("iframe[data-foreman-chat]")).toHaveCount(1);
  // Chromium shows its own error page in place of a frame that refuses to be framed.
  await expect.poll(() => visitor.frames().some((frame) => frame.url().startsWith("chrome-error://"))).toBe(true);
  await expect(
    visitor.frameLocator("iframe[data-foreman-chat]").getByRole("button", { name: /Open chat|Abrir chat/ }),
  ).toHaveCount(0);

  // Asking for a session from there directly is refused too.
  const session = await visitor.request.post(`${own}/widget/v1/sessions`, {
    headers: { origin: stranger },
    data: { key: chat.key, origin: stranger },
  });
  expect(session.status()).toBe(403);
  expect(await session.json()).toMatchObject({ error: "origin_not_allowed" });
  await visitor.context().close();
  site.close();
});
