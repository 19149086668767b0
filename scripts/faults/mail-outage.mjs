// The SMTP server away for a minute while Foreman is killed and started again: a customer mail comes
// in through the SMTP listener, the AI employee's reply goes into the outbox, and the outbound server
// refuses connections. The server is killed (kill -9, as a machine dying) after the first failed
// attempt and started again on the same database; the outbound server comes back a minute after the
// first failure. The reply is delivered once: nothing lost by the kill, nothing sent twice.
import net from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { json, signInDemo, sleep, waitFor } from "./api.mjs";
import { startServer } from "./server-process.mjs";

/** A port nothing listens on yet (the outbound server's, while it is away). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The outbound SMTP server coming back on `port`: keeps every mail it takes. */
async function smtpServerOn(port) {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { mails, close: () => new Promise((resolve) => server.close(resolve)) };
}

export async function mailOutageAcrossRestart({ port, inboundPort, env, outageMs = 60_000 }) {
  const smtpPort = await freePort();
  const serverEnv = {
    ...env,
    EMAIL_INBOUND_PORT: String(inboundPort),
    EMAIL_INBOUND_HOST: "127.0.0.1",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
  let server = await startServer({ port, env: serverEnv });
  let outbound = null;
  try {
    const headers = { ...(await signInDemo(server.baseUrl)), "content-type": "application/json" };
    const { email_channels: channels } = await json(`${server.baseUrl}/app/email_channels.json`, { headers });
    const customerMessageId = `<outage-${Date.now()}@customer.example>`;
    const customer = nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort, ignoreTLS: true });
    await customer.sendMail({
      from: "Grace Hopper <grace@customer.example>",
      to: channels[0].inbound_address,
      subject: "Pallets",
      text: "Hi! How much is a wooden pallet?",
      messageId: customerMessageId,
    });
    customer.close();
    const outbox = async (baseUrl) =>
      (await json(`${baseUrl}/app/outbound_mails.json?per_page=10`, { headers })).outbound_mails;
    // The reply is in the outbox and its first attempt found nobody there.
    const firstFailure = await waitFor(
      "the reply's first failed attempt",
      async () => {
        const reply = (await outbox(server.baseUrl)).find((mail) => mail.to === "grace@customer.example");
        return reply?.last_error ? { id: reply.id, at: Date.now() } : undefined;
      },
      60_000,
    );
    server.kill();
    const exit = await server.exited;
    if (exit.signal !== "SIGKILL") throw new Error(`the server was not killed: ${JSON.stringify(exit)}`);
    // On the next ports: the killed process's sockets may linger a moment (as in kill-mid-job.mjs).
    server = await startServer({ port: port + 1, env: { ...serverEnv, EMAIL_INBOUND_PORT: String(inboundPort + 1) } });
    await sleep(Math.max(0, firstFailure.at + outageMs - Date.now()));
    outbound = await smtpServerOn(smtpPort);
    const sent = await waitFor(
      "the reply delivered after the outage",
      async () => {
        const reply = (await outbox(server.baseUrl)).find((mail) => mail.id === firstFailure.id);
        return reply?.state === "sent" ? reply : undefined;
      },
      240_000,
    );
    // Long enough for a second copy to arrive, were the job run twice.
    await sleep(3000);
    const replies = outbound.mails.filter((raw) => raw.includes(`In-Reply-To: ${customerMessageId}`));
    const output = server.output();
    server.signal("SIGTERM");
    await server.exited;
    return { sent, replies, output };
  } finally {
    server.kill();
    await outbound?.close();
  }
}
