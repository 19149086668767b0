import type { SharedNotice } from "./event-bus.ts";

// The NOTIFY payload of a cache notice on the PostgreSQL bus (its own channel beside the live events).

export type { SharedNotice };

export function toNoticePayload(origin: string, notice: SharedNotice): string {
  return JSON.stringify({ origin, notice });
}

/** A payload read back; null for anything this code did not write. */
export function parseNoticePayload(payload: string): { origin: string; notice: SharedNotice } | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { origin, notice } = value as { origin?: unknown; notice?: Record<string, unknown> };
  if (typeof origin !== "string" || typeof notice !== "object" || notice === null) return null;
  if (notice.topic === "tokens.revoked" && typeof notice.chainId === "string")
    return { origin, notice: { topic: "tokens.revoked", chainId: notice.chainId } };
  if (notice.topic === "user.changed" && typeof notice.userId === "string")
    return { origin, notice: { topic: "user.changed", userId: notice.userId } };
  if (notice.topic === "company.changed" && typeof notice.companyId === "string")
    return { origin, notice: { topic: "company.changed", companyId: notice.companyId } };
  return null;
}
