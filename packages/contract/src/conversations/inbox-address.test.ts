import { describe, expect, it } from "vitest";
import { inboxChatAddress } from "./inbox-address.ts";

describe("inboxChatAddress", () => {
  it("reads the account and conversation display id as positive whole numbers", () => {
    expect(inboxChatAddress({ sso_account_id: "7", sso_conversation_id: "42" })).toEqual({
      accountId: 7,
      displayId: 42,
    });
  });

  it("is null when either is missing or not a positive whole number", () => {
    for (const search of [
      {},
      { sso_account_id: "7" },
      { sso_conversation_id: "42" },
      { sso_account_id: "0", sso_conversation_id: "42" },
      { sso_account_id: "7", sso_conversation_id: "4.2" },
      { sso_account_id: "-7", sso_conversation_id: "42" },
      { sso_account_id: "1e3", sso_conversation_id: "42" },
      { sso_account_id: "7", sso_conversation_id: "abc" },
    ]) {
      expect(inboxChatAddress(search), JSON.stringify(search)).toBeNull();
    }
  });
});
