import { loginSchema, type LoginBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { loginSchema };

/** POST /auth/login: account and access token; the refresh cookie comes with the answer. */
export const login = (body: LoginBody) => api.call('POST /api/auth/login', { body: loginSchema.parse(body) });
