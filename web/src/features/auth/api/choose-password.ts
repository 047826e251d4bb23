import { api } from '@/lib/api-client';

/** PUT /user/change-password: the temporary password an admin set, then the member's own. */
export const chooseOwnPassword = (body: { currentPassword: string; newPassword: string }) => api.call('PUT /api/user/change-password', { body });
