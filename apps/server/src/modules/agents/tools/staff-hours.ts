import { type BusinessHours, isOpenAt, nextOpening, WEEKDAY_LABELS } from "@foreman/contract";

// What a customer handed to staff is told: a colleague takes over here, or, out of business hours, when
// the team will answer (read on the company's clock, in its time zone).

/** When the team is next in, as the built-in engine words it (builtin/replies.ts `teamAnswers`). */
export type TeamAnswers = { weekday: string; time: string; days_ahead: number };

/** "9:00": the wall-clock time without a leading zero. */
export const clockTime = (time: string) => time.replace(/^0(\d)/, "$1");

/** The hand-off's words for the customer, and out of hours when the team answers. */
export function whenStaffAnswer(
  company: { timeZone: string; businessHours: BusinessHours | null },
  now: Date = new Date(),
): { tell_customer: string; team_answers?: TeamAnswers } {
  const { timeZone, businessHours } = company;
  const opening = isOpenAt(businessHours, timeZone, now) ? null : nextOpening(businessHours, timeZone, now);
  if (!opening) return { tell_customer: "a colleague will take over here" };
  const day =
    opening.daysAhead === 0 ? "today" : opening.daysAhead === 1 ? "tomorrow" : `on ${WEEKDAY_LABELS[opening.weekday]}`;
  return {
    tell_customer: `our team is out of hours now: a colleague will take over here, and the team will answer at ${clockTime(opening.time)} ${day} (${timeZone} time)`,
    team_answers: { weekday: opening.weekday, time: opening.time, days_ahead: opening.daysAhead },
  };
}
