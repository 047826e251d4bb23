import { api } from '@/lib/api-client';

/** GET /calendar-feed: whether the member has a calendar address, and since when. */
export const loadCalendarFeed = () => api.call('GET /api/calendar-feed');

/** POST /calendar-feed: a new secret address, shown this once; the previous one stops working. */
export const renewCalendarFeed = () => api.call('POST /api/calendar-feed', { body: {} });
