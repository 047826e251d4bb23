import { loginSchema, type LoginBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/** POST /admin/auth/login: the admin session has its own refresh cookie. */
export const adminLogin = (body: LoginBody) => api.call('POST /api/admin/auth/login', { body: loginSchema.parse(body) });
