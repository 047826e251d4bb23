import type { NewSecondFactor, SecondFactorChanged } from '@shared/schemas/admin';
import { secondFactorChangeSchema, secondFactorConfirmSchema } from '@shared/schemas/admin';
import { api } from '@/lib/api-client';

export { secondFactorChangeSchema, secondFactorConfirmSchema };

/** POST /admin/second-factor: with the password and a current code, a new secret waits for its first code. */
export const startSecondFactorChange = (body: { password: string; code: string }): Promise<NewSecondFactor> =>
  api.call('POST /api/admin/second-factor', { body });

/** POST /admin/second-factor/confirm: a code of the new secret puts it in place; the recovery codes come once. */
export const confirmSecondFactorChange = (code: string): Promise<SecondFactorChanged> => api.call('POST /api/admin/second-factor/confirm', { body: { code } });
