/**
 * Earnings and withdrawals through the local gateway, the real orders handler, DynamoDB Local and
 * the local Stripe: an approved order's credit is transferred to the expert's connected account
 * out of its charge and shows as pending, becomes withdrawable when the charge settles (the test
 * clock), a withdrawal never overdraws however many are asked at once, and an admin's rejection
 * gives the amount back, once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { CreatedChat } from '../../shared/schemas/chats';
import type { AccountStats, AdminWithdrawal, Earnings, Withdrawal, WithdrawalPage } from '../../shared/schemas/earnings';
import { WITHDRAWAL_RULES } from '../../shared/limits';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInPublishingExpert, signedInStudent } from '../support/accounts';
import { ApiClient, stackUrl } from '../support/api';
import { expertWithOffer, freeOfferOf } from '../support/chats';
import { advanceClock, delivered, localStripe, onboard } from '../support/payments';
import { approvedFreeOrder, approvedOrder, earningsOf, settleFunds } from '../support/earnings';
import { openOrder, put, startIn } from '../support/orders';
import { getItem } from '../support/table';
import { latestMail, mailsTo, mailWhere } from '../support/outbox';
import { armTableFault, clearTableFaults } from '../support/table-faults';

let expert: ApiClient;
let expertId: string;
let expertEmail: string;
let offer: OfferDto;
let admin: ApiClient;

beforeAll(async () => {
  ({ expert, expertId, email: expertEmail, offer } = await expertWithOffer('Wanda', 'Withdrawer', 'Pitch deck review'));
  await onboard(expert);
  admin = await signedInAs('admin');
});

describe('earnings', () => {
  it('show an approved order’s credit as pending until its charge settles, then as available', async () => {
    const { chatId } = await approvedOrder({ expert, offer });
    const earnings = await earningsOf(expert);
    expect(earnings).toMatchObject({ balance: 0, pending: 54, frozen: 0, requested: 0, withdrawn: 0, owed: 0, payoutsEnabled: true });
    expect(earnings.orders).toEqual([
      { orderNumber: expect.any(Number), paymentAmount: 60, earned: 54, chatId, isWithdrawn: false, creditedAt: expect.any(String) },
    ]);

    // The credit went to the expert's connected account, out of the order's charge, in the charge's transfer group.
    const payment = (await getItem({ pk: `ORDER#${chatId}`, sk: 'ORDER' }))?.payment as { paymentIntentId: string } | undefined;
    const intent = await localStripe().paymentIntents.retrieve(String(payment?.paymentIntentId));
    expect(intent.transfer_group).toBeTruthy();
    const [transfer] = (await localStripe().transfers.list({ transfer_group: String(intent.transfer_group) })).data;
    expect(transfer).toMatchObject({ amount: 5400, currency: 'eur', source_transaction: intent.latest_charge, metadata: { orderId: chatId } });
    expect(transfer.transfer_group).toBe(intent.transfer_group);
    expect((await localStripe().charges.retrieve(String(intent.latest_charge))).transfer_group).toBe(intent.transfer_group);

    // The charge's funds are available when Stripe says: the page says when.
    const charge = await localStripe().charges.retrieve(String(transfer.source_transaction), { expand: ['balance_transaction'] });
    const availableOn = (charge.balance_transaction as { available_on: number }).available_on;
    expect(earnings.pendingAvailableOn).toBe(new Date(availableOn * 1000).toISOString());

    await settleFunds();
    const settled = await earningsOf(expert);
    expect(settled).toMatchObject({ balance: 54, pending: 0 });
    expect(settled).not.toHaveProperty('pendingAvailableOn');
  });

  it('are the expert’s own: students are refused, and only admins see the queue', async () => {
    const { client: student } = await signedInStudent();
    expect((await student.get('/user/earnings')).status).toBe(403);
    expect((await student.post('/user/withdraw', { amount: 1 })).status).toBe(403);
    expect((await expert.get('/admin/withdrawals')).status).toBe(403);
  });
});

describe('withdrawals', () => {
  it('take from what is available, never more, however many are asked at once', async () => {
    await approvedOrder({ expert, offer });
    await settleFunds();
    // This order's 54 with what earlier tests of this expert left available.
    const available = (await earningsOf(expert)).balance;
    expect(available).toBeGreaterThanOrEqual(54);

    expect(await expert.post('/user/withdraw', { amount: available + 0.01 })).toMatchObject({
      status: 400,
      body: { msg: MSG.withdrawalOverBalance, code: 'withdrawal_over_balance' },
    });
    for (const amount of [0, -5, 1.234, '10'])
      expect(await expert.post('/user/withdraw', { amount })).toMatchObject({ status: 400, body: { msg: MSG.validAmount } });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => expert.post<{ msg: string; withdrawal: Withdrawal }>('/user/withdraw', { amount: available })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) expect(refused.body).toMatchObject({ code: 'withdrawal_over_balance' });
    expect(answers.find((answer) => answer.status === 201)?.body).toMatchObject({
      msg: MSG.withdrawalSubmitted,
      withdrawal: { amount: available, status: 'pending' },
    });

    expect(await earningsOf(expert)).toMatchObject({ balance: 0, requested: available });
    const mine = (await expert.get<WithdrawalPage>('/user/withdrawals')).body.withdrawals;
    expect(mine).toEqual([{ _id: expect.any(String), amount: available, status: 'pending', createdAt: expect.any(String) }]);
  });

  it('rejected by an admin come back to the available balance, once, with the reason the expert sees', async () => {
    await approvedOrder({ expert, offer });
    await settleFunds();
    const asked = await expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount: 20.5 });
    expect(asked.status).toBe(201);
    const withdrawalId = asked.body.withdrawal._id;

    const queue = (await admin.get<WithdrawalPage<AdminWithdrawal>>('/admin/withdrawals')).body.withdrawals;
    expect(queue.find((row) => row._id === withdrawalId)).toMatchObject({
      amount: 20.5,
      status: 'pending',
      professor: { _id: expertId, firstName: 'Wanda', lastName: 'Withdrawer', email: expect.stringContaining('@') },
    });

    const balanceBefore = (await earningsOf(expert)).balance;
    const [first, second] = await Promise.all([
      admin.post(`/admin/withdrawals/${withdrawalId}/reject`, { reason: 'The <b>bank details</b> do not match your name.' }),
      admin.post(`/admin/withdrawals/${withdrawalId}/reject`, { reason: 'Twice.' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.status === 409)?.body).toMatchObject({ msg: MSG.withdrawalAlreadyDecided, code: 'already_decided' });
    expect((await earningsOf(expert)).balance).toBeCloseTo(balanceBefore + 20.5, 2);

    const mine = (await expert.get<WithdrawalPage>('/user/withdrawals')).body.withdrawals.find((row) => row._id === withdrawalId);
    expect(mine).toMatchObject({ status: 'rejected', reason: expect.stringMatching(/^(The bank details do not match your name\.|Twice\.)$/) });
    const rejectedMail = await latestMail(expertEmail, 'Withdrawal not approved: €20.50');
    expect(rejectedMail.text).toContain(`The reason given: ${mine?.reason}`);
    expect(rejectedMail.text).toContain('The amount is available again in your earnings.');
    expect((await admin.get<WithdrawalPage<AdminWithdrawal>>('/admin/withdrawals?status=rejected')).body.withdrawals.map((row) => row._id)).toContain(
      withdrawalId,
    );
    expect(await admin.post('/admin/withdrawals/no-such-withdrawal/reject', {})).toMatchObject({ status: 404, body: { code: 'withdrawal_not_found' } });
  });
});

describe('payouts', () => {
  /** A fresh expert of this describe's own, onboarded, with one approved and settled order: €54 available. */
  async function expertWithFunds(firstName: string) {
    const own = await expertWithOffer(firstName, 'Payee', `Portfolio review by ${firstName}`);
    await onboard(own.expert);
    await approvedOrder(own);
    await settleFunds();
    return own;
  }

  /** The expert's connected account, as the accounts context keeps it (never in an API view). */
  const connectedAccountOf = async (userId: string) => String((await getItem({ pk: `USER#${userId}`, sk: 'PROFILE' }))?.payoutAccountId);

  const withdrawalOf = async (client: ApiClient, withdrawalId: string) =>
    (await client.get<WithdrawalPage>('/user/withdrawals')).body.withdrawals.find((row) => row._id === withdrawalId);

  it('are at least €10, or the whole balance when less, and at most 3 wait for an admin at once, however many are asked together', async () => {
    const own = await expertWithFunds('Mina');
    const ask = (amount: number) => own.expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount });
    const underMinimum = { status: 400, body: { code: 'withdrawal_under_minimum', msg: MSG.withdrawalUnderMinimum } };
    expect(await ask(9.99)).toMatchObject(underMinimum);
    expect(await ask(0.01)).toMatchObject(underMinimum);

    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(10)));
    const landed = answers.filter((answer) => answer.status === 201);
    expect(landed).toHaveLength(WITHDRAWAL_RULES.pendingMax);
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect(refused).toMatchObject({ status: 409, body: { code: 'withdrawals_pending_max', msg: MSG.withdrawalsPendingMax } });
    expect(await earningsOf(own.expert)).toMatchObject({ balance: 24, requested: 30 });

    // One decided, another may be asked for; under €10 only to empty the balance.
    expect((await admin.post(`/admin/withdrawals/${landed[0].body.withdrawal._id}/reject`, {})).status).toBe(200);
    expect((await ask(30)).status).toBe(201);
    expect(await ask(4)).toMatchObject({ status: 409, body: { code: 'withdrawals_pending_max' } });
    expect((await admin.post(`/admin/withdrawals/${landed[1].body.withdrawal._id}/approve`, {})).status).toBe(200);
    expect(await ask(3.99)).toMatchObject(underMinimum);
    expect((await ask(4)).status).toBe(201);
    expect(await earningsOf(own.expert)).toMatchObject({ balance: 0 });
  });

  it('asked again with their key after an answer that never came, ask for the money once (decision 308)', async () => {
    const own = await expertWithFunds('Kei');
    const ask = (amount: number, key: string) =>
      own.expert.request<{ msg: string; withdrawal: Withdrawal }>('POST', '/user/withdraw', { amount }, { headers: { 'idempotency-key': key } });
    // Every try of the request's transaction commits and loses its answer: the expert is told to try again shortly (decision 342).
    await armTableFault({ mode: 'after-commit', operations: ['TransactWriteItems'], count: 9 });
    expect(await ask(12, 'withdraw-twelve')).toMatchObject({ status: 503, body: { msg: MSG.busy, code: 'unavailable' } });
    await clearTableFaults();
    // Asked again, twice at once, with the same key: the withdrawal made the first time, and nothing more.
    const again = await Promise.all([ask(12, 'withdraw-twelve'), ask(12, 'withdraw-twelve')]);
    expect(again.map((answer) => answer.status)).toEqual([201, 201]);
    expect(again[1].body).toEqual(again[0].body);
    expect(again[0].body).toMatchObject({ msg: MSG.withdrawalSubmitted, withdrawal: { amount: 12, status: 'pending' } });
    expect(await earningsOf(own.expert)).toMatchObject({ balance: 42, requested: 12 });
    expect((await own.expert.get<WithdrawalPage>('/user/withdrawals')).body.withdrawals.map((row) => row._id)).toEqual([again[0].body.withdrawal._id]);
    // Another key is another request; a key is its expert's own.
    expect((await ask(12, 'withdraw-twelve-later')).status).toBe(201);
    const other = await expertWithFunds('Ola');
    const othersAsk = await other.expert.request<{ withdrawal: Withdrawal }>(
      'POST',
      '/user/withdraw',
      { amount: 12 },
      { headers: { 'idempotency-key': 'withdraw-twelve' } },
    );
    expect(othersAsk.status).toBe(201);
    expect(othersAsk.body.withdrawal._id).not.toBe(again[0].body.withdrawal._id);
    expect([(await earningsOf(own.expert)).balance, (await earningsOf(other.expert)).balance]).toEqual([30, 42]);
  });

  it('approved by an admin pay out from the connected account, once, and count as withdrawn when paid', async () => {
    const own = await expertWithFunds('Paige');
    const asked = await own.expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount: 54 });
    const withdrawalId = asked.body.withdrawal._id;
    expect((await latestMail(own.email, 'Withdrawal requested: €54.00')).text).toContain('We received your request to withdraw €54.00.');

    const [first, second] = await Promise.all([
      admin.post<{ msg: string; withdrawal: Withdrawal }>(`/admin/withdrawals/${withdrawalId}/approve`, {}),
      admin.post<{ msg: string }>(`/admin/withdrawals/${withdrawalId}/approve`, {}),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const approved = first.status === 200 ? first : second;
    expect(approved.body).toMatchObject({ msg: MSG.withdrawalApprovedDone, withdrawal: { status: 'approved', amount: 54 } });
    expect((await latestMail(own.email, 'Payout on its way: €54.00')).text).toContain('Your withdrawal of €54.00 was approved');

    // One payout at the provider, from the expert's connected account.
    const payouts = (await localStripe().payouts.list({}, { stripeAccount: await connectedAccountOf(own.expertId) })).data;
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amount: 5400, currency: 'eur', metadata: { withdrawalId } });

    await advanceClock('10m');
    // The Connect endpoint's event, signed with its own secret, is taken.
    await delivered('payout.paid', payouts[0].id);
    await expect.poll(async () => (await withdrawalOf(own.expert, withdrawalId))?.status).toBe('paid');
    const earnings = await earningsOf(own.expert);
    expect(earnings).toMatchObject({ balance: 0, requested: 0, withdrawn: 54 });
    expect(earnings.orders.map((row) => row.isWithdrawn)).toEqual([true]);
    await latestMail(own.email, 'Paid out: €54.00');
    expect((await mailsTo(own.email)).filter((mail) => mail.subject === 'Paid out: €54.00')).toHaveLength(1);
  });

  it('are not mailed to an expert who switched money updates off, while the student who did too still gets the receipt', async () => {
    const own = await expertWithOffer('Quincy', 'Quiet', 'Portfolio review by Quincy');
    await onboard(own.expert);
    const moneyOff = { messages: true, orders: true, money: false };
    expect((await own.expert.request('PUT', '/user/notification-preferences', moneyOff)).status).toBe(200);
    const student = await signedInStudent();
    expect((await student.client.request('PUT', '/user/notification-preferences', moneyOff)).status).toBe(200);
    await approvedOrder({ ...own, student: student.client });
    // A receipt cannot be switched off.
    await mailWhere(student.email, (mail) => mail.subject.startsWith('Payment receipt: order #'), 'of the payment receipt');
    await settleFunds();

    const asked = await own.expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount: 54 });
    expect(asked.status).toBe(201);
    const withdrawalId = asked.body.withdrawal._id;
    expect((await admin.post(`/admin/withdrawals/${withdrawalId}/approve`, {})).status).toBe(200);
    const [payout] = (await localStripe().payouts.list({}, { stripeAccount: await connectedAccountOf(own.expertId) })).data;
    await advanceClock('10m');
    await delivered('payout.paid', payout.id);
    await expect.poll(async () => (await withdrawalOf(own.expert, withdrawalId))?.status).toBe('paid');

    // A message mail, which the expert still wants, comes after every earlier event was handled (the stream keeps their order).
    const { client: another } = await signedInStudent();
    const opened = await another.post<CreatedChat>('/chats/create', { offerId: own.offer._id, initialMessage: 'Is next week possible?' });
    expect(opened.status).toBe(201);
    await mailWhere(own.email, (mail) => mail.text.includes(`/messages?chatId=${opened.body.chat._id}`), 'of the new message');
    const subjects = (await mailsTo(own.email)).map((mail) => mail.subject);
    for (const withdrawalMail of ['Withdrawal requested: €54.00', 'Payout on its way: €54.00', 'Paid out: €54.00'])
      expect(subjects).not.toContain(withdrawalMail);
  });

  it('that fail come back to the available balance with the reason, and may be asked for again', async () => {
    const own = await expertWithFunds('Fabian');
    const asked = await own.expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount: 30 });
    const withdrawalId = asked.body.withdrawal._id;
    expect((await admin.post(`/admin/withdrawals/${withdrawalId}/approve`, {})).status).toBe(200);
    const [payout] = (await localStripe().payouts.list({}, { stripeAccount: await connectedAccountOf(own.expertId) })).data;

    const failed = await fetch(`${stackUrl()}/_local/payments/payouts/${payout.id}/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failureCode: 'account_closed' }),
    });
    expect(failed.status).toBe(200);
    await expect.poll(async () => (await withdrawalOf(own.expert, withdrawalId))?.status).toBe('failed');
    expect(await withdrawalOf(own.expert, withdrawalId)).toMatchObject({ failureMessage: expect.any(String) });
    expect((await latestMail(own.email, 'Payout failed: €30.00')).text).toContain('The amount is available again in your earnings.');
    expect(await earningsOf(own.expert)).toMatchObject({ balance: 54, requested: 0, withdrawn: 0 });

    // The admin's queue no longer offers it; the expert withdraws again.
    expect((await admin.post(`/admin/withdrawals/${withdrawalId}/approve`, {})).status).toBe(409);
    expect((await own.expert.post('/user/withdraw', { amount: 54 })).status).toBe(201);
  });
});

describe('the credited orders', () => {
  it('page through every credit, newest first, the oldest counting as withdrawn as far as payouts cover them', async () => {
    const { client, userId } = await signedInPublishingExpert('Paging', 'Expert');
    const [ledger, ledgerRepo, earningsRepo, table, money] = await Promise.all([
      import('../../functions/contexts/payments/ledger'),
      import('../../functions/contexts/payments/ledger-repository'),
      import('../../functions/contexts/earnings/repository'),
      import('../../functions/platform/table'),
      import('../../shared/money'),
    ]);
    // 25 credits of €9.00 (€10.00 paid), a second apart, the oldest first; the 12 oldest transferred
    // and settled, and €100.00 of them withdrawn and paid out, as the services record them.
    const credit = money.cents(900);
    for (let index = 0; index < 25; index++) {
      const at = new Date(Date.UTC(2026, 10, 1, 9, 0, index)).toISOString();
      const orderId = `paging-${userId}-${index}`;
      const paid = money.cents(1000);
      const entries = [
        ledger.paymentEntry(orderId, `pi_${orderId}`, paid, at),
        ...ledger.settlementEntries({ orderId, expertId: userId, orderNumber: 70_000 + index }, paid, { amountCents: money.cents(0) }, at),
        ...(index < 12
          ? [ledger.transferEntry(orderId, userId, `tr_${orderId}`, credit, at), ledger.settlementEntry(orderId, userId, `tr_${orderId}`, credit, at)]
          : []),
      ];
      await table.transact({ TransactItems: ledgerRepo.entryWrites(entries) });
    }
    const withdrawal = { withdrawalId: `paging-${userId}`, expertId: userId, amountCents: money.cents(10_000) };
    await table.transact({
      TransactItems: [
        ...ledgerRepo.entryWrites([
          ledger.withdrawalRequestedEntry(withdrawal, '2026-11-02T09:00:00.000Z'),
          ledger.payoutPaidEntry(withdrawal, `po_paging_${userId}`, '2026-11-03T09:00:00.000Z'),
        ]),
        earningsRepo.withdrawnAdd(userId, withdrawal.amountCents),
      ],
    });

    const rows = [];
    let cursor: string | undefined;
    do {
      const page = await client.get<Earnings>(`/user/earnings${cursor ? `?cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      rows.push(...page.body.orders);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(rows.map((row) => row.orderNumber)).toEqual(Array.from({ length: 25 }, (_, index) => 70_024 - index));
    expect(rows.every((row) => row.paymentAmount === 10 && row.earned === 9)).toBe(true);
    // €100.00 covers the 11 oldest credits of €9.00 (€99.00); the 12th would need €108.00.
    expect(rows.filter((row) => row.isWithdrawn).map((row) => row.orderNumber)).toEqual(Array.from({ length: 11 }, (_, index) => 70_010 - index));
    expect(await client.get<Earnings>('/user/earnings')).toMatchObject({ body: { balance: 8, pending: 117, requested: 0, withdrawn: 100 } });
    expect(await client.get('/user/earnings?cursor=bm90LWEtY3Vyc29y')).toMatchObject({ status: 400, body: { code: 'invalid_cursor' } });
  });
});

describe('an expert’s statistics', () => {
  it('count completed orders and what they earned, kept on write: the earnings for the expert and admins only', async () => {
    const own = await expertWithOffer('Stella', 'Stats', 'Interview drills by Stella');
    const statsOf = (client: ApiClient) => client.get<AccountStats>(`/user/stats/${own.expertId}`);
    expect((await statsOf(own.expert)).body).toEqual({ ordersCount: 0, freeOrdersCount: 0, totalEarned: 0, averageRating: 0, reviewsCount: 0 });

    await approvedOrder(own);
    await approvedOrder(own);
    expect((await statsOf(own.expert)).body).toEqual({ ordersCount: 2, freeOrdersCount: 0, totalEarned: 108, averageRating: 0, reviewsCount: 0 });
    expect((await statsOf(admin)).body).toMatchObject({ ordersCount: 2, freeOrdersCount: 0, totalEarned: 108 });
    const { client: student, user } = await signedInStudent();
    expect((await statsOf(student)).body).toEqual({ ordersCount: 2, freeOrdersCount: 0, averageRating: 0, reviewsCount: 0 });
    // No such expert, or not an expert: 404.
    expect((await student.get(`/user/stats/${randomUUID()}`)).status).toBe(404);
    expect((await own.expert.get(`/user/stats/${String(user._id)}`)).status).toBe(404);
  });

  it('are anyone’s to read, signed in or not, and count a free introduction and the reviews', async () => {
    const own = await expertWithOffer('Vera', 'Visible', 'Case interview drills by Vera');
    const visitor = new ApiClient();
    const publicStats = async () => {
      const answer = await visitor.get<AccountStats>(`/user/stats/${own.expertId}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    expect(await publicStats()).toEqual({ ordersCount: 0, freeOrdersCount: 0, averageRating: 0, reviewsCount: 0 });
    expect((await visitor.get(`/user/stats/${randomUUID()}`)).status).toBe(404);

    await approvedOrder(own);
    expect(await publicStats()).toEqual({ ordersCount: 1, freeOrdersCount: 0, averageRating: 0, reviewsCount: 0 });
    // A free introduction, once it took place, is a completed order too, and a free one: the figures show it apart from the paid one.
    const { student, chat } = await openOrder(own.offer);
    expect((await put(student, `/chats/${chat._id}/schedule`, { scheduledDate: await startIn(1), freeIntro: true })).status).toBe(200);
    expect((await put(own.expert, `/chats/${chat._id}/confirm-schedule`)).status).toBe(200);
    await advanceClock('2h');
    expect((await put(student, `/chats/${chat._id}/confirm-session`)).status).toBe(200);
    expect(await publicStats()).toEqual({ ordersCount: 2, freeOrdersCount: 1, averageRating: 0, reviewsCount: 0 });

    const reviewed = await student.post(`/offers/${own.offer._id}/reviews`, {
      rating: 4,
      comment: 'Clear, kind and practical advice.',
      orderNumber: chat.orderNumber,
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
    expect(await publicStats()).toEqual({ ordersCount: 2, freeOrdersCount: 1, averageRating: 4, reviewsCount: 1 });
    // The expert still reads what they earned (the paid project's credit; the introduction is free).
    expect((await own.expert.get<AccountStats>(`/user/stats/${own.expertId}`)).body).toEqual({
      ordersCount: 2,
      freeOrdersCount: 1,
      totalEarned: 54,
      averageRating: 4,
      reviewsCount: 1,
    });
  });

  it('count an order at €0 among the free ones, and paid orders of the same expert apart', async () => {
    const own = await expertWithOffer('Greta', 'Gratis', 'Business plan review by Greta');
    const free = await freeOfferOf(own.expert, 'First look at your business plan');
    const statsOf = async (client: ApiClient) => (await client.get<AccountStats>(`/user/stats/${own.expertId}`)).body;

    await approvedFreeOrder({ expert: own.expert, offer: free });
    expect(await statsOf(own.expert)).toEqual({ ordersCount: 1, freeOrdersCount: 1, totalEarned: 0, averageRating: 0, reviewsCount: 0 });
    await approvedOrder(own);
    await approvedFreeOrder({ expert: own.expert, offer: free });
    expect(await statsOf(own.expert)).toEqual({ ordersCount: 3, freeOrdersCount: 2, totalEarned: 54, averageRating: 0, reviewsCount: 0 });
    expect(await statsOf(new ApiClient())).toEqual({ ordersCount: 3, freeOrdersCount: 2, averageRating: 0, reviewsCount: 0 });
  });
});
