import { type ActivateBody, activateSchema } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { activateSchema };

/** POST /auth/activate {token, password}: the link's registration, proved by the password chosen with it. */
export function activateAccount(body: ActivateBody) {
  return api.call('POST /api/auth/activate', { body });
}
