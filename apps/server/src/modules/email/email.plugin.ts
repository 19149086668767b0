import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { EmailDeps } from "./email-deps.ts";
import { receiveMailHandler } from "./receive-mail.ts";
import { type SmtpListener, startSmtpListener } from "./smtp-listener.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Inbound mail's dependencies (modules/email), and the SMTP listener when EMAIL_INBOUND_PORT is set. */
    email: EmailDeps & { listener: SmtpListener | null };
  }
}

/**
 * The email channel's way in: the `email_receive` job that parses stored mail into customer messages,
 * and the built-in SMTP listener (EMAIL_INBOUND_PORT; off unless set), open once the app is ready.
 */
export const emailPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: EmailDeps = {
      db: app.db,
      queue: app.jobs,
      events: app.events,
      config: app.config.email,
      log: app.log,
    };
    app.decorate("email", { ...deps, listener: null });
    app.jobs.handle("email_receive", receiveMailHandler(deps));
    const { inboundPort, inboundHost } = app.config.email;
    if (inboundPort !== undefined) {
      app.addHook("onReady", async () => {
        app.email.listener = await startSmtpListener(deps, { host: inboundHost, port: inboundPort });
        app.log.info({ port: app.email.listener.port }, "Email: the SMTP listener takes mail");
      });
      app.addHook("onClose", async () => app.email.listener?.close());
    }
  },
  { name: "foreman-email", dependencies: ["foreman-jobs", "foreman-events", "foreman-channels"] },
);
