import type { EmailDeps } from "./email-deps.ts";

// PLACEHOLDER (being written in this session): the built-in SMTP listener.
export type SmtpListener = { port: number; close(): Promise<void> };
export async function startSmtpListener(_deps: EmailDeps, _at: { host: string; port: number }): Promise<SmtpListener> {
  throw new Error("not built yet");
}
