/**
 * The app's time. On AWS it is the system's. Locally a test clock, like Stripe's test clocks, can
 * move it forward (POST /_local/clock, scripts/local/stack.ts) together with the local Stripe's,
 * so that deadlines, expiry and settlement can be tried without waiting. Time never moves back.
 */
let offsetMs = 0;

/** Now, in milliseconds since the epoch. */
export const nowMs = (): number => Date.now() + offsetMs;

/** Now, as a Date. */
export const now = (): Date => new Date(nowMs());

/** Now, as an ISO 8601 instant in UTC. */
export const nowIso = (): string => now().toISOString();

/** Moves the clock forward by `ms` (local stack only: nothing on AWS calls it). */
export function advanceClock(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward.');
  offsetMs += ms;
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "49h", "30m", "2d", "90s" (or a sum such as "1d2h") in milliseconds; undefined if not a duration. */
export function parseDuration(text: string): number | undefined {
  const parts = [...text.matchAll(/(\d+)([smhd])/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) return undefined;
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS], 0);
}
