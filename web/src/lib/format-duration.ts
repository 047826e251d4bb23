import { formatDuration } from '@shared/order-transitions';

/** "Video Call · 1 hour": an offer's lesson type, with a fixed-price call's length. */
export const lessonText = (offer: { lessonType: string; durationMinutes?: number }): string =>
  offer.durationMinutes === undefined ? offer.lessonType : `${offer.lessonType} · ${formatDuration(offer.durationMinutes)}`;
