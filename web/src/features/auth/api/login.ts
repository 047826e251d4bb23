import { loginSchema, type LoginBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session';

export { loginSchema };

export interface LoginResponse {
  user: SessionUser;
  accessToken: string;
}

/** POST /auth/login: user and access token; the refresh cookie comes with the answer. */
export const login = (body: LoginBody) => api.post<LoginResponse>('/auth/login', loginSchema.parse(body));
