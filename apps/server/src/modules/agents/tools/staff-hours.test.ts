import { DEFAULT_BUSINESS_HOURS } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { REPLIES } from "../builtin/replies.ts";
import { whenStaffAnswer } from "./staff-hours.ts";

// What a customer handed to staff is told, on the company's clock (Monday to Friday 9:00–18:00).

const madrid = { timeZone: "Europe/Madrid", businessHours: DEFAULT_BUSINESS_HOURS };

describe("when staff answer a hand-off", () => {
  it("says nothing of hours when the team is in, or always open", () => {
    // Monday 30 March 2026, 11:00 in Madrid.
    expect(whenStaffAnswer(madrid, new Date("2026-03-30T09:00:00Z"))).toEqual({
      tell_customer: "a colleague will take over here",
    });
    expect(whenStaffAnswer({ timeZone: "UTC", businessHours: null }, new Date("2026-03-28T23:00:00Z"))).toEqual({
      tell_customer: "a colleague will take over here",
    });
  });

  it("tells when the team answers out of hours, in English and Spanish", () => {
    // Saturday 28 March 2026, 13:00 in Madrid.
    const weekend = whenStaffAnswer(madrid, new Date("2026-03-28T12:00:00Z"));
    expect(weekend.team_answers).toEqual({ weekday: "mon", time: "09:00", days_ahead: 2 });
    expect(weekend.tell_customer).toContain("the team will answer at 9:00 on Monday (Europe/Madrid time)");
    expect(REPLIES.en.handedOffOutOfHours(weekend.team_answers!)).toBe(
      "I'm passing you to a colleague from our team. Our team will answer at 9:00 on Monday.",
    );
    expect(REPLIES.es.handedOffOutOfHours(weekend.team_answers!)).toBe(
      "Te paso con una persona de nuestro equipo. Nuestro equipo responderá el lunes a las 9:00.",
    );
  });

  it("says today before opening and tomorrow after closing", () => {
    const early = whenStaffAnswer(madrid, new Date("2026-03-30T05:00:00Z")).team_answers!; // Monday 07:00
    expect(REPLIES.en.handedOffOutOfHours(early)).toBe(
      "I'm passing you to a colleague from our team. Our team will answer at 9:00 today.",
    );
    const late = whenStaffAnswer(madrid, new Date("2026-03-30T18:00:00Z")).team_answers!; // Monday 20:00
    expect(REPLIES.es.handedOffOutOfHours(late)).toBe(
      "Te paso con una persona de nuestro equipo. Nuestro equipo responderá mañana a las 9:00.",
    );
    // One o'clock is singular in Spanish.
    expect(REPLIES.es.handedOffOutOfHours({ weekday: "sun", time: "01:00", days_ahead: 3 })).toBe(
      "Te paso con una persona de nuestro equipo. Nuestro equipo responderá el domingo a la 1:00.",
    );
  });
});
