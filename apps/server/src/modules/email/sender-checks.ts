import { type AutomatedMailReason, INBOUND_MAIL_LIMITS, inboundAddress } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { automatedReason, type LoopHeaders } from "./loop-guard.ts";
import { companyMailAddresses, countRecentMailsFrom } from "./receive-mail.repository.ts";

// Whether a mail's sender is one we must not answer: a machine (loop-guard.ts), ourselves, or someone
// writing faster than a person does.

export type Sender = {
  companyId: string;
  emailChannelId: string;
  inboundDomain: string;
  /** The From header's bare address. */
  address: string;
  envelopeFrom: string | null;
  loopHeaders: LoopHeaders;
};

/** A machine's mail or our own: any address at our inbound domain, or one of the company's channels. */
export async function automatedSenderReason(db: Db, sender: Sender): Promise<AutomatedMailReason | null> {
  const reason = automatedReason(sender.loopHeaders, sender.address, sender.envelopeFrom);
  if (reason) return reason;
  const domain = sender.inboundDomain.toLowerCase();
  if (sender.address.endsWith(`@${domain}`)) return "own_address";
  const channels = await companyMailAddresses(db, sender.companyId);
  const own = channels.some(
    (channel) =>
      inboundAddress(channel.inboundLocal, domain) === sender.address ||
      channel.fromAddress?.toLowerCase() === sender.address,
  );
  return own ? "own_address" : null;
}

/**
 * More than INBOUND_MAIL_LIMITS.perSenderPerMinute mails a minute from one address to one channel:
 * held for staff (a script, or two machines answering each other under addresses we do not know).
 */
export async function writesTooFast(db: Db, sender: Sender): Promise<boolean> {
  const recent = await countRecentMailsFrom(db, sender);
  return recent >= INBOUND_MAIL_LIMITS.perSenderPerMinute;
}
