import { describe, expect, it } from "vitest";
import { replySubject } from "./outbound-mail.ts";

describe("replySubject", () => {
  it.each([
    ["Pallet prices", "Re: Pallet prices"],
    ["Re: Pallet prices", "Re: Pallet prices"],
    ["RE: re: Re[2]: Pallet prices", "Re: Pallet prices"],
    ["AW: Fwd: Pallet prices", "Re: Pallet prices"],
    ["  ", "Re: your message"],
    [null, "Re: your message"],
  ])("%s → %s", (subject, reply) => {
    expect(replySubject(subject)).toBe(reply);
  });

  it("keeps a subject that only starts with the letters of a prefix", () => {
    expect(replySubject("Return policy")).toBe("Re: Return policy");
    expect(replySubject("Svelte help")).toBe("Re: Svelte help");
  });
});
