/** Percentiles by the nearest-rank method on a sorted copy: simple and exact for our sample sizes. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const median = (values: readonly number[]) => percentile(values, 50);

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Latencies in milliseconds, rounded to 0.01 ms for readable JSON. */
export function summarise(latenciesMs: readonly number[]): LatencySummary {
  return {
    count: latenciesMs.length,
    p50: round(percentile(latenciesMs, 50)),
    p95: round(percentile(latenciesMs, 95)),
    p99: round(percentile(latenciesMs, 99)),
    max: round(percentile(latenciesMs, 100)),
  };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Wall time during which at least one of these spans (start, end in ms) was under way. */
export function busyMs(spans: readonly (readonly [number, number])[]): number {
  let busy = 0;
  let until = Number.NEGATIVE_INFINITY;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (end <= until) continue;
    busy += end - Math.max(start, until);
    until = end;
  }
  return busy;
}
