import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { httpError } from "../lib/http-error.ts";
import { findLiveTokenUser } from "../modules/auth/token.service.ts";

export type AuthenticatedUser = { id: string };

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: 401 unless `Authorization: Bearer <live token>`; sets `request.user`. */
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

export const authenticatePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("user", null);
    app.decorate("authenticate", async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized("A bearer access token is required", "Bearer");
      const user = await findLiveTokenUser(app.db, token, new Date());
      if (!user) throw unauthorized("The access token is invalid, expired or revoked", 'Bearer error="invalid_token"');
      request.user = user;
    });
  },
  { name: "foreman-authenticate", dependencies: ["foreman-database"] },
);
