import type { AddressInfo } from "node:net";
import { INBOUND_MAIL_LIMITS } from "@foreman/contract";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { clientNetworkOf } from "#server/lib/client-network.ts";
import { ConnectionRate } from "./connection-rate.ts";
import type { EmailDeps } from "./email-deps.ts";
import { findMailTarget, type IntakeDeps, takeInboundMail } from "./intake.ts";

// The built-in SMTP listener (EMAIL_INBOUND_PORT): the MX for EMAIL_INBOUND_DOMAIN and nothing else.
// It takes no AUTH and relays nothing: a recipient must be an address intake knows, and a message goes
// straight into intake (intake.ts), which stores it and queues its parsing. Everything a stranger can
// make it hold is bounded: the message's bytes, its recipients, the clients, their idle time and how
// often one network may connect.

export type SmtpListener = { port: number; close(): Promise<void> };

export const SMTP_LISTENER_LIMITS = {
  /** Recipients of one transaction; the next is answered 452 and the sender sends it again later. */
  recipients: 50,
  /** Clients connected at once; the next is answered 421. */
  clients: 100,
  /**
   * Connections a minute from one client network (an IPv6 /64 is one); the next is answered 421 and
   * retried by the sender. High enough for a relay in front of the listener, which is one client.
   */
  connectionsPerMinute: 300,
  /** Idle time before a client is disconnected. */
  socketTimeoutMs: 60_000,
  /**
   * How long closing waits for clients still sending: within the server's 10 s graceful shutdown. A
   * mail cut off never got its 250, so its sender tries again; nothing acknowledged is lost.
   */
  closeTimeoutMs: 5_000,
};
export type SmtpListenerLimits = typeof SMTP_LISTENER_LIMITS;

/** An answer to the client: smtp-server sends `responseCode`, the enhanced status code and the message. */
function smtpReply(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const TEMPORARY_FAILURE = () => smtpReply(451, "Local error while taking the message, please try again later");

export async function startSmtpListener(
  deps: EmailDeps,
  at: { host: string; port: number; limits?: Partial<SmtpListenerLimits> },
): Promise<SmtpListener> {
  const limits = { ...SMTP_LISTENER_LIMITS, ...at.limits };
  const maxBytes = INBOUND_MAIL_LIMITS.maxBytes;
  const intake: IntakeDeps = { db: deps.db, queue: deps.queue, inboundDomain: deps.config.inboundDomain };
  const log = deps.log.child({ module: "email-smtp" });
  const connections = new ConnectionRate(limits.connectionsPerMinute);

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession) =>
    new Promise<string>((resolve, reject) => {
      // Kept only while within the limit: past it the rest is read and dropped (the client is answered 552).
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on("data", (chunk: Buffer) => {
        if (stream.sizeExceeded || kept + chunk.length > maxBytes) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      stream.once("error", reject);
      stream.once("end", () => {
        if (stream.sizeExceeded || kept > maxBytes) {
          log.warn(
            { bytes: stream.byteLength, client: session.remoteAddress },
            "Email: SMTP message over the size limit",
          );
          return reject(smtpReply(552, `Message exceeds the fixed maximum message size of ${maxBytes} bytes`));
        }
        const { mailFrom, rcptTo } = session.envelope;
        takeInboundMail(intake, {
          raw: Buffer.concat(chunks, kept),
          recipients: rcptTo.map((recipient) => recipient.address),
          envelopeFrom: mailFrom ? mailFrom.address : null,
          transport: "smtp",
        }).then(
          ({ accepted, duplicates, unknown }) => {
            log.debug({ bytes: kept, accepted, duplicates, unknown: unknown.length }, "Email: SMTP message taken");
            if (accepted > 0) return resolve("Message queued");
            if (duplicates > 0) return resolve("Message already received");
            // Every recipient was switched off between RCPT and the end of DATA.
            reject(smtpReply(550, "No such mailbox here"));
          },
          (error: unknown) => {
            log.warn({ err: error }, "Email: storing an SMTP message failed; the sender will retry");
            reject(TEMPORARY_FAILURE());
          },
        );
      });
    });

  const server = new SMTPServer({
    name: deps.config.inboundDomain,
    banner: "Foreman inbound mail",
    // An MX for our own addresses: nobody signs in, so nothing can be relayed through it.
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: maxBytes,
    rejectOversized: true,
    hideENHANCEDSTATUSCODES: false,
    maxRecipients: limits.recipients,
    maxClients: limits.clients,
    socketTimeout: limits.socketTimeoutMs,
    closeTimeout: limits.closeTimeoutMs,
    // A reverse lookup per connection would let any client make us wait on DNS; nothing here uses the name.
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      if (connections.allow(clientNetworkOf(session.remoteAddress))) return callback();
      log.warn({ client: session.remoteAddress }, "Email: too many SMTP connections from one network");
      callback(smtpReply(421, "Too many connections from your network, try again later"));
    },
    onRcptTo(address, _session, callback) {
      findMailTarget(deps.db, intake.inboundDomain, address.address).then(
        (target) => callback(target ? null : smtpReply(550, "No such mailbox here")),
        (error: unknown) => {
          log.warn({ err: error }, "Email: looking up an SMTP recipient failed");
          callback(TEMPORARY_FAILURE());
        },
      );
    },
    onData(stream, session, callback) {
      onData(stream, session).then(
        (message) => callback(null, message),
        (error: Error) => callback(error),
      );
    },
  });
  // A client's broken socket or TLS handshake is its problem, never a crash of the server.
  server.on("error", (error) => log.warn({ err: error }, "Email: SMTP connection error"));

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.server.once("error", failed);
    server.listen(at.port, at.host, () => {
      server.server.off("error", failed);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
