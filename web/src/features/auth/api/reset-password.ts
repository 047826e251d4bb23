import { resetPasswordSchema } from '@shared/schemas/auth';
import { MSG } from '@shared/messages';
import { api, ApiError } from '@/lib/api-client';

export { resetPasswordSchema };

/** POST /auth/reset-password {token, password}; a malformed link is refused without a call. */
export async function resetPassword(body: { token: string; password: string }): Promise<{ msg: string }> {
  const parsed = resetPasswordSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, { msg: parsed.error.issues[0]?.message ?? MSG.resetLinkInvalid });
  return api.post<{ msg: string }>('/auth/reset-password', parsed.data);
}
