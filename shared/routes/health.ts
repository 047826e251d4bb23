import { type Route, r } from './route';

/** The health Lambda's: whether the table, the buckets and the mail service answer. */
export const HEALTH_ROUTES = [r('GET', '/health', 'health', 'public')] as const satisfies readonly Route[];
