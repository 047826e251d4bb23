/**
 * The admin's statistics through the local gateway, the real handlers and DynamoDB Local: each of
 * the five figures moves with the write that changes it (counters kept on write, never a scan), only
 * admins read them, and the daily job's snapshot (run by the test clock) adds a day to their history
 * with that day's orders and the platform's fees.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatistics } from '../../shared/schemas/admin-views';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { PASSWORD, activationTokenFor, registerStudent, signedInAs, signedInNewExpert, signedInPublishingExpert, signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { approvedOrder } from '../support/earnings';
import { latestMail, linkIn, uniqueEmail } from '../support/outbox';
import { advanceClock, onboard } from '../support/payments';
import { serverNow } from '../support/orders';
import { partitionItems } from '../support/table';
import { STATISTICS_DAYS } from '../../functions/platform/keys';

let admin: ApiClient;

beforeAll(async () => {
  admin = await signedInAs('admin');
});

async function statistics(): Promise<AdminStatistics> {
  const response = await admin.get<AdminStatistics>('/admin/statistics');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** What a write moved: each figure now less before. */
async function movedBy(write: () => Promise<unknown>) {
  const before = await statistics();
  await write();
  const after = await statistics();
  return {
    totalUsers: after.totalUsers - before.totalUsers,
    totalProfessors: after.totalProfessors - before.totalProfessors,
    totalOffers: after.totalOffers - before.totalOffers,
    actualOffers: after.actualOffers - before.actualOffers,
    totalOfferSum: Math.round((after.totalOfferSum - before.totalOfferSum) * 100) / 100,
  };
}

const NOTHING = { totalUsers: 0, totalProfessors: 0, totalOffers: 0, actualOffers: 0, totalOfferSum: 0 };
const OFFER = { title: 'Statistics clinic', description: 'An offer the statistics test counts.', price: 80, lessonType: 'Video Call', pricingType: 'fixed' };
const { pricingType: _, ...EDIT } = OFFER;

describe('GET /admin/statistics', () => {
  it('answers admins only', async () => {
    expect((await new ApiClient().get('/admin/statistics')).status).toBe(401);
    expect((await (await signedInAs('student')).get('/admin/statistics')).status).toBe(403);
    expect((await (await signedInAs('professor')).get('/admin/statistics')).status).toBe(403);
    const body = await statistics();
    expect(body).toEqual({
      totalUsers: expect.any(Number),
      totalProfessors: expect.any(Number),
      totalOffers: expect.any(Number),
      actualOffers: expect.any(Number),
      totalOfferSum: expect.any(Number),
      history: { days: expect.any(Array), weeks: expect.any(Array) },
    });
    // The demo's experts and their published offers are counted.
    expect(body.totalProfessors).toBeGreaterThanOrEqual(48);
    expect(body.totalUsers).toBeGreaterThan(body.totalProfessors);
    expect(body.actualOffers).toBeGreaterThanOrEqual(120);
    expect(body.totalOffers).toBeGreaterThan(body.actualOffers);
  });
});

describe('the accounts counted', () => {
  it('count a student once the account is activated, not while it is pending', async () => {
    let token = '';
    expect(
      await movedBy(async () => {
        token = (await registerStudent()).activationToken;
      }),
    ).toEqual(NOTHING);
    expect(await movedBy(() => new ApiClient().post('/auth/activate', { token, password: PASSWORD }))).toEqual({ ...NOTHING, totalUsers: 1 });
  });

  it('count an expert among the users and the experts', async () => {
    expect(await movedBy(() => signedInNewExpert('Stella', 'Statistic'))).toEqual({ ...NOTHING, totalUsers: 1, totalProfessors: 1 });
  });

  it('count a pending account that a password reset activates, once', async () => {
    const email = uniqueEmail('pending');
    await registerStudent(email);
    expect(await activationTokenFor(email)).toBeTruthy();
    expect(await new ApiClient().post('/auth/forgot-password', { email })).toMatchObject({ status: 200 });
    const token = linkIn(await latestMail(email, 'Reset your password'), '/reset-password/').split('/reset-password/')[1];
    expect(await movedBy(() => new ApiClient().post('/auth/reset-password', { token, password: 'a-rare-Password-2026' }))).toEqual({
      ...NOTHING,
      totalUsers: 1,
    });
    // Activating it afterwards with the registration's link changes nothing: it is active already.
    expect(await movedBy(async () => new ApiClient().post('/auth/activate', { token: await activationTokenFor(email), password: PASSWORD }))).toEqual(NOTHING);
  });

  it('follow the admin’s users: created, made an expert, archived and restored, banned still counted', async () => {
    let userId = '';
    const created = () =>
      admin.post<{ user: { _id: string } }>('/admin/create-user', {
        firstName: 'Cora',
        lastName: 'Counted',
        email: uniqueEmail('counted'),
        password: 'temporary-1',
      });
    expect(
      await movedBy(async () => {
        userId = (await created()).body.user._id;
      }),
    ).toEqual({ ...NOTHING, totalUsers: 1 });
    expect(await movedBy(() => admin.request('PATCH', `/admin/update-user/${userId}`, { role: 'professor' }))).toEqual({ ...NOTHING, totalProfessors: 1 });
    expect(await movedBy(() => admin.post(`/admin/ban-user/${userId}`, {}))).toEqual(NOTHING);
    expect(await movedBy(() => admin.request('DELETE', `/admin/users/${userId}`))).toEqual({ ...NOTHING, totalUsers: -1, totalProfessors: -1 });
    // Archived twice at once: the second is refused, and the counters move once.
    expect(await movedBy(() => admin.request('DELETE', `/admin/users/${userId}`))).toEqual(NOTHING);
    expect(await movedBy(() => admin.post(`/admin/restore-user/${userId}`, {}))).toEqual({ ...NOTHING, totalUsers: 1, totalProfessors: 1 });
  });

  it('stop counting a member who deletes their account', async () => {
    const { client } = await signedInStudent();
    expect(await movedBy(() => client.post('/user/delete-account', { password: PASSWORD }))).toEqual({ ...NOTHING, totalUsers: -1 });
  });
});

