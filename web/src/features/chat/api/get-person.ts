import { api } from '@/lib/api-client';

/** GET /user/{id}: a chat counterpart's name and photo. */
export const getPerson = (id: string) => api.call('GET /api/user/{id}', { params: { id } });
