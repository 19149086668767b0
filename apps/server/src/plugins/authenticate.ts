import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";

/** The signed-in user, and the sign-in (token chain) this request's token belongs to: its session. */
export type AuthenticatedUser = { id: string; chainId: string };
/** The user a live access token belongs to, or null; given by the composition root (app.ts). */
export type FindTokenUser = (db: Executor, token: string, now: Date) => Promise<AuthenticatedUser | null>;

declare module "fastify" {
  interface FastifyInstance {
    /** A hook: 401 unless `Authorization: Bearer <live token>`; sets `request.user`. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

// RFC 6750 §3: no error code when no credentials were sent, `invalid_token` when they were bad.
const unauthorized = (description: string, challenge: string) =>
  httpError(401, "unauthorized", description, undefined, { "www-authenticate": challenge });

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

export const authenticatePlugin = fp<{ findTokenUser: FindTokenUser }>(
  async (app: FastifyInstance, { findTokenUser }) => {
    app.decorateRequest("user", null);
    app.decorate("authenticate", async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized("A bearer access token is required", "Bearer");
      const user = await findTokenUser(app.db, token, new Date());
      if (!user) throw unauthorized("The access token is invalid, expired or revoked", 'Bearer error="invalid_token"');
      request.user = user;
    });
  },
  { name: "foreman-authenticate", dependencies: ["foreman-database"] },
);
