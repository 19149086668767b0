import { z } from "zod";

// The signed-in user's sessions: one per sign-in (a chain of rotated tokens), live until signed out,
// revoked, or 30 days after it began.

/** `GET /app/profile/sessions.json` items. */
export const userSessionSchema = z.object({
  /** The sign-in's id (`DELETE /app/profile/sessions/{id}.json`). */
  id: z.string(),
  /** The OAuth client's name (the web app, or another client). */
  client: z.string(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionListSchema = z.object({ sessions: z.array(userSessionSchema) });

/** `DELETE /app/profile/sessions.json` (every session but this one) → how many ended. */
export const sessionsRevokedSchema = z.object({ revoked: z.number().int() });
