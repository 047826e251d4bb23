/**
 * Data retention (the privacy policy) on a stack of this file's own, with its state in a folder as
 * `npm start` keeps it: the job moves a year of the stack's clock, which no shared stack may see.
 * Run on demand (`npm run retention`, against aged data) and by the test clock, as the daily
 * schedule runs it: the warning 30 days ahead, once; the deletion after; an account with money
 * owed and an admin kept; contact messages expire by their TTL.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { RETENTION } from '../../shared/limits';
import { PASSWORD, signedInAs, signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { openOrder, serverNow } from '../support/orders';
import { mailsTo } from '../support/outbox';
import { advanceClock } from '../support/payments';
import { onStackOfItsOwn } from '../support/own-stack';
import { getItem, itemsWhere, setAttributes } from '../support/table';

const DAY_MS = 86_400_000;
const WARNING = 'Your account will be deleted for inactivity';
const folder = mkdtempSync(join(tmpdir(), 'retention-'));
// The logins suffice: the job examines every inactive account, and nothing here reads the catalogue (decision 234).
const stack = onStackOfItsOwn('retention stack', { dataDir: folder, seeded: 'logins' });

const userIdOf = async (client: ApiClient) => String((await client.get<{ _id: string }>('/auth/user')).body._id);
const warningsTo = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject === WARNING);
const account = (userId: string) => getItem({ pk: `USER#${userId}`, sk: 'PROFILE' });

/** Makes the account's last activity `days` ago, in the item and its place in the activity index. */
async function lastActive(userId: string, days: number): Promise<void> {
  const at = new Date((await serverNow()) - days * DAY_MS).toISOString();
  await setAttributes({ pk: `USER#${userId}`, sk: 'PROFILE' }, { lastActiveAt: at, gsi2pk: `ACTIVE#${at.slice(0, 7)}`, gsi2sk: `${at}#${userId}` });
}

/** `npm run retention` against this file's stack, as an operator runs it: its printed result. */
async function runOnDemand(): Promise<Record<string, number>> {
  const root = resolve(import.meta.dirname, '../..');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/retention.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOCAL_DATA_DIR: folder },
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
}

let dormant: { client: ApiClient; email: string; userId: string };
let owed: { expert: ApiClient; expertId: string; email: string };

describe('retention', () => {
  it('runs on demand: warns an account inactive for 335 days, once; keeps an admin, and an account with an order open', async () => {
    const { client, email } = await signedInStudent();
    dormant = { client, email, userId: await userIdOf(client) };
    await lastActive(dormant.userId, RETENTION.inactiveDays - RETENTION.warningDays + 5);
    // A student inactive for more than a year and warned long ago, whose booked order is not finished.
    const { expert, expertId, email: expertEmail, offer } = await expertWithOffer('Mona', 'Owed', 'Budget planning session');
    owed = { expert, expertId, email: expertEmail };
    const { student: booker, chat } = await openOrder(offer);
    await setAttributes({ pk: `ORDER#${chat._id}`, sk: 'ORDER' }, { status: 'confirmed' });
    const bookerId = await userIdOf(booker);
    await lastActive(bookerId, RETENTION.inactiveDays + 40);
    await setAttributes({ pk: `USER#${bookerId}`, sk: 'PROFILE' }, { inactivityWarnedAt: new Date((await serverNow()) - 35 * DAY_MS).toISOString() });
    // The admin, inactive for more than a year too (after the sign-in that approved the offer).
    const adminId = await userIdOf(await signedInAs('admin'));
    await lastActive(adminId, RETENTION.inactiveDays + 30);

    const first = await runOnDemand();
    expect(first).toMatchObject({ warned: 1, deleted: 0, keptForMoney: 1, keptAdmins: 1 });
    const [warning] = await warningsTo(dormant.email);
    expect(warning.text).toContain('sign in before then');
    expect(await account(dormant.userId)).toHaveProperty('inactivityWarnedAt');
    expect(await account(bookerId)).not.toHaveProperty('isDeleted');
    expect(await account(adminId)).not.toHaveProperty('inactivityWarnedAt');

    expect(await runOnDemand()).toMatchObject({ warned: 0, deleted: 0 });
    expect(await warningsTo(dormant.email)).toHaveLength(1);
  });

  it('runs with the clock: warns 30 days ahead, then deletes; keeps accounts with money owed, and admins', async () => {
    const { client: active, email: activeEmail } = await signedInStudent();
    const activeId = await userIdOf(active);
    const admin = await signedInAs('admin');
    const adminId = await userIdOf(admin);

    // 336 days on: the student and the expert are warned; the dormant account, warned long ago, goes.
    await advanceClock('336d');
    expect(await warningsTo(activeEmail)).toHaveLength(1);
    expect(await warningsTo(owed.email)).toHaveLength(1);
    expect(await account(dormant.userId)).toMatchObject({ isDeleted: true, firstName: 'Former', lastName: 'member', email: '' });
    expect((await new ApiClient().post('/auth/login', { email: dormant.email, password: PASSWORD })).status).toBe(401);

    // 30 days after the warning: the student is deleted; the expert, with an order still open, is kept, and so is the admin.
    await advanceClock('30d');
    expect(await account(activeId)).toMatchObject({ isDeleted: true });
    expect(await account(owed.expertId)).toMatchObject({ email: owed.email });
    expect(await account(owed.expertId)).not.toHaveProperty('isDeleted');
    expect(await account(adminId)).not.toHaveProperty('isDeleted');
    expect(await account(adminId)).not.toHaveProperty('inactivityWarnedAt');

    // Signing in again makes the expert active: no further warning comes for another 335 days.
    expect((await new ApiClient().post('/auth/login', { email: owed.email, password: PASSWORD })).status).toBe(200);
    await advanceClock('1d');
    expect(await warningsTo(owed.email)).toHaveLength(1);
  });

  it('lets contact messages expire after 6 months (the table’s TTL)', async () => {
    const email = `contact.${Date.now()}@example.com`;
    const sent = await new ApiClient().post('/auth/contact', { firstName: 'Carla', lastName: 'Contact', email, message: 'Do you offer group sessions?' });
    expect(sent.status).toBe(200);
    const [item] = await itemsWhere({ pkStartsWith: ['CONTACT#'], equal: { email } });
    // Sessions and TTLs count in the machine's time, which the test clock does not move.
    expect(Number(item?.expiresAt) - Math.floor(Date.now() / 1000)).toBeCloseTo(RETENTION.contactMessageSeconds, -2);
    const env = stack().env;
    const ttl = await new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    }).send(new DescribeTimeToLiveCommand({ TableName: env.TABLE_NAME }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
  });
});
