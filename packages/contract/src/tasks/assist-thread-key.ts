// The 'account-conversation' pair that names an assistant thread in the chat tool and in
// `/internal/assist/{accountId}/thread/{conversationDisplayId}`.

export type AssistThreadKey = { accountId: number; conversationDisplayId: number };

/** Chat ids are PostgreSQL `integer`s: 1 … 2^31 − 1. */
const MAX_CHAT_ID = 2_147_483_647;

/** A chat account or conversation display id: digits only, no sign or leading zero, in range; else null. */
export function parseChatId(text: string | number | null | undefined): number | null {
  const value = typeof text === "number" ? String(text) : text;
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_CHAT_ID ? id : null;
}

/** "12-345" → {accountId: 12, conversationDisplayId: 345}; anything else (one dash, both positive ids) → null. */
export function parseAssistThreadKey(text: string | null | undefined): AssistThreadKey | null {
  if (typeof text !== "string") return null;
  const parts = text.trim().split("-");
  if (parts.length !== 2) return null;
  const accountId = parseChatId(parts[0]);
  const conversationDisplayId = parseChatId(parts[1]);
  if (accountId === null || conversationDisplayId === null) return null;
  return { accountId, conversationDisplayId };
}

export function formatAssistThreadKey(key: AssistThreadKey): string {
  return `${key.accountId}-${key.conversationDisplayId}`;
}

/** The assist call's path for a thread. */
export function assistThreadPath(key: AssistThreadKey): string {
  return `/internal/assist/${key.accountId}/thread/${key.conversationDisplayId}`;
}
