/**
 * The audit log through the local gateway, the real catalogue, orders and admin handlers and
 * DynamoDB Local: moderation (with its mails to the expert, read from the outbox) and withdrawal
 * decisions are recorded with their admin, target and address; GET /admin/audit reads them newest
 * first, by action, admin and target, a page at a time; bad filters are 400. Each entry's event
 * reaches the log through the notifications handler, once per event.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntryView, AuditPage } from '../../shared/schemas/audit';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { Withdrawal } from '../../shared/schemas/earnings';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInPublishingExpert, signedInStudent } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { approvedOrder, settleFunds } from '../support/earnings';
import { latestMail } from '../support/outbox';
import { openOrder } from '../support/orders';
import { delivered, onboard, pressOnPage, sessionIdOf } from '../support/payments';
import { TEST_SEED } from '../support/seed-settings';
import { itemsWhere } from '../support/table';

let admin: ApiClient;
let adminId: string;
let expert: ApiClient;
let expertEmail: string;

const idOf = (client: ApiClient) => JSON.parse(Buffer.from(client.accessToken!.split('.')[1], 'base64url').toString()).sub as string;
const audit = async (query = '') => {
  const answer = await admin.get<AuditPage>(`/admin/audit${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

async function createdOffer(title: string): Promise<OfferDto> {
  const created = await expert.post<{ offer: OfferDto }>('/offers/create', {
    title,
    description: 'A written review of your plan, with a call to go through it.',
    price: 40,
    lessonType: 'Video Call',
    pricingType: 'fixed',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.offer;
}

beforeAll(async () => {
  ({ client: expert, email: expertEmail } = await signedInPublishingExpert('Maya', 'Moderated'));
  admin = await signedInAs('admin');
  adminId = idOf(admin);
});

describe('moderation with reasons', () => {
  it('mails the expert an approval and a rejection with its reason, and records each with the admin, the offer and the address', async () => {
    const approved = await createdOffer('Business plan review one');
    const rejected = await createdOffer('Business plan review two');

    expect((await admin.request('PATCH', `/admin/offers/${approved._id}/approve`, {})).status).toBe(200);
    const published = await latestMail(expertEmail, 'Your offer "Business plan review one" is published');
    expect(published.text).toContain('/my-offers');

    const reason = 'Offers may not promise funding.';
    expect(await admin.request('DELETE', `/admin/offers/${rejected._id}?reason=${encodeURIComponent(reason)}`)).toMatchObject({
      status: 200,
      body: { msg: MSG.offerRejected },
    });
    const refused = await latestMail(expertEmail, 'Your offer "Business plan review two" was not approved');
    expect(refused.text).toContain(`Reason: ${reason}`);
    const mine = (await expert.get<OfferDto[]>('/offers/my-offers')).body;
    expect(mine.find((own) => own._id === rejected._id)).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(mine.find((own) => own._id === approved._id)).not.toHaveProperty('rejectionReason');

    const edit = { title: 'Business plan review 1', description: 'Reworded by the moderation team.', price: 40, lessonType: 'Video Call' };
    expect((await admin.request('PATCH', `/admin/offers/${approved._id}`, edit)).status).toBe(200);

    const admin_ = { _id: adminId, email: TEST_SEED.adminEmail };
    expect((await audit(`?targetId=${approved._id}`)).entries).toEqual([
      expect.objectContaining({
        action: 'offer.edit',
        admin: admin_,
        clientIp: admin.clientAddress,
        target: { type: 'offer', _id: approved._id, label: 'Business plan review one' },
      }),
      expect.objectContaining({
        action: 'offer.approve',
        admin: admin_,
        clientIp: admin.clientAddress,
        target: { type: 'offer', _id: approved._id, label: 'Business plan review one' },
      }),
    ]);
    expect((await audit(`?targetId=${rejected._id}`)).entries).toEqual([
      expect.objectContaining({ action: 'offer.reject', admin: admin_, clientIp: admin.clientAddress, details: { reason } }),
    ]);
  });
});

describe('withdrawal decisions', () => {
  it('are recorded with the amount, the expert and the reason of a rejection', async () => {
    const made = await expertWithOffer('Walter', 'Withdrawn', 'Pricing strategy session');
    await onboard(made.expert);
    await approvedOrder({ expert: made.expert, offer: made.offer });
    await settleFunds();
    const ask = async (amount: number) => (await made.expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount })).body.withdrawal._id;
    const [toReject, toApprove] = [await ask(10), await ask(12.5)];

    expect((await admin.post(`/admin/withdrawals/${toReject}/reject`, { reason: 'The account holder differs.' })).status).toBe(200);
    expect((await admin.post(`/admin/withdrawals/${toApprove}/approve`, {})).status).toBe(200);

    expect((await audit(`?targetId=${toReject}`)).entries).toEqual([
      expect.objectContaining({
        action: 'withdrawal.reject',
        clientIp: admin.clientAddress,
        target: { type: 'withdrawal', _id: toReject, label: '€10.00 to Walter Withdrawn' },
        details: { reason: 'The account holder differs.' },
      }),
    ]);
    expect((await audit(`?targetId=${toApprove}`)).entries).toEqual([
      expect.objectContaining({ action: 'withdrawal.approve', target: { type: 'withdrawal', _id: toApprove, label: '€12.50 to Walter Withdrawn' } }),
    ]);
    expect((await audit('?action=withdrawal.approve')).entries.map((entry) => entry.target._id)).toContain(toApprove);
  });
});

describe('reads of a member’s private data (decision 271)', () => {
  it('are recorded before they are served: a reported order’s conversation and file, a member’s orders', async () => {
    const seller = await expertWithOffer('Rita', 'Read', 'Logo design review');
    const { client: student } = await signedInStudent();
    const { chat } = await openOrder(seller.offer, student);
    const paying = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
    await pressOnPage(paying.body.url, 'pay');
    await delivered('checkout.session.completed', sessionIdOf(paying.body.url));
    expect((await student.post(`/chats/${chat._id}/report-problem`, { reason: 'Nothing was delivered.' })).status).toBe(200);

    expect((await admin.get(`/admin/problems/${chat._id}`)).status).toBe(200);
    expect((await audit(`?targetId=${chat._id}`)).entries).toEqual([
      expect.objectContaining({
        action: 'order.view-reported',
        admin: expect.objectContaining({ _id: adminId }),
        target: expect.objectContaining({ type: 'order', _id: chat._id }),
      }),
    ]);
    const studentId = idOf(student);
    expect((await admin.get(`/admin/users/${studentId}/orders`)).status).toBe(200);
    expect((await audit(`?targetId=${studentId}&action=user.view-orders`)).entries).toEqual([
      expect.objectContaining({ action: 'user.view-orders', target: expect.objectContaining({ type: 'user', _id: studentId }) }),
    ]);
    // An order that is not reported is not served, and nothing is recorded of it.
    const { chat: other } = await openOrder(seller.offer);
    expect((await admin.get(`/admin/problems/${other._id}`)).status).toBe(409);
    expect((await audit(`?targetId=${other._id}`)).entries).toEqual([]);
  });
});

describe('reading the log', () => {
  it('pages newest first through every entry, once each, and filters by action and admin', async () => {
    const offers = await Promise.all(Array.from({ length: 11 }, (_, i) => createdOffer(`Paged moderation offer ${i + 1}`)));
    for (const offer of offers) {
      expect((await admin.request('PATCH', `/admin/offers/${offer._id}/approve`, {})).status).toBe(200);
      expect((await admin.request('DELETE', `/admin/offers/${offer._id}?reason=Duplicate`)).status).toBe(200);
    }
    const seen: AuditEntryView[] = [];
    let cursor: string | undefined;
    do {
      const page = await audit(`?adminId=${adminId}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(20);
      seen.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(22);
    expect(new Set(seen.map((entry) => entry._id)).size).toBe(seen.length);
    expect(seen.map((entry) => entry.at)).toEqual([...seen.map((entry) => entry.at)].sort().reverse());
    for (const offer of offers)
      expect(seen.filter((entry) => entry.target._id === offer._id).map((entry) => entry.action)).toEqual(['offer.reject', 'offer.approve']);

    const rejections: AuditEntryView[] = [];
    cursor = undefined;
    do {
      const page = await audit(`?action=offer.reject${cursor ? `&cursor=${cursor}` : ''}`);
      rejections.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(rejections.every((entry) => entry.action === 'offer.reject')).toBe(true);
    expect(rejections.map((entry) => entry.target._id)).toEqual(expect.arrayContaining(offers.map((offer) => offer._id)));
    expect((await audit(`?action=offer.approve&targetId=${offers[0]._id}`)).entries.map((entry) => entry.action)).toEqual(['offer.approve']);
    expect((await audit('?adminId=someone-else')).entries).toEqual([]);
  });

  it('refuses bad filters with 400 and keeps the log for admins', async () => {
    for (const query of [
      '?action=offer.delete',
      '?adminId=a%20b',
      `?targetId=${'x'.repeat(65)}`,
      '?cursor=%%%',
      `?cursor=${Buffer.from('not a position').toString('base64url')}`,
    ]) {
      expect(await admin.get(`/admin/audit${query}`), query).toMatchObject({ status: 400, body: { msg: expect.any(String) } });
    }
    expect((await admin.get('/admin/audit?action=offer.delete')).body).toMatchObject({ msg: MSG.invalidFilter });
    const { client: student } = await signedInStudent();
    expect((await student.get('/admin/audit')).status).toBe(403);
    expect((await expert.get('/admin/audit')).status).toBe(403);
  });
});

describe('reaching the log', () => {
  /** The event items the admin actions on a target wrote with their entries (the table's stream hands them to the notifications function). */
  const auditEventsOf = async (targetId: string) => itemsWhere({ pkStartsWith: ['EVENT#'], equal: { 'audit.target._id': targetId } });
  const inserted = (item: Record<string, unknown>, sequence: string) =>
    ({
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: sequence, Keys: marshall({ pk: item.pk, sk: item.sk }), NewImage: marshall(item, { removeUndefinedValues: true }) },
    }) as DynamoDBRecord;

  it('logs each entry once, as its event is handed to the notifications function, and nothing for other events', async () => {
    const approved = await createdOffer('Business plan review logged');
    expect((await admin.request('PATCH', `/admin/offers/${approved._id}/approve`, {})).status).toBe(200);
    // The stream's own run has mailed it: a second hand-over mails nothing more.
    await latestMail(expertEmail, 'Your offer "Business plan review logged" is published');
    const [approval] = await auditEventsOf(approved._id);
    expect(approval).toBeDefined();
    const unaudited = { pk: 'EVENT#not-an-admin-action', sk: 'EVENT', eventId: 'not-an-admin-action', recipients: [], createdAt: new Date().toISOString() };

    // As Powertools' testing guide does: in dev mode its logger writes to the global console, which a spy reads.
    // This file's environment is the stack's (stack-setup.ts): the handler reads its table.
    vi.stubEnv('POWERTOOLS_DEV', 'true');
    vi.stubEnv('LOG_LEVEL', 'INFO');
    vi.resetModules();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const { handler } = await import('../../functions/lambdas/notifications/handler');
      expect(await handler({ Records: [inserted(approval, '1'), inserted(unaudited, '2')] })).toEqual({ batchItemFailures: [] });
      const lines = info.mock.calls.map(([line]) => JSON.parse(String(line)) as { message: string; audit?: AuditEntryView });
      const logged = lines.filter((line) => line.message === 'Admin action');
      expect(logged).toEqual([
        expect.objectContaining({
          audit: expect.objectContaining({
            action: 'offer.approve',
            admin: { _id: adminId, email: TEST_SEED.adminEmail },
            clientIp: admin.clientAddress,
            target: { type: 'offer', _id: approved._id, label: 'Business plan review logged' },
          }),
        }),
      ]);
    } finally {
      info.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
