import { z } from "zod";
import { dataExportSchema } from "./data-export.ts";
import { retentionDaysSchema } from "./retention.ts";

/** `GET /app/privacy.json`: the company's retention, its scheduled deletion and its latest exports. */
export const privacySettingsSchema = z.object({
  /** Conversations whose last activity is older are deleted nightly; null: kept forever. */
  retentionDays: z.number().int().nullable(),
  /** When the company and everything in it will be purged (an owner can restore it until then); null: not scheduled. */
  deletionScheduledFor: z.string().nullable(),
  /** Who asked for the deletion ("Ana Ruiz"), when scheduled. */
  deletionRequestedBy: z.string().nullable(),
  /** The latest exports, newest first. */
  exports: z.array(dataExportSchema),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** `PATCH /app/privacy.json` (owners and admins). */
export const privacyPatchSchema = z.object({ retentionDays: retentionDaysSchema });
export type PrivacyPatch = z.infer<typeof privacyPatchSchema>;
