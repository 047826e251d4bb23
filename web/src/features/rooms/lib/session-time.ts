/**
 * Where the call stands against its session's times, in a line under the call: "Starts in 4 min"
 * while the room is open early (it opens before the start), "42 min left" or "1 h 5 min left"
 * during it, and "The session’s time is over" after its end (the room stays open a while).
 */
export function sessionTimeText(startMs: number, endMs: number, nowMs: number): string {
  if (nowMs < startMs) return `Starts in ${inWords(Math.ceil((startMs - nowMs) / 60_000))}`;
  const left = Math.ceil((endMs - nowMs) / 60_000);
  return left <= 0 ? 'The session’s time is over' : `${inWords(left)} left`;
}

const inWords = (minutes: number): string => (minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`);
