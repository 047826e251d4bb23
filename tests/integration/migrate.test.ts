/**
 * `npm run migrate` against the test stack's table, as an operator runs it against a stage's after
 * a deploy: a member stored before the admin's search entries (decision 206) is missing from the
 * admin's user search until it runs, found afterwards, and a second run changes nothing. Bookings
 * made before reservations get theirs, once, and two of one expert that overlap are listed. A call
 * sent back for revision before calls stopped being delivered gets its deadline, once, and is refunded.
 * Each expert's free completed orders are recounted from their orders, to the same figures on every run.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUsersPage } from '../../shared/schemas/admin';
import type { AccountStats } from '../../shared/schemas/earnings';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { migrationKey, memberWordKey, orderKey, userKey } from '../../functions/platform/keys';
import { ORDER_RULES } from '../../shared/limits';
import { registerStudent, signedInAs, signedInStudent } from '../support/accounts';
import { expertWithOffer, freeOfferOf, hourlyOfferOf } from '../support/chats';
import { approvedFreeOrder, approvedOrder } from '../support/earnings';
import { chatOf, openOrder, put, serverNow, startIn } from '../support/orders';
import { payCheckout } from '../support/order-states';
import { advanceClock } from '../support/payments';
import type { ApiClient } from '../support/api';
import { latestMail, uniqueEmail } from '../support/outbox';
import { stackEnv } from '../support/stack';
import { deleteItem, getItem, partitionItems, removeAttributes, setAttributes } from '../support/table';

/** `npm run migrate` as an operator runs it, in a process of its own, against the test stack's table: what it prints. */
async function migrateAsOperator(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../scripts/migrate.ts')], {
    env: { ...process.env, ...stackEnv() },
  });
  return stdout.trim();
}

/**
 * The same migrations run again, in this process (scripts/migrations.ts, with the test stack's
 * environment): what the script would print, without a process's start and imports each time.
 */
async function migrate(): Promise<string> {
  Object.assign(process.env, stackEnv());
  const { runMigrations } = await import('../../scripts/migrations');
  return (await runMigrations()).join('\n');
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
    // The accounts' line comes first; the bookings' follows it.
    expect((await migrateAsOperator()).split('\n')[0]).toMatch(/^Brought \d+ member accounts? up to date\.$/);
    expect(await search()).toEqual([userId]);
    expect((await migrate()).split('\n')[0]).toBe('Every member account is up to date.');
  });
});

describe('npm run migrate: bookings made before reservations', () => {
  it('reserves their time once, keeps two that overlap and lists them', async () => {
    const { expert, expertId, email: expertEmail } = await expertWithOffer('Mira', 'Migrated', 'Portfolio review for designers');
    const offer = await hourlyOfferOf(expert, 'Design critique by the hour', 45);
    const start = await startIn(200);
    const bookingsOf = async (userId: string) => (await partitionItems(`CALENDAR#${userId}`)).filter((item) => String(item.sk).startsWith('BOOKING#'));
    // As before reservations: the first booking confirmed, then its calendar entries gone, so a second one takes the same hour.
    const booked: string[] = [];
    for (const hours of [2, 1]) {
      const { student, chat } = await openOrder(offer);
      expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: start, scheduledHours: hours })).status).toBe(200);
      expect((await put(expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);
      for (const item of await partitionItems(`CALENDAR#${expertId}`))
        if (String(item.sk).startsWith('BOOKING#')) await deleteItem({ pk: String(item.pk), sk: String(item.sk) });
      booked.push(chat._id);
    }
    for (const chatId of booked)
      for (const item of (await partitionItems(`CALENDAR#${expertId}`)).filter((entry) => entry.orderId === chatId))
        await deleteItem({ pk: String(item.pk), sk: String(item.sk) });
    expect(await bookingsOf(expertId)).toEqual([]);
    await deleteItem(migrationKey('bookings-reserved'));

    const output = await migrate();
    expect(output).toMatch(/Reserved the time of \d+ existing bookings?\./);
    // Both start at the same time: listed by start, then by order.
    const [first, second] = [...booked].sort();
    expect(output).toContain(`Overlapping bookings kept, one to be moved: orders ${first} and ${second} of ${expertId}.`);
    expect(output).toMatch(/Mailed \d+ of \d+ to move one\./);
    // The expert is asked to move one, each named with its time.
    const asked = await latestMail(expertEmail, 'Two of your sessions overlap');
    for (const chatId of booked) expect(asked.text).toContain(`Order #${(await chatOf(expert, chatId)).orderNumber} “Design critique by the hour”: `);
    expect(asked.text).toContain('Please suggest a new time for one of them in its conversation.');
    expect((await bookingsOf(expertId)).map((item) => item.orderId).sort()).toEqual([...booked].sort());
    // Once: the next run reads nothing.
    expect(await migrate()).toContain('Existing bookings were reserved before.');
  });
});

