import { activateSchema } from '@shared/schemas/auth';
import { MSG } from '@shared/messages';
import { api, ApiError } from '@/lib/api-client';

/** POST /auth/activate {token}; a token that cannot be one is refused without a call. */
export async function activateAccount(token: string) {
  const body = activateSchema.safeParse({ token });
  if (!body.success) throw new ApiError(400, { msg: MSG.activationLinkInvalid, code: 'bad_request' });
  return api.call('POST /api/auth/activate', { body: body.data });
}
