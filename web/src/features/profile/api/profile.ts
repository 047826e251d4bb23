import { api } from '@/lib/api-client';

/** PUT /user/change-password {currentPassword, newPassword}: the other sessions end; this one stays. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) => api.call('PUT /api/user/change-password', { body });

/** GET /user/export: the member's latest data export and a fresh short-lived address, while it is kept. */
export const exportStatus = () => api.call('GET /api/user/export');

/** POST /user/export: builds the export of everything the product holds about the member. */
export const requestExport = () => api.call('POST /api/user/export', { body: {} });

/** POST /user/delete-account {password}: refused (409) while money is owed to or by the member. */
export const deleteAccount = (password: string) => api.call('POST /api/user/delete-account', { body: { password } });
