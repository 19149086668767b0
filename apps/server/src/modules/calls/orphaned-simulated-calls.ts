import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { calls, callTurns } from "#server/db/schema/index.ts";
import { advanceCall } from "./call-transitions.ts";

// The simulated provider drives its calls from the memory of the process that placed or took them
// (modules/telephony/simulated-calls.ts): after a restart nobody will ever end them. On the embedded
// database this process is the only one, so every unfinished simulated call is an orphan; on PostgreSQL
// another instance may still be driving one, so only calls older than any simulated call lives are.

const STILL_LIVE_MS = 60 * 60_000;

/**
 * Ends the simulated calls no process drives any more: an answered one as completed at its last turn
 * (so its duration is what was said, not the downtime), an unanswered one as failed. Returns how many.
 */
export async function endOrphanedSimulatedCalls(db: Db, options: { onlyOlder: boolean }): Promise<number> {
  const lastTurn = db
    .select({ at: sql<Date | null>`max(${callTurns.createdAt})` })
    .from(callTurns)
    .where(eq(callTurns.callId, calls.id));
  const orphans = await db
    .select({
      id: calls.id,
      startedAt: calls.startedAt,
      answeredAt: calls.answeredAt,
      lastTurnAt: sql<string | null>`(${lastTurn})`,
    })
    .from(calls)
    .where(
      and(
        eq(calls.provider, "simulated"),
        inArray(calls.status, ["queued", "ringing", "in_progress"]),
        options.onlyOlder ? lt(calls.startedAt, new Date(Date.now() - STILL_LIVE_MS)) : undefined,
      ),
    );
  for (const orphan of orphans) {
    const lastAt = orphan.lastTurnAt ? new Date(orphan.lastTurnAt) : null;
    await db.transaction((tx) =>
      orphan.answeredAt
        ? advanceCall(tx, orphan.id, "completed", { at: lastAt ?? orphan.answeredAt })
        : advanceCall(tx, orphan.id, "failed", { at: orphan.startedAt }),
    );
  }
  return orphans.length;
}
