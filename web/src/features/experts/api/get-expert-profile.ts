import { api } from '@/lib/api-client';

/** GET /user/public/{id}: the public profile; 404 'Teacher not found'. */
export const getExpertProfile = (id: string) => api.call('GET /api/user/public/{id}', { params: { id } });
