import { expect, type Page, test } from "@playwright/test";
import { apiGet, expectAccessible, expectNoSidewaysScroll, sessionHeaders, signIn } from "./helpers.ts";

// Phone numbers, calls and billing on a company of its own (the demo companies are left alone), with the
// built-in simulated phone provider: buy a number in the add-phone-number modal, place a test call in the
// call interface (the timer runs, two typed caller lines get the AI employee's spoken answers, hang up),
// find the call in the list with its duration and open its transcript, and see the number's line in
// Settings → Billing; axe in light and dark, and the screens at 375 px.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const PASSWORD = "Quiet-Harbour-48";
const EMPLOYEE = "Paula Phone";

type WireDepartment = { id: string; name: string };

/** A new owner with a company of their own and one support AI employee, made through the API. */
async function newOwnerWithEmployee(page: Page) {
  const email = `phones-${unique()}@example.com`;
  const response = await page.request.post("/users.json", {
    headers: { "X-Client-ID": "foreman-web" },
    data: {
      user: {
        first_name: "Pia",
        last_name: "Dialer",
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        company_name: `Switchboard ${unique()}`,
      },
    },
  });
  expect(response.status()).toBe(201);
  await signIn(page, { email, password: PASSWORD });
  const departments = await apiGet<WireDepartment[]>(page, "/app/ai_departments.json");
  const support = departments.find((department) => department.name === "Support");
  expect(support, "the new company's Support department").toBeTruthy();
  const hired = await page.request.post("/app/ai_employees.json", {
    headers: await sessionHeaders(page),
    data: { name: EMPLOYEE, role: "Phone support agent", department_id: support?.id },
  });
  expect(hired.status()).toBe(201);
}

