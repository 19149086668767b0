import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback for tests: it accepts every mail (or refuses recipients with the
// code `refuse` gives) and keeps each raw message with its envelope.

export type SunkMail = { from: string; to: string[]; raw: string };

export type SmtpSink = {
  port: number;
  url: string;
  mails: SunkMail[];
  close(): Promise<void>;
};

export async function smtpSink(
  options: { port?: number; refuse?: () => { code: number; message: string } | null } = {},
): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const server = new SMTPServer({
    // Loopback only: asking DNS who 127.0.0.1 is only slows the tests.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const refusal = options.refuse?.();
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (taken, then let go). */
export async function freePort(): Promise<number> {
  const sink = await smtpSink();
  await sink.close();
  return sink.port;
}
