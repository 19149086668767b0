import { expect } from "@playwright/test";

// The run's local mailbox (scripts/email/mail-sink.mjs, started by playwright.config.ts): every mail the
// server sends lands there over real SMTP, and the specs read it back over HTTP.

export type SunkMail = { id: number; from: string; to: string[]; subject: string; text: string };

const mailboxUrl = () => {
  const url = process.env.E2E_MAIL_URL;
  if (!url) throw new Error("E2E_MAIL_URL is not set: run the specs through playwright.config.ts");
  return url;
};

async function read(to: string): Promise<SunkMail[]> {
  const response = await fetch(`${mailboxUrl()}/mails?to=${encodeURIComponent(to.toLowerCase())}`);
  return (await response.json()) as SunkMail[];
}

/** Waits for the newest mail to `to` that `matches`, and answers it. */
export async function mailsTo(to: string, matches: (mail: SunkMail) => boolean = () => true): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await read(to)).filter(matches).at(-1);
        return found !== undefined;
      },
      { timeout: 20_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text to `path` (e.g. /reset_password), as a path with its query. */
export function linkIn(mail: SunkMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace("/", "\\/")}\\?[^\\s]+`).exec(mail.text);
  expect(match, `a ${path} link in "${mail.subject}"`).not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}
