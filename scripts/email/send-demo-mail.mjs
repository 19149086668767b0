// Plays a customer writing to an email channel in the local demo: sends one mail to the server's
// built-in SMTP listener (EMAIL_INBOUND_PORT) and says what the listener answered.
//
//   npm run email:demo -- --to acme-x1y2z3@mail.foreman.localhost [--from "Grace <grace@customer.example>"]
//     [--subject "…"] [--text "…"] [--port 2525] [--host 127.0.0.1] [--in-reply-to "<id@host>"]
//
// --to is the channel's inbound address (shown on its settings page) or a conversation's reply address.
// --in-reply-to answers an earlier mail, so the reply lands in that mail's conversation.

import { parseArgs } from "node:util";
import { createTransport } from "nodemailer";

const USAGE =
  'Usage: npm run email:demo -- --to <inbound address> [--from "Grace <grace@customer.example>"] [--subject …] [--text …] [--port 2525] [--host 127.0.0.1] [--in-reply-to <message id>]';

let values;
try {
  ({ values } = parseArgs({
    options: {
      to: { type: "string" },
      from: { type: "string", default: "Grace Hopper <grace@customer.example>" },
      subject: { type: "string", default: "Do you ship to Lisbon?" },
      text: { type: "string", default: "Hello! Do you ship to Lisbon, and how long does it take?\n\nGrace" },
      port: { type: "string", default: process.env.EMAIL_INBOUND_PORT || "2525" },
      host: { type: "string", default: "127.0.0.1" },
      "in-reply-to": { type: "string" },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}

const port = Number(values.port);
if (!values.to || !Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(USAGE);
  process.exit(2);
}

const inReplyTo = values["in-reply-to"];
// The listener offers STARTTLS with a certificate of its own making; on loopback the demo talks plainly.
const transport = createTransport({
  host: values.host,
  port,
  secure: false,
  ignoreTLS: true,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 60_000,
});

try {
  const info = await transport.sendMail({
    from: values.from,
    to: values.to,
    subject: values.subject,
    text: values.text,
    ...(inReplyTo ? { inReplyTo, references: [inReplyTo] } : {}),
  });
  console.log(`Sent to ${values.to}`);
  console.log(`Message-ID: ${info.messageId}`);
  console.log(`The listener answered: ${info.response}`);
} catch (error) {
  const where = `${values.host}:${port}`;
  if (error.code === "ECONNREFUSED" || error.code === "ESOCKET" || error.code === "ETIMEDOUT") {
    console.error(
      `Nothing answers SMTP at ${where}. Start the server with EMAIL_INBOUND_PORT=${port} (e.g. EMAIL_INBOUND_PORT=${port} npm run dev), or pass --port.`,
    );
  } else if (error.responseCode) {
    console.error(`The listener at ${where} refused the mail: ${error.response ?? error.message}`);
    if (error.responseCode === 550)
      console.error("Is --to an enabled email channel's inbound address (or a conversation's reply address)?");
  } else {
    console.error(`Sending to ${where} failed: ${error.message}`);
  }
  process.exitCode = 1;
} finally {
  transport.close();
}
