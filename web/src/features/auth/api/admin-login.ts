import { loginSchema, type LoginBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import type { LoginResponse } from './login';

/** POST /admin/auth/login: the admin session has its own refresh cookie. */
export const adminLogin = (body: LoginBody) => api.post<LoginResponse>('/admin/auth/login', loginSchema.parse(body));
