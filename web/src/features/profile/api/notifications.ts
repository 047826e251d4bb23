import type { NotificationPreferences } from '@shared/schemas/notifications';
import { api } from '@/lib/api-client';

/** GET /user/notification-preferences: which kinds of e-mail the member receives. */
export const loadNotificationPreferences = () => api.call('GET /api/user/notification-preferences');

/** PUT /user/notification-preferences: every category, on or off. */
export const saveNotificationPreferences = (body: NotificationPreferences) => api.call('PUT /api/user/notification-preferences', { body });