/** Buys the first number the search offers for area code 415; answers it as people read it. */
async function buyNumber(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Add phone number" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add phone number" });
  await expect(dialog.getByRole("combobox", { name: "Country" })).toHaveValue("US");
  await dialog.getByRole("textbox", { name: "Area code (optional)" }).fill("415");
  await dialog.getByRole("button", { name: "Search" }).click();
  const first = dialog.getByTestId("available-number").first();
  await expect(first).toBeVisible();
  const shown = ((await first.locator("span.font-medium").first().textContent()) ?? "").trim();
  expect(shown).toMatch(/^\(415\) 555-01\d\d$/);
  await first.getByRole("radio").check();
  await dialog.getByRole("combobox", { name: "Answered by" }).selectOption({ label: `${EMPLOYEE} · Support` });
  await expectAccessible(page, "[role=dialog]");
  await dialog.getByRole("button", { name: "Continue" }).click();

  const confirm = page.getByRole("dialog", { name: "Buy this number?" });
  await expect(confirm.getByTestId("confirm-number")).toHaveText(shown);
  await expect(confirm.getByTestId("price-notice")).toContainText("$3.00 per month, charged from today.");
  await confirm.getByRole("button", { name: "Buy number" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${shown} is yours`, { exact: true })).toBeVisible();
  return shown;
}

test("buy a number, talk to the AI employee on a test call, and find the call and its charge", async ({ page }) => {
  // A dozen screens, a call with its recording and four axe scans: past 2 minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  await newOwnerWithEmployee(page);

  await page.goto("/phones");
  await expect(page.getByRole("heading", { name: "No phone numbers yet" })).toBeVisible();
  const number = await buyNumber(page);
  const row = page.getByTestId("phone-number-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("phone-number")).toHaveText(number);
  await expect(row).toContainText(EMPLOYEE);
  await expect(row.getByRole("cell", { name: "$3.00" })).toBeVisible();
  await expectAccessible(page, "main");

  // Calls are recorded from now on: callers are told, and the recording plays on the call's page.
  const settings = page.getByRole("region", { name: "Call settings" });
  await settings.getByRole("switch", { name: "Record calls" }).click();
  await expect(page.getByText("Calls are recorded from now on", { exact: true })).toBeVisible();
  await expect(settings.getByRole("switch", { name: "Record calls" })).toBeChecked();

  // The call interface: a test call to the simulated provider's test number.
  await page.getByRole("tab", { name: "Calls" }).click();
  await expect(page).toHaveURL(/\/phones\?tab=calls$/);
  const ui = page.getByRole("region", { name: "Call interface" });
  await expect(ui.getByRole("switch", { name: "Test call" })).toBeChecked();
  await expect(ui.getByRole("combobox", { name: "AI employee" })).toHaveValue("");
  await ui.getByRole("button", { name: "Call" }).click();

  const live = page.getByTestId("live-call");
  await expect(live.getByTestId("call-status")).toHaveText("In progress", { timeout: 15_000 });
  // The greeting, then the timer running in minutes:seconds.
  await expect(live.getByTestId("call-turn").first()).toContainText(`Hi, this is ${EMPLOYEE}`);
  const timer = live.getByRole("timer", { name: "Call time" });
  await expect(timer).toHaveText(/^\d+:\d\d$/);
  const before = (await timer.textContent()) ?? "";
  await expect(timer).not.toHaveText(before);

  const say = live.getByRole("textbox", { name: "What the caller says" });
  await say.fill("Hello, do you sell nitrile gloves?");
  await say.press("Enter");
  await expect(live.locator('[data-testid="call-turn"][data-speaker="ai"]')).toHaveCount(2, { timeout: 20_000 });
  await expect(say).toHaveValue("");
  await say.fill("What are your delivery times?");
  await say.press("Enter");
  await expect(live.locator('[data-testid="call-turn"][data-speaker="ai"]')).toHaveCount(3, { timeout: 20_000 });
  const callerTurns = live.locator('[data-testid="call-turn"][data-speaker="caller"]');
  await expect(callerTurns).toHaveText([/Hello, do you sell nitrile gloves\?/, /What are your delivery times\?/]);
  await expect(live.getByTestId("answer-time")).toHaveCount(2);
  await expectAccessible(page, "main");

  await live.getByRole("button", { name: "Hang up" }).click();
  await expect(live.getByTestId("call-status")).toHaveText("Completed", { timeout: 15_000 });
  await expect(live.getByTestId("call-ended")).toHaveText(/^The call ended after \d+:\d\d\.$/);

  // The list has it, with its duration in minutes:seconds.
  const callRow = page.getByTestId("call-row").first();
  await expect(callRow).toContainText("Call 1");
  await expect(callRow.getByTestId("call-status")).toHaveText("Completed");
  await expect(callRow.getByTestId("call-duration")).toHaveText(/^\d+:\d\d$/);
  await expect(callRow).toContainText(EMPLOYEE);
  await expect(callRow).toContainText(number);

  // Its page: the transcript turn by turn, and where it led.
  await callRow.getByRole("link", { name: "Call 1" }).click();
  await expect(page).toHaveURL(/\/phones\/calls\/[0-9a-f-]{36}$/);
  const detail = page.getByTestId("call-detail");
  await expect(detail.getByRole("heading", { name: "Call 1", level: 1 })).toBeVisible();
  await expect(detail.getByTestId("call-duration")).toHaveText(/^\d+:\d\d$/);
  await expect(detail.getByTestId("call-turn")).toHaveCount(5);
  await expect(detail.getByRole("link", { name: "Conversation" })).toBeVisible();
  await expect(detail.getByTestId("call-run")).toHaveCount(2);
  await expect(detail.getByText("This call is recorded.")).toBeVisible();
  // The provider posts the recording once the call is over: it is on the page after a reload at most.
  const recording = detail.getByTestId("call-recording");
  // (Each look waits as long as any other: a reloaded page can take more than 2 s on a busy machine.)
  await expect(async () => {
    if (!(await recording.isVisible())) await page.reload();
    await expect(recording).toBeVisible();
  }).toPass({ timeout: 60_000 });
  // The audio, fetched with the session, loads in the page (its metadata: it can be played).
  await expect.poll(() => recording.evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThan(0);
  await expectAccessible(page, "main");

  // Settings → Billing: the number's line this month.
  await page.goto("/settings?tab=billing");
  const month = page.getByRole("region", { name: "This month" });
  const line = month.getByTestId("billing-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(number);
  await expect(line).toContainText("1 day");
  await expect(month.getByTestId("active-numbers")).toContainText("1 active number × $3.00 = $3.00 a month");
  await expect(page.getByTestId("payment-none")).toContainText("Nothing is charged.");
  await expectAccessible(page, "main");

  // Dark: the same screens pass axe too.
  await page.evaluate(() => localStorage.setItem("vite-ui-theme", "dark"));
  await page.reload();
  await expect(month.getByTestId("billing-line")).toHaveCount(1);
  await expectAccessible(page, "main");
  await page.goto("/phones");
  await expect(page.getByTestId("phone-number-row")).toHaveCount(1);
  await expectAccessible(page, "main");
  await page.goto("/phones?tab=calls");
  await expect(page.getByTestId("call-row")).toHaveCount(1);
  await expectAccessible(page, "main");
});

test("phone numbers, calls and billing on a 375 px phone", async ({ page }) => {
  test.setTimeout(180_000);
  await newOwnerWithEmployee(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/phones");
  await expect(page.getByRole("heading", { name: "No phone numbers yet" })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The modal fits the phone, both steps.
  await page.getByRole("button", { name: "Add phone number" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add phone number" });
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByTestId("available-number").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await dialog.getByTestId("available-number").first().getByRole("radio").check();
  await dialog.getByRole("button", { name: "Continue" }).click();
  const confirm = page.getByRole("dialog", { name: "Buy this number?" });
  await expect(confirm.getByTestId("price-notice")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await confirm.getByRole("button", { name: "Buy number" }).click();
  await expect(confirm).toBeHidden();

  await expect(page.getByTestId("phone-number-row")).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "main");

  // A test call on the phone: placed, answered, hung up; the list shows it as a card.
  await page.getByRole("tab", { name: "Calls" }).click();
  const ui = page.getByRole("region", { name: "Call interface" });
  await ui.getByRole("combobox", { name: "AI employee" }).selectOption({ label: `${EMPLOYEE} · Support` });
  await ui.getByRole("button", { name: "Call" }).click();
  const live = page.getByTestId("live-call");
  await expect(live.getByTestId("call-status")).toHaveText("In progress", { timeout: 15_000 });
  await expectNoSidewaysScroll(page);
  await live.getByRole("button", { name: "Hang up" }).click();
  await expect(live.getByTestId("call-status")).toHaveText("Completed", { timeout: 15_000 });
  const card = page.getByTestId("call-card").first();
  await expect(card).toBeVisible();
  await expect(card.getByTestId("call-duration")).toHaveText(/^\d+:\d\d$/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "main");

  await card.getByRole("link").click();
  await expect(page.getByTestId("call-detail")).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto("/settings?tab=billing");
  await expect(page.getByTestId("billing-line")).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "main");
});
