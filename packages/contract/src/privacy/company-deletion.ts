import { z } from "zod";

// Settings → Privacy → Danger zone: an owner deletes the company by typing its name. It keeps working
// for a grace period in which an owner can restore it; then everything of it is purged, files included.

export const DELETION_GRACE_DAYS = 7;

export const DELETION_OWNER_ONLY = "Only an owner of this company can delete or restore it";
export const DELETION_CONFIRM_MISMATCH = "Type the company's name exactly as it is shown to confirm";
export const DELETION_ALREADY_SCHEDULED = "This company is already scheduled for deletion";
export const DELETION_NOT_SCHEDULED = "This company is not scheduled for deletion";
export const DELETION_GRACE_OVER = "The grace period is over: this company can no longer be restored";

/** `POST /app/companies/{id}/deletion.json`: the company's name, typed to confirm. */
export const companyDeletionRequestSchema = z.object({
  confirm: z.string({ error: "Required" }).max(500, { error: "Must be at most 500 characters" }),
});
export type CompanyDeletionRequest = z.infer<typeof companyDeletionRequestSchema>;

/**
 * Whether what was typed confirms deleting the company: its name exactly, but for spaces around it
 * (case counts, so a confirmation is a deliberate copy of the name, not a near miss).
 */
export function deletionConfirmed(confirm: string, companyName: string): boolean {
  const typed = confirm.trim();
  return typed.length > 0 && typed === companyName.trim();
}

/** When a deletion asked for at `requestedAt` is carried out: after the grace period. */
export function deletionDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * 86_400_000);
}

/** Whether a deletion asked for at `requestedAt` can still be undone at `now`. */
export function deletionRestorable(requestedAt: Date, now: Date): boolean {
  return now.getTime() < deletionDueAt(requestedAt).getTime();
}
