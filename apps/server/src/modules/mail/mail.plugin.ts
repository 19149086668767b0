import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import { mailSendHandler, SMTP_TIMEOUT_MS } from "./mail-send.ts";

/**
 * SMTP_URL as nodemailer's options: `smtps:` is TLS from the first byte (465), `smtp:` upgrades with
 * STARTTLS when the server offers it (587, 25); the user and password are percent-decoded. Connections
 * are pooled: a new one costs a greeting (servers wait 100 ms or more for early talkers) and a TLS
 * handshake, more than sending a reply over an open one; a dropped one fails its mail's attempt, which
 * the job retries.
 */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 3,
    maxMessages: 100,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
}

/** Registers the `mail_send` job over SMTP_URL's server (none: mail is kept in the outbox). */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl } = app.config.mail;
    const transport = smtpUrl ? nodemailer.createTransport(smtpOptions(smtpUrl)) : null;
    app.jobs.handle("mail_send", mailSendHandler({ db: app.db, events: app.events, transport }));
    app.addHook("onClose", async () => transport?.close());
  },
  { name: "foreman-mail", dependencies: ["foreman-jobs"] },
);