describe('the offers counted', () => {
  let expert: ApiClient;
  beforeAll(async () => {
    expert = (await signedInPublishingExpert('Olga', 'Offerer')).client;
  });
  const create = async (price = OFFER.price) => {
    const created = await expert.post<{ offer: OfferDto }>('/offers/create', { ...OFFER, price });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.offer._id;
  };
  const approve = async (offerId: string) => expect((await admin.request('PATCH', `/admin/offers/${offerId}/approve`, {})).status).toBe(200);

  it('count an offer from its creation, and among the published with its price once approved', async () => {
    let offerId = '';
    expect(
      await movedBy(async () => {
        offerId = await create();
      }),
    ).toEqual({ ...NOTHING, totalOffers: 1 });
    expect(await movedBy(() => approve(offerId))).toEqual({ ...NOTHING, actualOffers: 1, totalOfferSum: 80 });
  });

  it('follow the price and the moderation through edits: the expert’s sends it back, the admin’s keeps it published', async () => {
    const offerId = await create();
    await approve(offerId);
    expect(await movedBy(() => admin.request('PATCH', `/admin/offers/${offerId}`, { ...EDIT, price: 95.5 }))).toEqual({ ...NOTHING, totalOfferSum: 15.5 });
    expect(await movedBy(() => expert.request('PATCH', `/offers/update/${offerId}`, { ...EDIT, price: 70 }))).toEqual({
      ...NOTHING,
      actualOffers: -1,
      totalOfferSum: -95.5,
    });
    expect(await movedBy(() => approve(offerId))).toEqual({ ...NOTHING, actualOffers: 1, totalOfferSum: 70 });
  });

  it('stop counting an offer its expert deletes or an admin rejects', async () => {
    const published = await create(45);
    await approve(published);
    expect(await movedBy(() => expert.request('DELETE', `/offers/delete/${published}`))).toEqual({
      ...NOTHING,
      totalOffers: -1,
      actualOffers: -1,
      totalOfferSum: -45,
    });
    const waiting = await create();
    expect(await movedBy(() => admin.request('DELETE', `/admin/offers/${waiting}?reason=Not%20a%20mentoring%20offer`))).toEqual({
      ...NOTHING,
      totalOffers: -1,
    });
  });

  it('move nothing on a write that is refused', async () => {
    const offerId = await create();
    await approve(offerId);
    expect(await movedBy(() => admin.request('PATCH', `/admin/offers/${offerId}/approve`, {}))).toEqual(NOTHING);
    expect(await movedBy(() => expert.request('PATCH', `/offers/update/${offerId}`, { ...EDIT, price: 0.2 }))).toEqual(NOTHING);
    await expert.request('DELETE', `/offers/delete/${offerId}`);
    expect(await movedBy(() => expert.request('DELETE', `/offers/delete/${offerId}`))).toEqual(NOTHING);
  });
});

describe('the history', () => {
  it('gains a snapshot of each day once it ends, with the day’s orders and the platform’s fees, and its week', async () => {
    const { expert, offer } = await expertWithOffer('Hector', 'Historian', 'Statistics history review');
    await onboard(expert);
    await approvedOrder({ expert, offer });
    const day = new Date(await serverNow()).toISOString().slice(0, 10);
    const before = await statistics();
    expect(before.history.days.map((snapshot) => snapshot.date)).not.toContain(day);

    // The next day's first run of the schedule takes the snapshot (the test clock runs it).
    await advanceClock('1d');
    const after = await statistics();
    const snapshot = after.history.days.find((one) => one.date === day);
    expect(snapshot).toMatchObject({
      totalUsers: before.totalUsers,
      totalProfessors: before.totalProfessors,
      totalOffers: before.totalOffers,
      actualOffers: before.actualOffers,
      totalOfferSum: before.totalOfferSum,
    });
    // At least this file's order of 60, whose fee is 10 %.
    expect(snapshot?.orders).toBeGreaterThanOrEqual(1);
    expect(snapshot?.revenue).toBeGreaterThanOrEqual(6);

    // The days come oldest first, and the weeks add them up.
    const dates = after.history.days.map((one) => one.date);
    expect(dates).toEqual([...dates].sort());
    const monday = (date: string) => {
      const at = new Date(`${date}T00:00:00Z`);
      return new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    };
    const week = after.history.weeks.find((one) => one.week === monday(day));
    const sameWeek = after.history.days.filter((one) => monday(one.date) === monday(day));
    expect(week?.orders).toBe(sameWeek.reduce((sum, one) => sum + one.orders, 0));
    expect(week?.revenue).toBeCloseTo(
      sameWeek.reduce((sum, one) => sum + one.revenue, 0),
      2,
    );

    // Another run of the schedule the same day leaves the snapshot as it is.
    await advanceClock('1m');
    expect((await statistics()).history.days.filter((one) => one.date === day)).toEqual([snapshot]);
  });

  it('starts with the demo’s 90 days, so the charts have a history from the first start', async () => {
    // The seed's days end at the stack's start; other files of this stack may have moved its clock
    // since, so the answer's 90-day window holds some of them: the table holds them all.
    const seeded = await partitionItems(STATISTICS_DAYS);
    expect(seeded.length).toBeGreaterThanOrEqual(90);
    const { days } = (await statistics()).history;
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((one) => one.totalUsers > 0 && one.orders >= 0)).toBe(true);
  });
});