describe('npm run migrate: calls sent back for revision in flight', () => {
  it('dates their refund 7 days after the request, once; the deadline then refunds them in full', async () => {
    const { expert } = await expertWithOffer('Rita', 'Revised', 'Essay feedback');
    const offer = await hourlyOfferOf(expert, 'Thesis coaching by the hour', 40);
    const { student, chat } = await openOrder(offer);
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: await startIn(100), scheduledHours: 2 })).status).toBe(200);
    expect((await put(expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);
    await payCheckout(student, chat._id);
    // As stored before decision 250: delivered, sent back 8 days ago, and no deadline at all.
    const asked = new Date((await serverNow()) - 8 * 86_400_000).toISOString();
    const stored = await getItem(orderKey(chat._id));
    await setAttributes(orderKey(chat._id), { status: 'revision_requested', submittedAt: asked, revisionAt: asked, version: Number(stored?.version) + 1 });
    await removeAttributes(orderKey(chat._id), ['dueAt', 'gsi2pk', 'gsi2sk']);
    await deleteItem(migrationKey('deadlines-dated'));

    expect(await migrate()).toMatch(/Dated the deadline of \d+ orders? sent back for revision in flight\./);
    expect((await getItem(orderKey(chat._id)))?.dueAt).toBe(new Date(Date.parse(asked) + ORDER_RULES.autoApproveDays * 86_400_000).toISOString());
    expect(await migrate()).toContain('Deadlines were dated before.');

    // Past due: the next run of the deadlines refunds it in full.
    await advanceClock('1m');
    await expect.poll(async () => (await chatOf(student, chat._id)).orderStatus).toBe('canceled');
    expect((await chatOf(student, chat._id)).cancellation).toMatchObject({ by: 'system', refundAmount: 80 });
  });
});

describe('npm run migrate: ratings kept before each student counted once (decision 272)', () => {
  it('recounts them once from the visible reviews, each student by their latest', async () => {
    const { expert, expertId, offer } = await expertWithOffer('Rosa', 'Recount', 'Portfolio critique by Rosa');
    const second = await hourlyOfferOf(expert, 'Design mentoring by Rosa', 45);
    const third = await hourlyOfferOf(expert, 'Brand workshop with Rosa', 55);
    const { client: student } = await signedInStudent();
    const reviewOf = async (about: OfferDto, rating: number) => {
      const { chat } = await openOrder(about, student);
      await setAttributes(orderKey(chat._id), { status: 'closed' });
      expect((await student.post(`/offers/${about._id}/reviews`, { rating, orderNumber: chat.orderNumber })).status).toBe(201);
    };
    await reviewOf(offer, 5);
    await reviewOf(second, 1);
    // As stored before decision 272: every review counted, no voices.
    await setAttributes(userKey(expertId), { ratingSum: 6, reviews: 2 });
    for (const entry of await partitionItems(`VOICE#EXPERT#${expertId}`)) await deleteItem({ pk: String(entry.pk), sk: String(entry.sk) });
    await deleteItem(migrationKey('ratings-one-voice'));
    const profile = async () => (await admin.get<{ rating: number; reviews: number }>(`/user/public/${expertId}`)).body;
    expect(await profile()).toMatchObject({ rating: 3, reviews: 2 });

    expect(await migrate()).toMatch(/Recounted the ratings of \d+ experts?: each student counts once\./);
    expect(await profile()).toMatchObject({ rating: 1, reviews: 1 });
    expect(await migrate()).toContain('Ratings were recounted before.');
    // The voices are back: the student's next review moves the rating by its change of stars only.
    await reviewOf(third, 4);
    expect(await profile()).toMatchObject({ rating: 4, reviews: 1 });
  });
});

describe('npm run migrate: free orders closed before they were counted apart', () => {
  it('recounts each expert’s free completed orders from their orders, to the same figures however often it runs', async () => {
    const own = await expertWithOffer('Fiona', 'Freecount', 'Pitch review by Fiona');
    const free = await freeOfferOf(own.expert, 'Free first look by Fiona');
    await approvedOrder(own);
    await approvedFreeOrder({ expert: own.expert, offer: free });
    const figures = async () => (await admin.get<AccountStats>(`/user/stats/${own.expertId}`)).body;
    expect(await figures()).toMatchObject({ ordersCount: 2, freeOrdersCount: 1 });
    // As counted before free orders were counted apart: the completed orders, no free count.
    const totals = { pk: `EARNINGS#${own.expertId}`, sk: 'TOTALS' };
    await removeAttributes(totals, ['freeOrders']);
    expect(await figures()).toMatchObject({ ordersCount: 2, freeOrdersCount: 0 });
    const marker = migrationKey('free-orders-recounted');
    await deleteItem(marker);

    expect(await migrate()).toMatch(/Recounted the free orders of [1-9]\d* experts?\./);
    expect(await figures()).toMatchObject({ ordersCount: 2, freeOrdersCount: 1 });
    // Once: the next run reads nothing.
    expect(await migrate()).toContain('Free orders were recounted before.');
    // Run again all the same, it sets the counts from the orders rather than adding: the same figures, nobody's changed.
    await deleteItem(marker);
    expect(await migrate()).toContain('Recounted the free orders of 0 experts.');
    expect(await figures()).toMatchObject({ ordersCount: 2, freeOrdersCount: 1 });
    // A wrong count is put right, not added to.
    await setAttributes(totals, { freeOrders: 7 });
    await deleteItem(marker);
    expect(await migrate()).toContain('Recounted the free orders of 1 expert.');
    expect(await figures()).toMatchObject({ ordersCount: 2, freeOrdersCount: 1 });
  });
});
