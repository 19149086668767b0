import type { DeliveryStatus } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import type { ConversationRoute, OutgoingMessage } from "../conversations/index.ts";
import type { JobQueue } from "../jobs/index.ts";

/** How one channel sends what staff and AI employees write back to the customer (dispatch.ts). */
export interface ChannelOutbound {
  /** Throws an HTTP error when the channel cannot carry a staff message now; nothing is stored then. */
  checkStaffReply(
    tx: Executor,
    conversation: { id: string; route: ConversationRoute },
    message: { template: boolean },
  ): Promise<void>;
  /** Queues the message's delivery in the caller's transaction; answers its delivery status, if tracked. */
  deliver(tx: Executor, queue: JobQueue, message: OutgoingMessage): Promise<DeliveryStatus | null>;
}
