import { adminLoginSchema } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import type { LoginFields } from '@/features/auth/components/login-form';

/** POST /admin/auth/login: password and second factor; the admin session has its own refresh cookie. */
export const adminLogin = (body: LoginFields) => api.call('POST /api/admin/auth/login', { body: adminLoginSchema.parse(body) });
