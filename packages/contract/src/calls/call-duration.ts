// The spec shows a call's duration as minutes:seconds. A call of an hour or more adds the hours in
// front (1:00:00) rather than counting 60+ minutes, as phone bills and Twilio's console do.

/** "0:00", "0:59", "1:01", "59:59", "1:00:00"; negative or fractional seconds are taken as whole seconds ≥ 0. */
export function formatCallDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}
