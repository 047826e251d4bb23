/**
 * The members and activity index keys and the search entries completed on accounts of older local
 * state, against DynamoDB Local: what the mapper gives an account today, once, and nothing for an
 * account that has them.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { withLocalTable } from '../../../tests/support/local-table';

const loaded = withLocalTable('index-keys-backfill-unit', () =>
  Promise.all([
    import('./index-keys-backfill'),
    import('./account'),
    import('../../platform/table'),
    import('../../platform/keys'),
    import('./member-repository'),
  ]),
);

const base = { sk: 'PROFILE', email: 'x@example.com', firstName: 'Old', lastName: 'Account', passwordHash: 'h', status: 'active' };

/** An account item as written before the two indexes: its own key and GSI1 only. */
async function putOldItem(userId: string, role: 'user' | 'professor', fields: Record<string, unknown> = {}) {
  const [, , table, keys] = loaded();
  const createdAt = '2025-03-01T10:00:00.000Z';
  await table.db.send(
    new PutCommand({
      TableName: process.env.TABLE_NAME,
      Item: { ...base, ...keys.userKey(userId), ...keys.userRoleIndex(role, createdAt, userId), userId, role, createdAt, ...fields },
    }),
  );
}

const itemOf = async (userId: string) =>
  (await loaded()[2].db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: loaded()[3].userKey(userId) }))).Item ?? {};

describe('completing the index keys of older accounts', () => {
  it('gives them the keys the mapper builds, with their last login (else their creation) as their last activity, once', async () => {
    const [backfill, account] = loaded();
    await putOldItem('old-student', 'user', { lastLoginAt: '2025-06-10T08:00:00.000Z' });
    // Written before the admin's search: the members index of its first form, no search entries.
    await putOldItem('old-expert', 'professor', {
      gsi4pk: 'MEMBERS#ALL',
      gsi4sk: '2025-03-01T10:00:00.000Z#old-expert',
      lastActiveAt: '2025-03-01T10:00:00.000Z',
    });
    await putOldItem('old-deleted', 'user', { isDeleted: true, firstName: 'Former', lastName: 'member' });
    const current = account.toAccountItem({
      ...account.fromAccountItem({ ...base, userId: 'new', role: 'user', createdAt: '2026-01-01T00:00:00.000Z' }),
      lastActiveAt: '2026-02-01T00:00:00.000Z',
    });
    await loaded()[2].db.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: current }));

    expect(await backfill.completeMemberIndexKeys()).toBe(3);

    const student = await itemOf('old-student');
    expect(student).toMatchObject({
      gsi4pk: 'MEMBERS#LISTED',
      gsi4sk: '2025-03-01T10:00:00.000Z#old-student',
      lastActiveAt: '2025-06-10T08:00:00.000Z',
      gsi2pk: 'ACTIVE#2025-06',
      gsi2sk: '2025-06-10T08:00:00.000Z#old-student',
      firstName: 'Old',
      passwordHash: 'h',
    });
    expect(await itemOf('old-expert')).toMatchObject({ gsi4pk: 'MEMBERS#LISTED', lastActiveAt: '2025-03-01T10:00:00.000Z', gsi2pk: 'ACTIVE#2025-03' });
    // A deleted account joins the archived members but keeps no activity.
    const searched = await loaded()[4].memberIds({ list: 'word', prefix: 'old' }, () => true, 10);
    expect(searched.ids.sort()).toEqual(['old-expert', 'old-student']);
    const deleted = await itemOf('old-deleted');
    expect(deleted).toMatchObject({ gsi4pk: 'MEMBERS#ARCHIVED' });
    expect(deleted).not.toHaveProperty('lastActiveAt');
    expect(deleted).not.toHaveProperty('gsi2pk');
    expect(await itemOf('new')).toEqual(current);

    expect(await backfill.completeMemberIndexKeys()).toBe(0);
  });
});
