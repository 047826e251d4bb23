import { config } from './config';

/**
 * A booked session's UID in every calendar file the product makes: the invites the mails carry and
 * the member's feed. One UID per order, so that a calendar holding both shows the session once.
 */
export const sessionUid = (orderId: string): string => `order-${orderId}@${new URL(config.appUrl).hostname}`;

/** Whether a calendar event is one of the product's own sessions (read back from an expert's calendar, it must not block its own time). */
export const isSessionUid = (uid: string): boolean => uid.startsWith('order-') && uid.endsWith(`@${new URL(config.appUrl).hostname}`);
