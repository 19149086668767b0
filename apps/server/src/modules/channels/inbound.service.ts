import { channelFromSource, type InboundAccepted, type InboundMessage } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client.ts";
import { type ApiChannelRow, channelContacts, customers, messages } from "#server/db/schema/index.ts";
import { createConversation, findOpenChannelConversation, storeInbound } from "../agents/inbound-message.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { JobQueue } from "../jobs/job-queue.ts";

export type InboundDeps = { db: Db; queue: JobQueue; events: EventBus };

/** A second delivery of a message_id: raised inside the transaction to undo what it wrote. */
class AlreadyReceived extends Error {}

/**
 * `POST /api/v1/messages`: the channel's customer (found by `external_id`, or created), their open
 * conversation on this channel (or a new one, answered by the channel's AI employee), the message and
 * the job that answers it, all in one transaction. A message_id the channel sent before answers the
 * first delivery's ids with `duplicate: true` and writes nothing, even when two deliveries race.
 */
export async function receiveChannelMessage(
  deps: InboundDeps,
  channel: ApiChannelRow,
  input: InboundMessage,
): Promise<InboundAccepted> {
  const earlier = await findDelivered(deps.db, channel.id, input.messageId);
  if (earlier) return { ...earlier, duplicate: true };
  await deps.queue.prepare();
  let stored: { conversationId: string; message: NonNullable<Awaited<ReturnType<typeof storeInbound>>> };
  try {
    stored = await deps.db.transaction(async (tx) => {
      const customerId = await findOrCreateCustomer(tx, channel, input.customer);
      const conversationId =
        (await findOpenChannelConversation(tx, { apiChannelId: channel.id }, customerId)) ??
        (await createConversation(tx, {
          companyId: channel.companyId,
          channel: channelFromSource(input.source),
          customerId,
          aiEmployeeId: channel.aiEmployeeId,
          apiChannelId: channel.id,
          isTest: false,
          lead: { source: input.source || channel.name, personName: input.customer.name },
        }));
      const message = await storeInbound(tx, deps.queue, {
        companyId: channel.companyId,
        conversationId,
        senderName: input.customer.name,
        content: input.content,
        apiChannelId: channel.id,
        externalId: input.messageId,
      });
      if (!message) throw new AlreadyReceived();
      return { conversationId, message };
    });
  } catch (error) {
    if (!(error instanceof AlreadyReceived)) throw error;
    const first = await findDelivered(deps.db, channel.id, input.messageId);
    return { ...first!, duplicate: true };
  }
  deps.queue.wake();
  await deps.events.publish(channel.companyId, {
    type: "message.created",
    conversationId: stored.conversationId,
    message: stored.message,
  });
  await deps.events.publish(channel.companyId, { type: "conversation.updated", conversationId: stored.conversationId });
  return { conversationId: stored.conversationId, messageId: stored.message.id, duplicate: false };
}

async function findDelivered(db: Executor, apiChannelId: string, externalId: string) {
  const [row] = await db
    .select({ conversationId: messages.conversationId, messageId: messages.id })
    .from(messages)
    .where(and(eq(messages.apiChannelId, apiChannelId), eq(messages.externalId, externalId)));
  return row ?? null;
}

/**
 * The company's customer behind the channel's external id; created (with its contact) the first time.
 * The email and phone the visitor gives are kept as contact data only: nobody verified them, so they
 * never match an existing customer (customers.ts, agents/verified-customer.ts).
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
