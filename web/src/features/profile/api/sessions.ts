import { api } from '@/lib/api-client';

/** GET /user/sessions: where the member is signed in, this session first. */
export const loadSessions = () => api.call('GET /api/user/sessions');

/** DELETE /user/sessions/{id}: that device is signed out at once. */
export const endSession = (id: string) => api.call('DELETE /api/user/sessions/{id}', { params: { id } });

/** POST /user/sessions/end-all: every session ends, this one too. */
export const signOutEverywhere = (password: string) => api.call('POST /api/user/sessions/end-all', { body: { password } });
