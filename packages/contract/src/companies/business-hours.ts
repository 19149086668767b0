/**
 * When a company's staff answer: per weekday, an opening and a closing time ("09:00", "18:00") in the
 * company's time zone, or null for a closed day. No hours at all (null on the company) means always open.
 */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type DayHours = { open: string; close: string } | null;
export type BusinessHours = Record<Weekday, DayHours>;
