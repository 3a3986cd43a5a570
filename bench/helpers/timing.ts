/** The median, 95th percentile and slowest of a list of durations in ms, rounded to `decimals`. */
export interface Timing {
  p50: number;
  p95: number;
  max: number;
}

export function timing(times: number[], decimals = 1): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(decimals));
  return { p50: pct(50), p95: pct(95), max: Number(sorted.at(-1)!.toFixed(1)) };
}
