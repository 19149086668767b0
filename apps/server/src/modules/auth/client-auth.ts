import { CLIENT_ID_HEADER } from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { OauthApplication } from "#server/db/schema/auth.ts";
import { findApplicationByUid } from "./oauth-client.repository.ts";
import { invalidClient } from "./oauth-errors.ts";

/** The public OAuth client named by the body's `client_id` or the `X-Client-ID` header; 401 otherwise. */
export async function requireClient(request: FastifyRequest, bodyClientId: unknown): Promise<OauthApplication> {
  const header = request.headers[CLIENT_ID_HEADER.toLowerCase()];
  const given = typeof bodyClientId === "string" && bodyClientId.trim() ? bodyClientId : header;
  const uid = typeof given === "string" ? given.trim() : "";
  const application = uid ? await findApplicationByUid(request.server.db, uid) : undefined;
  if (!application) throw invalidClient();
  return application;
}
