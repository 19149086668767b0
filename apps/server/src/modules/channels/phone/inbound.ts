import type { Message } from "@foreman/contract";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { messages } from "#server/db/schema/index.ts";
import { createConversation, toMessage } from "../../conversations/index.ts";
import { type ReceiveDeps, receiveCustomerMessage } from "../receive-customer-message.ts";
import { customerOfVerifiedIdentity } from "../verified-customer.ts";

/** A number the provider connected, in E.164: only such a number identifies a customer. */
const CALLER_NUMBER = /^\+[1-9]\d{6,14}$/;

/** The lead a phone conversation opens in the sales pipeline comes from here. */
export const PHONE_LEAD_SOURCE = "Phone";

/** What a caller said on a call, as the call (modules/calls) hands it to the channel. */
export type CallerWords = {
  companyId: string;
  /** The company's number the call is on; null only when the number was removed since. */
  phoneNumberId: string | null;
  /** Who answers a new conversation: the call's AI employee. */
  aiEmployeeId: string | null;
  /**
   * The caller's number as the provider connected it (From of an inbound call, To of an outbound one):
   * the customer is found or created by it as a verified `phone` identity.
   */
  callerNumber: string;
  /** The customer staff named when placing the call: taken as given. */
  customerId: string | null;
  /** The call's conversation once its first words opened one; later words go on in it. */
  conversationId: string | null;
  /** A staff member's test call: a test conversation (no customer, no lead, left out of every list). */
  isTest: boolean;
  /** Unique per call and turn (e.g. `${CallSid}:${n}`): a provider's retry of a turn stores nothing twice. */
  externalId: string;
  senderName: string;
  text: string;
  /** "ai" (default): the AI employee answers; "hold": a message left for staff, handed to them. */
  answer?: "ai" | "hold";
  /** The call's own writes for the stored message (its transcript), in the message's transaction, with its customer. */
  withMessage: (tx: Executor, message: Message, customerId: string | null) => Promise<void>;
};

export type CallerWordsReceived = { message: Message; duplicate: boolean };

/** A turn stored before under the same id: raised inside the transaction to undo this one. */
class TurnStoredBefore extends Error {
  constructor(readonly messageId: string) {
    super("This turn of the call was stored before");
  }
}

/**
 * A caller's recognised speech, through the one way in (receive-customer-message.ts): the customer by
 * their number (a verified identity: the provider connected that number), the open conversation on
 * this company number with them (or a new `phone` one answered by the call's AI employee, with a lead),
 * the message and its answer. The same turn delivered twice (the provider retries a webhook it got no
 * answer to) is found and answered as a duplicate, with the first delivery's message.
 */
export async function receiveCallerWords(deps: ReceiveDeps, input: CallerWords): Promise<CallerWordsReceived> {
  const { companyId } = input;
  let customerId: string | null = null;
  try {
    const received = await receiveCustomerMessage(deps, {
      companyId,
      customer: async (tx) => {
        // A withheld or malformed caller id ("anonymous") identifies nobody: no customer is matched by it.
        customerId =
          input.isTest || (!input.customerId && !CALLER_NUMBER.test(input.callerNumber))
            ? null
            : (input.customerId ??
              (await customerOfVerifiedIdentity(
                tx,
                { companyId, kind: "phone", value: input.callerNumber },
                { fullName: input.senderName, phone: input.callerNumber },
              )));
        return customerId;
      },
      conversation:
        input.conversationId || input.isTest || !input.phoneNumberId
          ? { find: (tx, customerId) => callConversation(tx, input, customerId) }
          : {
              source: { phoneNumberId: input.phoneNumberId },
              startWith: async () => ({
                channel: "phone",
                aiEmployeeId: input.aiEmployeeId,
                lead: { source: PHONE_LEAD_SOURCE, personName: input.senderName },
              }),
            },
      message: {
        senderName: input.senderName,
        content: input.text,
        apiChannelId: null,
        externalId: input.externalId,
      },
      answer: input.answer ?? "ai",
      alsoQueue: async (tx, _queue, message) => {
        // The messages' unique key covers the channel API's ids only: a turn's id is checked here, one
        // delivery at a time, and a second one undoes everything it wrote.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-turn:${companyId}:${input.externalId}`}))`);
        const [earlier] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.companyId, companyId),
              isNull(messages.apiChannelId),
              eq(messages.externalId, input.externalId),
              ne(messages.id, message.id),
            ),
          )
          .limit(1);
        if (earlier) throw new TurnStoredBefore(earlier.id);
        await input.withMessage(tx, message, customerId);
      },
    });
    if ("duplicate" in received) throw new Error("a phone turn is deduplicated by its own id");
    return { message: received.message, duplicate: false };
  } catch (error) {
    if (!(error instanceof TurnStoredBefore)) throw error;
    const [first] = await deps.db.select().from(messages).where(eq(messages.id, error.messageId));
    return { message: toMessage({ ...first!, avatarUrl: null }, []), duplicate: true };
  }
}

/** The call's conversation: the one its first words opened, or a new one (a test call's is a test conversation). */
async function callConversation(tx: Executor, input: CallerWords, customerId: string | null): Promise<string> {
  if (input.conversationId) return input.conversationId;
  return createConversation(tx, {
    companyId: input.companyId,
    channel: "phone",
    customerId,
    aiEmployeeId: input.aiEmployeeId,
    apiChannelId: null,
    phoneNumberId: input.phoneNumberId,
    isTest: input.isTest,
    lead: input.isTest ? null : { source: PHONE_LEAD_SOURCE, personName: input.senderName },
  });
}
