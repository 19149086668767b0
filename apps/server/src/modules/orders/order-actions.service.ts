import { orderNotFoundMessage, type QuoteDetail } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/activities.repository.ts";
import { cancelQuoteIfOpen, findQuoteState } from "./order-actions.repository.ts";
import { getQuote } from "./orders.service.ts";

/** Why an order in `state` cannot be cancelled (the 422's description). */
export function notCancellableMessage(state: string): string {
  if (state === "completed") return "A completed order cannot be cancelled.";
  if (state === "cancelled") return "This order is already cancelled.";
  return `An order in state ${state} cannot be cancelled.`;
}

/**
 * Cancels an open quote or order (contract `canCancelOrder`) and returns it as GET shows it. A won or
 * already cancelled one is a 422 and stays as it was; another company's, unknown or malformed id is the
 * same 404 as GET. The cancellation and its `quote.cancelled` activity commit together.
 */
export async function cancelQuote(db: Db, companyId: string, id: string, userId: string): Promise<QuoteDetail> {
  if (!isUuid(id)) throw httpError(404, "not_found", orderNotFoundMessage(id));
  await db.transaction(async (tx) => {
    const cancelled = await cancelQuoteIfOpen(tx, companyId, id);
    if (!cancelled) {
      const state = await findQuoteState(tx, companyId, id);
      if (state === null) throw httpError(404, "not_found", orderNotFoundMessage(id));
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
