import {
  APPROVER_ROLE_REQUIRED,
  cancellableStatesFor,
  cancelNeedsApprover,
  orderNotFoundMessage,
  type QuoteDetail,
} from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { type Caller, mayApprove } from "../companies/index.ts";
import { findQuoteState } from "./order-actions.repository.ts";
import { getQuote } from "./orders.service.ts";
import { cancelQuoteOrOrder } from "./quote-transitions.ts";

/** Why an order in `state` cannot be cancelled (the 422's description). */
export function notCancellableMessage(state: string): string {
  if (state === "completed") return "A completed order cannot be cancelled.";
  if (state === "cancelled") return "This order is already cancelled.";
  return `An order in state ${state} cannot be cancelled.`;
}

/**
 * Cancels an open quote or order (contract `canCancelOrder`) and returns it as GET shows it. A placed
 * order only an approver may cancel (contract `cancelNeedsApprover`): anyone else gets 403. A won or
 * already cancelled one is a 422 and stays as it was; another company's, unknown or malformed id is the
 * same 404 as GET. The cancellation and its `quote.cancelled` activity commit together.
 */
export async function cancelQuote(db: Db, caller: Caller, id: string, userId: string): Promise<QuoteDetail> {
  const { companyId } = caller;
  if (!isUuid(id)) throw httpError(404, "not_found", orderNotFoundMessage(id));
  const states = cancellableStatesFor(await mayApprove(db, caller));
  await db.transaction(async (tx) => {
    // The state is checked in the UPDATE itself: a quote confirmed meanwhile is not cancelled by a member.
    const cancelled = await cancelQuoteOrOrder(tx, companyId, id, states);
    if (!cancelled) {
      const state = await findQuoteState(tx, companyId, id);
      if (state === null) throw httpError(404, "not_found", orderNotFoundMessage(id));
      if (cancelNeedsApprover(state)) throw httpError(403, "forbidden", APPROVER_ROLE_REQUIRED);
      throw httpError(422, "not_cancellable", notCancellableMessage(state));
    }
    await recordActivity(tx, {
      companyId,
      kind: "quote.cancelled",
      actor: await staffActor(tx, userId),
      subject: { type: "quote", id },
      summary: `Cancelled quote Q-${cancelled.number}`,
    });
  });
  return getQuote(db, companyId, id);
}
