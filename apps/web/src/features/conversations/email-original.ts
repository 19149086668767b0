import { apiRequest } from "#web/lib/api-client.ts";

// The original of a customer's mail (.eml), fetched with the session and the company header (a plain
// link would carry neither) and saved as a file.

const ORIGINAL_PATH = /^\/app\/email_messages\/[^/?#]+\/original\.eml$/;

/** `GET /app/email_messages/{id}/original.eml`: only that path, so the session goes nowhere else. */
export function fetchOriginalMail(companyId: string, originalUrl: string): Promise<Blob> {
  if (!ORIGINAL_PATH.test(originalUrl)) return Promise.reject(new Error("Not an original mail's address"));
  return apiRequest<Blob>(originalUrl, { companyScoped: true, companyId, responseType: "blob" });
}

/** The file's name: the message's short id, as the server names it too. */
export const originalMailFilename = (messageId: string) => `message-${messageId.slice(0, 8).toLowerCase()}.eml`;
