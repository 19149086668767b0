// A local mailbox for trying Foreman's mail without a real mail server: an SMTP server that takes every
// mail Foreman sends (password resets, invitations, two-factor notices, replies to customers), prints
// each one, and lists them over HTTP. The e2e suite reads the links out of it the same way.
//
//   npm run mail:sink [-- --smtp-port 2526 --http-port 2527]
//   SMTP_URL=smtp://127.0.0.1:2526 npm start
//   open http://127.0.0.1:2527/mails (JSON, newest last; ?to=<address> keeps one recipient's)
//
// Loopback only, kept in memory, never for production.

import http from "node:http";
import { parseArgs } from "node:util";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const { values } = parseArgs({
  options: {
    "smtp-port": { type: "string", default: "2526" },
    "http-port": { type: "string", default: "2527" },
    quiet: { type: "boolean", default: false },
  },
});
const smtpPort = Number(values["smtp-port"]);
const httpPort = Number(values["http-port"]);
// The newest 500 mails, enough for a demo or a test run.
const MAX_MAILS = 500;
const mails = [];

const smtp = new SMTPServer({
  disableReverseLookup: true,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 10 * 1024 * 1024,
  async onData(stream, session, callback) {
    try {
      const parsed = await simpleParser(stream);
      const mail = {
        id: mails.length + 1,
        receivedAt: new Date().toISOString(),
        from: parsed.from?.text ?? "",
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        messageId: parsed.messageId ?? null,
      };
      mails.push(mail);
      if (mails.length > MAX_MAILS) mails.shift();
      if (!values.quiet)
        console.log(
          `\n── mail #${mail.id} to ${mail.to.join(", ")} ──\nSubject: ${mail.subject}\n\n${mail.text.trim()}\n`,
        );
      callback();
    } catch (error) {
      callback(error);
    }
  },
});

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (request.method !== "GET" || (url.pathname !== "/mails" && url.pathname !== "/")) {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const body = JSON.stringify(to ? mails.filter((mail) => mail.to.includes(to)) : mails, null, 2);
  response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
});

smtp.listen(smtpPort, "127.0.0.1", () => {
  server.listen(httpPort, "127.0.0.1", () => {
    console.log(`Mail sink: SMTP on 127.0.0.1:${smtpPort}, mails at http://127.0.0.1:${httpPort}/mails`);
    console.log(`Start Foreman with SMTP_URL=smtp://127.0.0.1:${smtpPort} to send its mail here.`);
  });
});

const stop = () => {
  server.close();
  smtp.close(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
