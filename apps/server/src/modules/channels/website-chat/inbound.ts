import type { Message } from "@foreman/contract";
import { answeringEmployee } from "../answering-employee.ts";
import { type ReceiveDeps, receiveCustomerMessage } from "../receive-customer-message.ts";
import { UNNAMED_VISITOR, type Visitor } from "./visitor.repository.ts";

/** The lead a website chat conversation opens in the sales pipeline comes from here. */
export const WEBSITE_CHAT_LEAD_SOURCE = "Website chat";

/**
 * A visitor's message, through the one way in (receive-customer-message.ts): the visitor's open
 * conversation on this chat, or a new `web_chat` one answered by the chat's AI employee (or its
 * department's first active one at this moment: with none, the message waits for staff).
 */
export async function receiveVisitorMessage(deps: ReceiveDeps, visitor: Visitor, body: string): Promise<Message> {
  const { chat } = visitor;
  const personName = visitor.name ?? UNNAMED_VISITOR;
  const received = await receiveCustomerMessage(deps, {
    companyId: chat.companyId,
    customer: async () => visitor.customerId,
    conversation: {
      source: { websiteChatId: chat.id },
      startWith: async (tx) => ({
        channel: "web_chat",
        aiEmployeeId: (await answeringEmployee(tx, chat))?.id ?? null,
        lead: { source: WEBSITE_CHAT_LEAD_SOURCE, personName },
      }),
    },
    // No channel message id: each message the visitor sends is a new one.
    message: { senderName: personName, content: body, apiChannelId: null, externalId: null },
  });
  if ("duplicate" in received) throw new Error("a website chat message has no id to be a duplicate of");
  return received.message;
}
