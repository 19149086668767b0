import { describe, expect, it } from "vitest";
import { automatedReason, type LoopHeaders } from "./loop-guard.ts";

// Loop protection, rule by rule: what makes a mail a machine's (never answered), and an ordinary mail.

const person = "grace@customer.example";
const reason = (headers: LoopHeaders, from = person, envelopeFrom: string | null = person) =>
  automatedReason(headers, from, envelopeFrom);

describe("automatedReason", () => {
  it("answers null for a mail a person wrote", () => {
    expect(reason({ "content-type": "multipart/alternative; boundary=x" })).toBeNull();
    expect(reason({}, person, null)).toBeNull();
    // Saying it is not automatic is what people's mail programs do.
    expect(reason({ "auto-submitted": "no" })).toBeNull();
    expect(reason({ "auto-submitted": " No ; comment" })).toBeNull();
    expect(reason({ precedence: "first-class" })).toBeNull();
    expect(reason({}, "bouncer@customer.example")).toBeNull();
  });

  it("knows our own mail coming back by X-Foreman-Mail, before anything else", () => {
    expect(reason({ "x-foreman-mail": "3f1c", "auto-submitted": "auto-replied", "list-id": "<x>" })).toBe(
      "own_address",
    );
    expect(reason({ "x-foreman-mail": "" })).toBe("own_address");
  });

  it("knows a bounce: a delivery report, failed recipients, or the null envelope sender", () => {
    expect(reason({ "content-type": 'multipart/report; report-type="delivery-status"; boundary=b' })).toBe("bounce");
    expect(reason({ "x-failed-recipients": "ana@gone.example" })).toBe("bounce");
    expect(reason({}, person, "")).toBe("bounce");
    expect(reason({}, person, "<>")).toBe("bounce");
    // The report wins over who sent it.
    expect(reason({ "content-type": "Multipart/Report; x=y" }, "mailer-daemon@mx.example")).toBe("bounce");
  });

  it("knows mail systems' own senders by their local part", () => {
    for (const local of ["MAILER-DAEMON", "postmaster", "no-reply", "noreply", "bounce", "bounces", "bounces+abc=x"]) {
      expect(reason({}, `${local}@mx.example`), local).toBe("system_sender");
    }
  });

  it("knows an automatic mail by Auto-Submitted other than no (RFC 3834)", () => {
    expect(reason({ "auto-submitted": "auto-replied" })).toBe("auto_submitted");
    expect(reason({ "auto-submitted": "auto-generated; owner-email=x@y" })).toBe("auto_submitted");
  });

  it("knows an autoresponder by the headers Exchange and others add", () => {
    expect(reason({ "x-autoreply": "yes" })).toBe("auto_reply");
    expect(reason({ "x-autorespond": "On vacation" })).toBe("auto_reply");
    expect(reason({ "x-auto-response-suppress": "All" })).toBe("auto_reply");
  });

  it("knows bulk and list mail", () => {
    for (const precedence of ["bulk", "list", "junk", "auto_reply", " Bulk "]) {
      expect(reason({ precedence }), precedence).toBe("bulk");
    }
    expect(reason({ "list-id": "News <news.shop.example>" })).toBe("bulk");
    expect(reason({ "list-unsubscribe": "<mailto:leave@shop.example>" })).toBe("bulk");
  });
});
