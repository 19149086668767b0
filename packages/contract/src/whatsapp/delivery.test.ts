import { describe, expect, it } from "vitest";
import { isWhatsappWindowOpen, qualityFromMeta, WHATSAPP_WINDOW_MS, whatsappWindowClosesAt } from "./connection.ts";
import { advanceDeliveryStatus } from "./delivery.ts";

describe("advanceDeliveryStatus", () => {
  it("moves forward only, whatever order the statuses arrive in", () => {
    expect(advanceDeliveryStatus(null, "delivered")).toBe("delivered");
    expect(advanceDeliveryStatus("pending", "sent")).toBe("sent");
    expect(advanceDeliveryStatus("read", "delivered")).toBe("read");
    expect(advanceDeliveryStatus("delivered", "sent")).toBe("delivered");
    expect(advanceDeliveryStatus("sent", "failed")).toBe("failed");
    expect(advanceDeliveryStatus("failed", "read")).toBe("failed");
  });
});

describe("the 24-hour window", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  it("is open for 24 hours after the customer's last message", () => {
    expect(isWhatsappWindowOpen(null, now)).toBe(false);
    expect(isWhatsappWindowOpen(new Date(now.getTime() - WHATSAPP_WINDOW_MS + 1000), now)).toBe(true);
    expect(isWhatsappWindowOpen(new Date(now.getTime() - WHATSAPP_WINDOW_MS), now)).toBe(false);
    expect(whatsappWindowClosesAt(now)?.toISOString()).toBe("2026-11-25T12:00:00.000Z");
  });
});

describe("qualityFromMeta", () => {
  it("reads Meta's ratings, anything else as unknown", () => {
    expect(qualityFromMeta("GREEN")).toBe("green");
    expect(qualityFromMeta("RED")).toBe("red");
    expect(qualityFromMeta("NA")).toBe("unknown");
    expect(qualityFromMeta(null)).toBe("unknown");
  });
});
