import { PHONE_REPLY_REFUSED } from "@foreman/contract";
import { httpError } from "#server/lib/http-error.ts";
import type { ChannelOutbound } from "../channel-outbound.ts";

// The phone's way out: nothing to send. An AI employee's reply is spoken on the call, in the TwiML that
// answers the caller's words (modules/calls), and stored here like any reply; there is no text to
// deliver afterwards and no delivery to report. Staff cannot write into a call: they call back.

export const phoneOutbound: ChannelOutbound = {
  async checkStaffReply() {
    throw httpError(409, "phone_conversation", PHONE_REPLY_REFUSED);
  },
  async deliver() {
    return null;
  },
};
