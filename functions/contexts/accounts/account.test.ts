import { describe, expect, it } from 'vitest';
import { type AccountRecord, fromAccountItem, toAccountItem, toCurrentAccount } from './account';

const expert: AccountRecord = {
  userId: 'u1',
  role: 'professor',
  email: 'claire@example.com',
  firstName: 'Claire',
  lastName: 'Dubois',
  passwordHash: 'scrypt$131072$8$1$salt$key',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  activationTokenHash: 'a-hash',
  resetTokenHash: 'r-hash',
  endedSessions: { s1: 1 },
  sessionsVersion: 3,
  favorites: { o2: '2026-02-01T00:00:00.000Z', o1: '2026-01-01T00:00:00.000Z' },
  bio: 'Fourteen years in corporate finance.',
  languages: ['fr', 'en'],
  payoutsEnabled: true,
};

describe('the account entity', () => {
  it('reads back what it stores, without the keys', () => {
    const item = toAccountItem(expert);
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'PROFILE', gsi1pk: 'ROLE#professor' });
    expect(fromAccountItem(item)).toEqual(expert);
  });

  it('shows its owner an allowlist: no secret, and no field it does not list, even one stored later', () => {
    const stored = { ...toAccountItem(expert), stripeAccountId: 'acct_123', balanceCents: 5000, banReason: 'spam' };
    const view = toCurrentAccount(fromAccountItem(stored));
    const shown = JSON.stringify(view);
    for (const secret of ['scrypt', 'a-hash', 'r-hash', 'acct_123', '5000', 'spam', 'endedSessions', 'sessionsVersion', 'passwordHash'])
      expect(shown).not.toContain(secret);
    expect(view).toMatchObject({
      _id: 'u1',
      role: 'professor',
      email: 'claire@example.com',
      favorites: ['o2', 'o1'],
      isActivated: true,
      isBanned: false,
      bio: expert.bio,
      payoutsEnabled: true,
    });
  });

  it('refuses an item that is not an account', () => {
    expect(() => fromAccountItem({ pk: 'USER#u2', sk: 'PROFILE', userId: 'u2', role: 'superuser' })).toThrow();
  });
});
