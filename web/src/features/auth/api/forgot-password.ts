import { forgotPasswordSchema } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { forgotPasswordSchema };

/** POST /auth/forgot-password: answers the same whether or not the address has an account. */
export const requestPasswordReset = (body: { email: string }) => api.call('POST /api/auth/forgot-password', { body: forgotPasswordSchema.parse(body) });
