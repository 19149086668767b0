import { describe, expect, it } from "vitest";
import {
  inTicketStatusFilter,
  normalizeTicketTags,
  parseTicketNumber,
  ticketDisplayId,
  ticketSourceOfChannel,
} from "./ticket.ts";

describe("the ticket ID", () => {
  it("is shown as T- and the number, and read back however it is typed", () => {
    expect(ticketDisplayId(1042)).toBe("T-1042");
    for (const typed of ["T-1042", "t1042", "t - 1042", "#1042", " 1042 "]) expect(parseTicketNumber(typed)).toBe(1042);
  });

  it("is not read from other text, zero or a number too long", () => {
    for (const typed of ["", "T-", "Q-1042", "1042a", "0", "T-0", "1234567890"])
      expect(parseTicketNumber(typed)).toBeNull();
  });
});

describe("the source from a conversation's channel", () => {
  it("keeps the channel's name, with web chat as web", () => {
    expect(ticketSourceOfChannel("email")).toBe("email");
    expect(ticketSourceOfChannel("phone")).toBe("phone");
    expect(ticketSourceOfChannel("whatsapp")).toBe("whatsapp");
    expect(ticketSourceOfChannel("sms")).toBe("sms");
    expect(ticketSourceOfChannel("web_chat")).toBe("web");
  });
});

describe("the status filter", () => {
  it("keeps every ticket for all, and only its own status otherwise", () => {
    expect(inTicketStatusFilter("open", "all")).toBe(true);
    expect(inTicketStatusFilter("closed", "all")).toBe(true);
    expect(inTicketStatusFilter("open", "open")).toBe(true);
    expect(inTicketStatusFilter("closed", "open")).toBe(false);
    expect(inTicketStatusFilter("open", "closed")).toBe(false);
  });
});

describe("tags", () => {
  it("are trimmed, lower-cased, dashed and kept once in the order given", () => {
    expect(normalizeTicketTags(["Damaged Goods", " damaged-goods ", "", "  ", "Refund", "refund"])).toEqual([
      "damaged-goods",
      "refund",
    ]);
  });
});
