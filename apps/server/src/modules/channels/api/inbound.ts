import { channelFromSource, type InboundAccepted, type InboundMessage } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type ApiChannelRow, channelContacts, customers } from "#server/db/schema/index.ts";
import { findChannelMessage } from "../../conversations/index.ts";
import { type ReceiveDeps, receiveCustomerMessage } from "../receive-customer-message.ts";

/**
 * `POST /api/v1/messages`: the channel's customer (found by `external_id`, or created), their open
 * conversation on this channel (or a new one, answered by the channel's AI employee), the message and
 * the job that answers it (receive-customer-message.ts). A message_id the channel sent before answers
 * the first delivery's ids with `duplicate: true` and writes nothing, even when two deliveries race.
 */
export async function receiveChannelMessage(
  deps: ReceiveDeps,
  channel: ApiChannelRow,
  input: InboundMessage,
): Promise<InboundAccepted> {
  const earlier = await findChannelMessage(deps.db, channel.id, input.messageId);
  if (earlier) return { ...earlier, duplicate: true };
  const received = await receiveCustomerMessage(deps, {
    companyId: channel.companyId,
    customer: (tx) => findOrCreateCustomer(tx, channel, input.customer),
    conversation: {
      source: { apiChannelId: channel.id },
      startWith: async () => ({
        channel: channelFromSource(input.source),
        aiEmployeeId: channel.aiEmployeeId,
        lead: { source: input.source || channel.name, personName: input.customer.name },
      }),
    },
    message: {
      senderName: input.customer.name,
      content: input.content,
      apiChannelId: channel.id,
      externalId: input.messageId,
    },
  });
  if ("duplicate" in received) {
    const first = await findChannelMessage(deps.db, channel.id, input.messageId);
    return { ...first!, duplicate: true };
  }
  return { conversationId: received.conversationId, messageId: received.message.id, duplicate: false };
}

/**
 * The company's customer behind the channel's external id; created (with its contact) the first time.
 * The email and phone the visitor gives are kept as contact data only: nobody verified them, so they
 * never match an existing customer (verified-customer.ts).
 */
async function findOrCreateCustomer(tx: Executor, channel: ApiChannelRow, customer: InboundMessage["customer"]) {
  const known = async () => {
    const [row] = await tx
      .select({ customerId: channelContacts.customerId })
      .from(channelContacts)
      .where(and(eq(channelContacts.apiChannelId, channel.id), eq(channelContacts.externalId, customer.externalId)));
    return row?.customerId ?? null;
  };
  const existing = await known();
  if (existing) return existing;
  const [created] = await tx
    .insert(customers)
    .values({
      companyId: channel.companyId,
      fullName: customer.name,
      email: customer.email ?? null,
      phone: customer.phone ?? null,
    })
    .returning({ id: customers.id });
  const [contact] = await tx
    .insert(channelContacts)
    .values({
      companyId: channel.companyId,
      apiChannelId: channel.id,
      externalId: customer.externalId,
      customerId: created!.id,
    })
    .onConflictDoNothing()
    .returning({ customerId: channelContacts.customerId });
  if (contact) return contact.customerId;
  // Another delivery created the contact meanwhile: use theirs (this transaction's customer row is unused).
  await tx.delete(customers).where(eq(customers.id, created!.id));
  return (await known())!;
}
