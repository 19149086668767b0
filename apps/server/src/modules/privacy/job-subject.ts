import { createHash } from "node:crypto";

// A job is unique per (kind, subject) forever (modules/jobs), so recurring work names its subject after
// what makes one run different from the next: the company and the day for the nightly sweep, the
// company and the moment its deletion was asked for the purge. Every instance derives the same id, so
// a run is enqueued once however many instances tick.

/** A version-5-shaped UUID from the parts (SHA-1, RFC 9562 §5.5). */
export function derivedUuid(...parts: string[]): string {
  const hash = createHash("sha1")
    .update(`foreman-privacy:${parts.join("\u0000")}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The nightly sweep of one company on one UTC day. */
export const retentionSweepSubject = (companyId: string, now: Date) =>
  derivedUuid("retention_sweep", companyId, now.toISOString().slice(0, 10));

/** The purge of one company, for the deletion asked at `requestedAt`. */
export const companyPurgeSubject = (companyId: string, requestedAt: Date) =>
  derivedUuid("company_purge", companyId, requestedAt.toISOString());
