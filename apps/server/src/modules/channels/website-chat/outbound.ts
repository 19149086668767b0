import type { ChannelOutbound } from "../channel-outbound.ts";

// The website chat's way out: nothing to queue. The visitor's frame holds a live stream
// (GET /widget/v1/events) that carries every message of its conversation as it is stored, and reads
// the conversation again when it comes back; there is no delivery to report.

export const websiteChatOutbound: ChannelOutbound = {
  // Staff may always write: the visitor sees it live, or the next time the page opens the chat.
  async checkStaffReply() {},
  async deliver() {
    return null;
  },
};
