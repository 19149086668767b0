import { z } from "zod";

// OAuth 2 (RFC 6749) as Doorkeeper speaks it. Bodies are snake_case on the wire.
/** The public OAuth client the SPA signs in through; seeded into every database. */
export const WEB_CLIENT_ID = "foreman-web";

export const ACCESS_TOKEN_TTL_SECONDS = 2 * 60 * 60;
export const REFRESH_TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export const passwordGrantSchema = z.object({
  grant_type: z.literal("password"),
  username: z.string().optional(),
  email: z.string().optional(),
  password: z.string(),
  client_id: z.string().optional(),
  scope: z.string().optional(),
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal("refresh_token"),
  refresh_token: z.string(),
  client_id: z.string().optional(),
  scope: z.string().optional(),
});

export const revokeRequestSchema = z.object({
  token: z.string().optional(),
  token_type_hint: z.enum(["access_token", "refresh_token"]).optional(),
  client_id: z.string().optional(),
});

/** Doorkeeper's token response body. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  created_at: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const oauthErrorSchema = z.object({
  error: z.enum([
    "invalid_request",
    "invalid_grant",
    "invalid_client",
    "unsupported_grant_type",
    "invalid_scope",
    "too_many_requests",
  ]),
  error_description: z.string(),
});
