import { z } from "zod";
import { companySchema } from "../companies/company.ts";
import type { TOKEN_HEADER_NAMES } from "../http/headers.ts";

/** A token response in code (camelCase): the body of `/oauth/token` and the headers of `/users.json`. */
export const tokenFieldsSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int(),
  refreshToken: z.string(),
  scope: z.string(),
  createdAt: z.number().int(),
});
export type TokenFields = z.infer<typeof tokenFieldsSchema>;

export type TokenHeaderName = (typeof TOKEN_HEADER_NAMES)[number];

/** The hyphenated response headers for a token; `sessionFromTokenHeaders` reads them back. */
export function tokenResponseHeaders(token: TokenFields): Record<TokenHeaderName, string> {
  return {
    "access-token": token.accessToken,
    "token-type": token.tokenType,
    "expires-in": String(token.expiresIn),
    "refresh-token": token.refreshToken,
    scope: token.scope,
    "created-at": String(token.createdAt),
  };
}

/** `POST /users.json` 201 body (the tokens travel in the headers). */
export const signUpResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  company: companySchema,
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;
