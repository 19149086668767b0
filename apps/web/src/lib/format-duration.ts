/**
 * Minutes as a short duration: "45 m", "2 h 5 m", "3 d 4 h". Whole minutes; under one minute but
 * above zero reads "< 1 m" so a tiny average is not shown as nothing.
 */
export function formatDurationMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes <= 0) return "0 m";
  if (minutes < 1) return "< 1 m";
  const total = Math.round(minutes);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} m` : `${hours} h`;
  return `${mins} m`;
}
