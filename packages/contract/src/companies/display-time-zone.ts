// The time zone the screens show times in: the selected company's, set by the web's shell whenever
// /app/me.json or the selection changes, and read by the date formatters (formatLongDate,
// messageDateTime) when a call names no zone. The server never sets it: it answers for many companies
// at once and always names the zone it means.

let displayZone: string | undefined;

/** Shows times in `timeZone` from now on; undefined goes back to each formatter's own default. */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  displayZone = timeZone;
}

/** The zone set by `setDisplayTimeZone`, or undefined when none is. */
export function displayTimeZone(): string | undefined {
  return displayZone;
}
