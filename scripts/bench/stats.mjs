/** The nearest-rank percentile of some timings (p in 0–100). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A benchmark's usual figures for some timings: median, p95 and the slowest. */
export function timingFigures(values) {
  return { p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) };
}
