import { expect, type Page, test } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expectAccessible, expectNoSidewaysScroll, signUpOwner, uniqueSuffix } from "./helpers.ts";
import { linkIn, mailsTo } from "./mailbox.ts";

// Your account and your team, as people live them: forgetting a password and resetting it from the
// mail; turning on two-factor and signing in with a code; inviting a colleague who joins from a second
// browser; uploading the company's logo. Every mail goes over real SMTP to the run's local mailbox.
// Each journey makes its own account, so the shared demo users are never changed.

async function signInWith(page: Page, email: string, password: string) {
  await page.goto("/sign_in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signOut(page: Page) {
  await page.locator("#app-sidebar").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign_in/);
}

test("forgot password: the mailed link sets a new password, and only the new one signs in", async ({ page }) => {
  const owner = await signUpOwner(page, "reset");
  await page.goto("/sign_in");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
  await expect(dialog.getByLabel("Email")).toHaveValue(owner.email);
  await dialog.getByRole("button", { name: "Send link" }).click();
  await expect(dialog).toContainText("If that address has an account");

  const mail = await mailsTo(owner.email, (m) => m.subject === "Reset your Foreman password");
  await dialog.getByRole("button", { name: "Done" }).click();
  await page.goto(linkIn(mail, "/reset_password"));
  const fresh = "Copper-Meadow-77";
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Confirm new password").fill(fresh);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed — sign in" })).toBeVisible();

  // The link is spent, and the old password no longer works.
  await page.goto(linkIn(mail, "/reset_password"));
  await page.getByLabel("New password", { exact: true }).fill("Another-Phrase-93");
  await page.getByLabel("Confirm new password").fill("Another-Phrase-93");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await signInWith(page, owner.email, owner.password);
  await expect(page.getByText("Invalid username or password. Please try again.")).toBeVisible();
  await signInWith(page, owner.email, fresh);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("two-factor: enrol with the QR code's key, then sign in with a code from the app", async ({ page }) => {
  const owner = await signUpOwner(page, "totp");
  await signInWith(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const dialog = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
  await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = ((await dialog.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await dialog.getByLabel("Authentication code").fill(totp.generate());
  await dialog.getByRole("button", { name: "Turn on" }).click();
  const saved = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(saved.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await saved.getByRole("button", { name: "I saved them" }).click();
  await expect(page.getByText("On since")).toBeVisible();
  const notice = await mailsTo(owner.email, (m) => /turned on/i.test(m.subject));
  expect(notice.text).not.toContain(secret);

  await signOut(page);
  await signInWith(page, owner.email, owner.password);
  // The password alone is not enough: the form asks for the code. A code is used once, so the sign-in
  // takes the next 30-second step's (within the server's ±1 step of drift).
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeVisible();
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a colleague invited by email joins from a second browser and sees the company", async ({ page, browser }) => {
  const owner = await signUpOwner(page, "team");
  await signInWith(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/settings?tab=team");
  await page.getByRole("button", { name: "Invite someone" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Invite someone" });
  const colleague = `colleague-${uniqueSuffix()}@example.com`;
  await dialog.getByLabel("Email").fill(colleague);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("team-settings")).toContainText(colleague);

  const invitation = await mailsTo(colleague);
  expect(invitation.subject).toContain(owner.company);
  const context = await browser.newContext();
  try {
    const second = await context.newPage();
    await second.goto(linkIn(invitation, "/accept_invitation"));
    await expect(second.getByRole("heading", { name: `Join ${owner.company}` })).toBeVisible();
    await second.getByRole("link", { name: "Create your account" }).click();
    await expect(second.getByLabel("Work email")).toHaveValue(colleague);
    await second.getByLabel("First name").fill("Ada");
    await second.getByLabel("Last name").fill("Lovelace");
    await second.getByLabel("Password", { exact: true }).fill("Engine-Notes-1843");
    await second.getByLabel("Confirm password").fill("Engine-Notes-1843");
    await second.getByRole("button", { name: "Create account and join" }).click();
    await expect(second).toHaveURL(/\/dashboard$/);
    // Their only company heads the sidebar (one company: a heading, not a switcher).
    await expect(second.locator("#app-sidebar")).toContainText(owner.company);
  } finally {
    await context.close();
  }
  // The owner's team now lists the colleague as a member.
  await page.reload();
  await expect(page.getByTestId("team-settings").getByText(colleague).first()).toBeVisible();
});

test("someone signed in accepts an invitation and the company joins their switcher", async ({ page, browser }) => {
  const owner = await signUpOwner(page, "host");
  const context = await browser.newContext();
  try {
    const guestPage = await context.newPage();
    const guest = await signUpOwner(guestPage, "guest");
    await signInWith(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/settings?tab=team");
    await page.getByRole("button", { name: "Invite someone" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Invite someone" });
    await dialog.getByLabel("Email").fill(guest.email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog).toBeHidden();

    const invitation = await mailsTo(guest.email);
    await signInWith(guestPage, guest.email, guest.password);
    await expect(guestPage).toHaveURL(/\/dashboard$/);
    await guestPage.goto(linkIn(invitation, "/accept_invitation"));
    await guestPage.getByRole("button", { name: `Join ${owner.company}` }).click();
    await expect(guestPage).toHaveURL(/\/dashboard$/);
    // Two companies now: the sidebar's switcher offers both, the joined one selected.
    const switcher = guestPage.locator("#app-sidebar").getByRole("button", { name: "Switch company" });
    await expect(switcher).toContainText(owner.company);
    await switcher.click();
    await expect(guestPage.getByRole("menuitemradio", { name: new RegExp(guest.company) })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a company that requires two-factor shows its members why, and leads them to turn it on", async ({ page }) => {
  const owner = await signUpOwner(page, "gate");
  const required = await page.request.patch(`/app/companies/${owner.companyId}/settings.json`, {
    headers: { Authorization: `Bearer ${owner.token}`, "X-Company-ID": owner.companyId, "X-Client-ID": "foreman-web" },
    data: { require_two_factor: true },
  });
  expect(required.status()).toBe(200);
  await signInWith(page, owner.email, owner.password);
  await expect(page.getByRole("heading", { name: `${owner.company} requires two-factor sign-in` })).toBeVisible();
  // The refused calls behind it raise no error toasts: the screen already says why.
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/Couldn't load/)).toHaveCount(0);
  await page.getByRole("link", { name: "Turn on two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("button", { name: "Turn on two-factor" })).toBeVisible();
});

// A 4 × 4 PNG, coral.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWP4Xx8ARwzEcQD6AhzhCCCrqQAAAABJRU5ErkJggg==",
  "base64",
);

test("an owner uploads the company logo and the sidebar shows it", async ({ page }) => {
  const owner = await signUpOwner(page, "logo");
  await signInWith(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile");
  const card = page.getByTestId("company-logo-card");
  await card.getByLabel("Logo image file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(card.getByTestId("company-logo-preview").locator("img")).toHaveAttribute(
    "src",
    /^\/logos\/[0-9a-f]{64}\.webp$/,
  );
  // The sidebar's company mark shows it (the owner's one company heads the sidebar).
  const mark = page.locator("#app-sidebar").locator('img[src^="/logos/"]');
  await expect(mark).toHaveAttribute("src", /^\/logos\/[0-9a-f]{64}\.webp$/);
  const src = (await mark.getAttribute("src")) ?? "";
  const served = await page.request.get(src);
  expect(served.headers()["content-type"]).toBe("image/webp");
});

test("the profile and the team fit a phone, with nothing serious for axe", async ({ page }) => {
  const owner = await signUpOwner(page, "phone");
  await page.setViewportSize({ width: 375, height: 812 });
  await signInWith(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile");
  await expect(page.getByRole("button", { name: "Turn on two-factor" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "main");
  await page.goto("/settings?tab=team");
  await expect(page.getByTestId("team-settings")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "main");
});
