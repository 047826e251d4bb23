import type { Education, WorkExperience } from '@shared/schemas/catalogue';
import type { UpdateUserBody } from '@shared/schemas/users';
import { api } from '@/lib/api-client';

/** PUT /user/change-password {currentPassword, newPassword}: the other sessions end; this one stays. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) => api.call('PUT /api/user/change-password', { body });

/** GET /user/export: where the member's latest data export stands, with a fresh short-lived address once ready. */
export const exportStatus = () => api.call('GET /api/user/export');

/** POST /user/export: asks for the export of everything the product holds about the member, built by a job (202, building). */
export const requestExport = () => api.call('POST /api/user/export', { body: {} });

/** POST /user/delete-account {password}: refused (409) while money is owed to or by the member. */
export const deleteAccount = (password: string) => api.call('POST /api/user/delete-account', { body: { password } });
/** PUT /user/update with the fields that changed only; answers the account as it is now. */
export const updateProfile = (body: UpdateUserBody) => api.call('PUT /api/user/update', { body });

/** POST /user/upload-photo, the multipart field `profilePhoto`; answers the new photo's path. */
export function uploadProfilePhoto(photo: File) {
  const body = new FormData();
  body.append('profilePhoto', photo);
  return api.call('POST /api/user/upload-photo', { body });
}

/** PUT /user/education/{index}: replaces that entry, or adds one when the index is the list's length. */
export const saveEducation = (index: number, body: Education) => api.call('PUT /api/user/education/{index}', { params: { index: `${index}` }, body });
export const deleteEducation = (index: number) => api.call('DELETE /api/user/education/{index}', { params: { index: `${index}` } });

/** PUT /user/work-experience/{index}: replaces that entry, or adds one when the index is the list's length. */
export const saveWorkExperience = (index: number, body: WorkExperience & { description: string }) =>
  api.call('PUT /api/user/work-experience/{index}', { params: { index: `${index}` }, body });
export const deleteWorkExperience = (index: number) => api.call('DELETE /api/user/work-experience/{index}', { params: { index: `${index}` } });

/** The signed-in account as stored now (after an entry changed). */
export const currentAccount = () => api.call('GET /api/auth/user');

/** GET /user/stats/{id}: the expert's figures. */
export const expertStats = (id: string) => api.call('GET /api/user/stats/{id}', { params: { id } });

/** GET /offers/my-offers: the expert's offers, whatever their moderation status. */
export const myOffers = () => api.call('GET /api/offers/my-offers');

/** POST /auth/confirm-email (added): the token of the link mailed to the new address. */
export const confirmEmail = (token: string) => api.call('POST /api/auth/confirm-email', { body: { token } });
