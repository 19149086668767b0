import type { MessageEmail } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { nextMessage } from "#web/test/fixtures/messages.ts";
import { subjectsToShow } from "./email-subjects.ts";

const email = (subject: string): MessageEmail => ({
  subject,
  from: "ana@shop.example",
  to: ["northwind-k2m9ab@mail.foreman.example"],
  cc: [],
  quotedText: null,
  html: null,
  automated: null,
  skippedAttachments: [],
  originalUrl: null,
});

describe("subjectsToShow", () => {
  it("writes a thread's subject once, on its first mail, and again only when it changes", () => {
    const messages = [
      nextMessage({ id: "a", email: email("Pallet prices") }),
      nextMessage({ id: "b", senderType: "ai", email: email("Re: Pallet prices") }),
      nextMessage({ id: "c", email: email("RE: re: pallet prices") }),
      nextMessage({ id: "d", email: email("Delivery to Lyon") }),
      nextMessage({ id: "e", email: email("Re: Delivery to Lyon") }),
    ];
    expect([...subjectsToShow(messages)]).toEqual([
      ["a", "Pallet prices"],
      ["d", "Delivery to Lyon"],
    ]);
  });

  it("leaves out messages that are not mail and mails without a subject", () => {
    const messages = [
      nextMessage({ id: "a" }),
      nextMessage({ id: "b", email: email("   ") }),
      nextMessage({ id: "c", email: null }),
      nextMessage({ id: "d", email: email("Re: Pallet prices") }),
    ];
    expect([...subjectsToShow(messages)]).toEqual([["d", "Re: Pallet prices"]]);
  });
});
