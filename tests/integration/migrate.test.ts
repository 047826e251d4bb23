/**
 * `npm run migrate` against the test stack's table, as an operator runs it against a stage's after
 * a deploy: a member stored before the admin's search entries (decision 206) is missing from the
 * admin's user search until it runs, found afterwards, and a second run changes nothing.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUsersPage } from '../../shared/schemas/admin';
import { memberWordKey, userKey } from '../../functions/platform/keys';
import { registerStudent, signedInAs } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { uniqueEmail } from '../support/outbox';
import { stackEnv } from '../support/stack';
import { deleteItem, partitionItems, setAttributes } from '../support/table';

async function migrate(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../scripts/migrate.ts')], {
    env: { ...process.env, ...stackEnv() },
  });
  return stdout.trim();
}

let admin: ApiClient;
beforeAll(async () => {
  admin = await signedInAs('admin');
});

describe('npm run migrate (after a deploy)', () => {
  it('gives a member stored before the search entries their entries, once: the admin finds them afterwards', async () => {
    const word = `Zq${Math.random().toString(36).slice(2, 8)}`;
    await registerStudent(uniqueEmail('premigration'), `Olga ${word}`);
    const search = async () => (await admin.get<AdminUsersPage>(`/admin/users?q=${word}`)).body.users.map((user) => user._id);
    const found = await search();
    expect(found).toHaveLength(1);
    const [userId] = found;
    // As the account was stored before decision 206: the members index's first form, no entries.
    for (const entry of await partitionItems(`USER#${userId}`)) {
      if (String(entry.sk).startsWith(memberWordKey(userId, '').sk)) await deleteItem({ pk: String(entry.pk), sk: String(entry.sk) });
    }
    await setAttributes(userKey(userId), { gsi4pk: 'MEMBERS#ALL' });
    expect(await search()).toEqual([]);

    // Other files on this stack may have left accounts of their own in older shapes: at least this one.
    expect(await migrate()).toMatch(/^Brought \d+ member accounts? up to date\.$/);
    expect(await search()).toEqual([userId]);
    expect(await migrate()).toBe('Every member account is up to date.');
  });
});
