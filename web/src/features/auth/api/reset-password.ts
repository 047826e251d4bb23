import { resetPasswordSchema } from '@shared/schemas/auth';
import { MSG } from '@shared/web-texts';
import { api, ApiError } from '@/lib/api-client';

export { resetPasswordSchema };

/** POST /auth/reset-password {token, password}; a malformed link is refused without a call, as the server would refuse it. */
export async function resetPassword(body: { token: string; password: string }) {
  const parsed = resetPasswordSchema.safeParse(body);
  if (!parsed.success) {
    const badToken = parsed.error.issues.some((issue) => issue.path[0] === 'token');
    throw badToken
      ? new ApiError(400, { msg: MSG.resetLinkInvalid, code: 'reset_link_invalid' })
      : new ApiError(400, { msg: parsed.error.issues[0]?.message ?? MSG.invalidField, code: 'validation_failed' });
  }
  return api.call('POST /api/auth/reset-password', { body: parsed.data });
}
