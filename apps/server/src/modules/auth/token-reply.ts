import { TOKEN_HEADER_NAMES, type TokenFields, tokenResponseHeaders } from "@foreman/contract";
import type { FastifyReply } from "fastify";

// Token answers must never be cached (RFC 6749 §5.1), and the browser may read the hyphenated names.
export function noStore(reply: FastifyReply): void {
  reply.header("cache-control", "no-store").header("pragma", "no-cache");
}

export function sendTokenHeaders(reply: FastifyReply, token: TokenFields): void {
  noStore(reply);
  reply.headers(tokenResponseHeaders(token)).header("access-control-expose-headers", TOKEN_HEADER_NAMES.join(", "));
}
