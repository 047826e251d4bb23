/**
 * The admin's payments through the local gateway, the real orders handler, DynamoDB Local and the
 * local Stripe: a paid and approved order shows its charge, the platform's fee and the transfer to
 * the expert; a number finds its one order; only admins read them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentsPage } from '../../shared/schemas/admin-views';
import type { ChatDto } from '../../shared/schemas/chats';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInStudent } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { openOrder } from '../support/orders';
import { delivered, onboard, pressOnPage, sessionIdOf } from '../support/payments';
import { pdfDocument, submitMultipart } from '../support/project-files';

let admin: ApiClient;
let expert: ApiClient;
let student: ApiClient;
let chat: ChatDto;

beforeAll(async () => {
  const made = await expertWithOffer('Petra', 'Payee', 'Quarterly report review');
  expert = made.expert;
  await onboard(expert);
  ({ client: student } = await signedInStudent());
  ({ chat } = await openOrder(made.offer, student));
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  await pressOnPage(created.body.url, 'pay');
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
  expect((await submitMultipart(expert, chat._id, pdfDocument())).status).toBe(200);
  expect((await student.post(`/chats/${chat._id}/handle-project`, { action: 'approve' })).status).toBe(200);
  admin = await signedInAs('admin');
});

describe('admin payments', () => {
  it('show a paid and approved order with its charge, the platform’s fee and the transfer, newest first', async () => {
    const answer = await admin.get<AdminPaymentsPage>('/admin/payments');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = answer.body.payments.find((payment) => payment.chatId === chat._id);
    expect(row).toEqual({
      chatId: chat._id,
      orderNumber: chat.orderNumber,
      offerTitle: 'Quarterly report review',
      student: { _id: expect.any(String), firstName: expect.any(String), lastName: expect.any(String) },
      professor: { _id: expect.any(String), firstName: 'Petra', lastName: 'Payee' },
      status: 'closed',
      paymentAmount: 60,
      chargeId: expect.stringMatching(/^ch_/),
      paidAt: expect.any(String),
      platformFee: 6,
      transfer: { status: expect.stringMatching(/^(sent|settled)$/), amount: 54, transferId: expect.stringMatching(/^tr_/) },
    });
    const paidTimes = answer.body.payments.map((payment) => payment.paidAt);
    expect(paidTimes).toEqual(paidTimes.toSorted().reverse());
  });

  it('find the one order of a number, and say when no payment has it', async () => {
    const found = await admin.get<AdminPaymentsPage>(`/admin/payments?orderNumber=${chat.orderNumber}`);
    expect(found.status).toBe(200);
    expect(found.body.payments.map((payment) => payment.chatId)).toEqual([chat._id]);
    expect(found.body.nextCursor).toBeUndefined();

    expect(await admin.get('/admin/payments?orderNumber=999999999')).toMatchObject({
      status: 404,
      body: { msg: MSG.paymentNotFound, code: 'order_not_found' },
    });
    expect(await admin.get('/admin/payments?orderNumber=12a')).toMatchObject({ status: 400, body: { msg: MSG.invalidOrderNumber } });
    expect(await admin.get('/admin/payments?cursor=bm90LWEtY3Vyc29y')).toMatchObject({ status: 400, body: { code: 'invalid_cursor' } });
  });

  it('are the admins’ only', async () => {
    for (const client of [student, expert]) {
      expect(await client.get('/admin/payments')).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    }
  });
});
