/** A call's length as the pages show it: "30 min", "90 min", "1 hour", "2 hours". */
export function formatDuration(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} min`;
  return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
}

/** "Video Call · 1 hour": an offer's lesson type, with a fixed-price call's length. */
export const lessonText = (offer: { lessonType: string; durationMinutes?: number }): string =>
  offer.durationMinutes === undefined ? offer.lessonType : `${offer.lessonType} · ${formatDuration(offer.durationMinutes)}`;
