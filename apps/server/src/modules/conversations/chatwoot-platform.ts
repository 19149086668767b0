import { randomBytes } from "node:crypto";
import type { ChatwootConfig } from "#server/config.ts";

// The two calls of Chatwoot's Platform API the inbox needs: create a user, and get a user's single
// sign-on link. Each call gives up after 5 s; every failure is a ChatUnavailableError saying what went wrong.

export const CHATWOOT_TIMEOUT_MS = 5000;

export class ChatUnavailableError extends Error {
  override name = "ChatUnavailableError";
}

/** A password Chatwoot accepts (upper and lower case, a digit, a symbol) that nobody knows: sign-in is SSO only. */
export function randomChatwootPassword(): string {
  return `${randomBytes(24).toString("base64url")}aA1!`;
}

/**
 * The custom attribute that marks a Chatwoot user as made by Foreman for one of its users. Chatwoot's
 * `POST /users` answers the EXISTING user when the email is taken (and applies nothing we sent), so the
 * mark is how we tell our own user from somebody else's with the same email.
 */
export const FOREMAN_USER_ATTRIBUTE = "foreman_user_id";

/** The user `POST /users` answered, and the Foreman user it was made for (null: not made by Foreman). */
export type ChatwootUser = { id: number; madeForForemanUser: string | null };

export type ChatwootPlatform = {
  createUser(user: { name: string; email: string; foremanUserId: string }): Promise<ChatwootUser>;
  loginUrl(userId: number): Promise<string>;
};

export function chatwootPlatform(config: ChatwootConfig, timeoutMs = CHATWOOT_TIMEOUT_MS): ChatwootPlatform {
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${config.url}/platform/api/v1${path}`, {
        method,
        headers: {
          api_access_token: config.platformToken,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new ChatUnavailableError(
        timedOut ? `${method} ${path} took more than ${timeoutMs} ms` : `${method} ${path} failed: ${String(error)}`,
      );
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    if (!response.ok) throw new ChatUnavailableError(`${method} ${path} answered ${response.status}`);
    if (typeof json !== "object" || json === null || Array.isArray(json)) {
      throw new ChatUnavailableError(`${method} ${path} did not answer a JSON object`);
    }
    return json as Record<string, unknown>;
  }

  return {
    async createUser({ name, email, foremanUserId }) {
      const body = await call("POST", "/users", {
        name,
        email,
        password: randomChatwootPassword(),
        custom_attributes: { [FOREMAN_USER_ATTRIBUTE]: foremanUserId },
      });
      if (typeof body.id !== "number" || !Number.isSafeInteger(body.id) || body.id <= 0) {
        throw new ChatUnavailableError("POST /users answered no user id");
      }
      const attributes = body.custom_attributes;
      const mark =
        typeof attributes === "object" && attributes !== null
          ? (attributes as Record<string, unknown>)[FOREMAN_USER_ATTRIBUTE]
          : undefined;
      return { id: body.id, madeForForemanUser: typeof mark === "string" ? mark : null };
    },
    async loginUrl(userId) {
      const body = await call("GET", `/users/${userId}/login`);
      if (typeof body.url !== "string" || body.url === "") {
        throw new ChatUnavailableError(`GET /users/${userId}/login answered no url`);
      }
      return body.url;
    },
  };
}
