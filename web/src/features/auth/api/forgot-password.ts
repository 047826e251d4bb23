import { forgotPasswordSchema } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { forgotPasswordSchema };

/** POST /auth/forgot-password: answers the same whether or not the address has an account. */
export const requestPasswordReset = (body: { email: string }) => api.post<{ msg: string }>('/auth/forgot-password', forgotPasswordSchema.parse(body));
