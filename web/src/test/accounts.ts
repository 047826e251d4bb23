import type { Account } from '@shared/schemas/account';

/** A signed-in account as GET /auth/user answers it: what a test names, the rest an active account's defaults. */
export const anAccount = (fields: Pick<Account, '_id' | 'role' | 'email'> & Partial<Account>): Account => ({
  firstName: '',
  lastName: '',
  favorites: [],
  isActivated: true,
  isBanned: false,
  createdAt: '2026-01-05T09:00:00.000Z',
  ...fields,
});
