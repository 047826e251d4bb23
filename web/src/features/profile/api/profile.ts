import { api } from '@/lib/api-client';

/** PUT /user/change-password {currentPassword, newPassword}: the other sessions end; this one stays. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) => api.call('PUT /api/user/change-password', { body });
