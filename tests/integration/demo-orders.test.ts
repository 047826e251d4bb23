/**
 * The demo's conversations and orders, on a stack of this file's own that keeps its state in a
 * folder as `npm start` does (the shared test stacks' clocks are moved by other files, and their
 * deadlines would move the demo orders on). Its state is a copy of the run's seeded state, which a
 * first start made (support/seeded-state.ts): it shows Alice an order in every status, each paid one
 * paid at the local Stripe, with a ledger that agrees with it; a restart seeds nothing twice and
 * refunds a payment made before it.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromOrderItem, type OrderRecord } from '../../functions/contexts/orders/order';
import { ledgerEntryKey, ledgerLinesOf, ledgerTotalKey, orderKey } from '../../functions/platform/keys';
import type { ExpertCard, Page, Review } from '../../shared/schemas/catalogue';
import type { SlotsAnswer } from '../../shared/schemas/bookings';
import type { ChatDto, ChatList } from '../../shared/schemas/chats';
import type { OrderHistoryItem, OrderHistoryPage } from '../../shared/schemas/earnings';
import { MSG } from '../../shared/texts';
import { DEMO_EXPERTS } from '../../scripts/local/demo-accounts';
import { CATALOGUE_EXPERTS } from '../../scripts/local/demo-catalogue';
import { ApiClient } from '../support/api';
import { TEST_SEED } from '../support/seed-settings';
import { seededStateFolder } from '../support/own-stack';
import { forkStack, stopStack, type TestStack } from '../support/stack-pool';

const folder = mkdtempSync(join(tmpdir(), 'demo-orders-'));
let stack: TestStack & { child: ChildProcess };

/** `from`: the state to copy into the folder first; without it the stack restarts on the folder's. */
async function start(from?: string): Promise<void> {
  const { child, ready } = forkStack('demo orders stack', ['--data-dir', folder, ...(from ? ['--seeded-from', from] : [])]);
  stack = { child, ...(await ready) };
}

beforeAll(async () => start(await seededStateFolder()), 120_000);
afterAll(async () => {
  if (stack) await stopStack(stack.child);
  rmSync(folder, { recursive: true, force: true });
});

async function signedIn(email: string): Promise<ApiClient> {
  const client = new ApiClient(stack.url);
  const login = await client.post<{ accessToken: string }>('/auth/login', { email, password: TEST_SEED.demoPassword });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  client.accessToken = login.body.accessToken;
  return client;
}

const orderHistory = async (client: ApiClient) => (await client.get<OrderHistoryPage>('/user/order-history?limit=50')).body.orders;
const chatOf = async (client: ApiClient, chatId: string) => (await client.get<{ chat: ChatDto }>(`/chats/chat/${chatId}`)).body.chat;

/** Alice's orders as her order history lists them, latest first: one in each status the demo shows. */
const EXPECTED: (Pick<OrderHistoryItem, 'orderStatus' | 'orderKind' | 'paymentStatus' | 'paymentAmount' | 'total'> & { title: string; expert: string })[] = [
  {
    title: 'Mock case interview with feedback',
    expert: 'Thomas',
    orderStatus: 'in_progress',
    orderKind: 'call',
    paymentStatus: 'paid',
    paymentAmount: 85,
    total: 85,
  },
  {
    title: 'Brand guidelines written for you',
    expert: 'Inès',
    orderStatus: 'in_progress',
    orderKind: 'work',
    paymentStatus: 'paid',
    paymentAmount: 135,
    total: 135,
  },
  {
    title: 'Financial modelling from scratch',
    expert: 'Claire',
    orderStatus: 'scheduled',
    orderKind: 'hourly',
    paymentStatus: 'pending',
    paymentAmount: 0,
    total: 120,
  },
  { title: 'Salary negotiation call', expert: 'Nadia', orderStatus: 'in_progress', orderKind: 'intro', paymentStatus: 'free', paymentAmount: 0, total: 0 },
  { title: 'Employment contract review', expert: 'Sophie', orderStatus: 'submitted', orderKind: 'fixed', paymentStatus: 'paid', paymentAmount: 90, total: 90 },
  {
    title: 'Review of your Excel dashboard',
    expert: 'Omar',
    orderStatus: 'revision_requested',
    orderKind: 'fixed',
    paymentStatus: 'paid',
    paymentAmount: 70,
    total: 70,
  },
  {
    title: 'Shareholder agreement walkthrough',
    expert: 'Lucas',
    orderStatus: 'canceled',
    orderKind: 'hourly',
    paymentStatus: 'refunded',
    paymentAmount: 50,
    total: 50,
  },
  { title: 'Growth marketing plan review', expert: 'Emma', orderStatus: 'closed', orderKind: 'fixed', paymentStatus: 'paid', paymentAmount: 75, total: 75 },
];

/** The stack's table and its local Stripe, as the orders Lambda reaches them. */
function backends() {
  const { env } = stack;
  const table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    }),
  );
  const base = new URL(env.STRIPE_API_BASE);
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
  const item = async (key: { pk: string; sk: string }) =>
    (await table.send(new GetCommand({ TableName: env.TABLE_NAME, Key: key, ConsistentRead: true }))).Item;
  return {
    stripe,
    order: async (orderId: string): Promise<OrderRecord> => fromOrderItem((await item(orderKey(orderId))) ?? {}),
    entry: (entryId: string) => item(ledgerEntryKey(entryId)),
    /** An account's balance in cents, from its ledger lines. */
    balance: async (account: string): Promise<number> => {
      const { Items = [] } = await table.send(
        new QueryCommand({
          TableName: env.TABLE_NAME,
          KeyConditionExpression: 'pk = :pk AND sk < :total',
          ExpressionAttributeValues: { ':pk': ledgerLinesOf(account).pk, ':total': ledgerTotalKey(account).sk },
          ConsistentRead: true,
        }),
      );
      return Items.reduce((sum, line) => sum + Number(line.amountCents), 0);
    },
  };
}

describe('the demo orders of a first start', () => {
  it('shows Alice an order in every status, latest first, in her order history and in each conversation', async () => {
    const alice = await signedIn('alice.student@demo.test');
    const history = await orderHistory(alice);
    expect(history.map((row) => ({ title: row.offer.title, expert: row.offer.professor?.firstName, ...row }))).toMatchObject(EXPECTED);
    const chats = Object.fromEntries(await Promise.all(history.map(async (row) => [row.offer.title, await chatOf(alice, row.chatId)] as const)));
    const now = Date.now();

    const proposed = chats['Financial modelling from scratch'];
    expect(proposed).toMatchObject({ isScheduleConfirmed: false, scheduledHours: 2, total: 120, isServiceInProgress: false });
    expect(Date.parse(proposed.scheduledDate ?? '')).toBeGreaterThan(now + 6 * 86_400_000);

    const intro = chats['Salary negotiation call'];
    expect(intro).toMatchObject({ orderKind: 'intro', isScheduleConfirmed: true, isServiceInProgress: true, total: 0 });
    expect(Date.parse(intro.scheduledDate ?? '')).toBeGreaterThan(now);

    // A fixed-price call of its offer's 90 minutes, booked at a time, then paid (decision 249).
    expect(chats['Mock case interview with feedback']).toMatchObject({
      isServiceInProgress: true,
      isScheduleConfirmed: true,
      durationMinutes: 90,
      projectSubmission: { status: 'none' },
    });
    // Three hours of work bought as Alice paid, to be delivered as a file (decision 249).
    expect(chats['Brand guidelines written for you']).toMatchObject({
      orderKind: 'work',
      scheduledHours: 3,
      total: 135,
      projectSubmission: { status: 'none' },
    });
    expect(chats['Brand guidelines written for you'].scheduledDate).toBeUndefined();
    expect(chats['Review of your Excel dashboard'].projectSubmission).toMatchObject({
      status: 'revision_requested',
      file: expect.stringMatching(/^projects\//),
    });
    expect(chats['Growth marketing plan review']).toMatchObject({ isOrderClosed: true, projectSubmission: { status: 'approved' } });
    expect(chats['Shareholder agreement walkthrough']).toMatchObject({ isOrderCanceled: true, cancellation: { by: 'user', refundAmount: 50 } });

    // The delivered project is a real PDF in the private files bucket, downloaded as the student does.
    const delivered = chats['Employment contract review'];
    expect(delivered.projectSubmission).toMatchObject({ status: 'submitted', file: expect.stringMatching(/^projects\/.+\.pdf$/) });
    const { body: link } = await alice.get<{ url: string }>(`/chats/${delivered._id}/project-file`);
    const file = await fetch(link.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await file.text()).toMatch(/^%PDF-1\.4\n.*\n%%EOF\n$/s);

    // Alice's review of the closed order is on Emma's profile.
    const emma = chats['Growth marketing plan review'].participants.find((participant) => participant.firstName === 'Emma');
    const reviews = (await new ApiClient(stack.url).get<Review[]>(`/offers/professor/${emma?._id}/reviews`)).body;
    expect(reviews).toContainEqual(expect.objectContaining({ rating: 5, user: expect.objectContaining({ firstName: 'Alice', lastName: 'M.' }) }));
  });

  it('gives every demo expert hours in the zone of their city, that students choose among', async () => {
    const visitor = new ApiClient(stack.url);
    const experts: ExpertCard[] = [];
    for (let page = 1; experts.length === 0 || experts.length % 20 === 0; page++) {
      const { items } = (await visitor.get<Page<ExpertCard>>(`/user/professors?limit=20&page=${page}`)).body;
      if (items.length === 0) break;
      experts.push(...items);
    }
    expect(experts.length).toBeGreaterThanOrEqual(40);
    const from = new Date(Date.now() + 86_400_000).toISOString();
    const to = new Date(Date.now() + 15 * 86_400_000).toISOString();
    const answers = await Promise.all(
      experts.map(
        async (expert) => (await visitor.get<SlotsAnswer>(`/experts/${expert._id}/slots?from=${from}&to=${to}&minutes=60&timeZone=Europe%2FParis`)).body,
      ),
    );
    expect(answers.every((answer) => answer.hasHours && answer.slots.length > 0)).toBe(true);
    const zoneOf = new Map(experts.map((expert, at) => [expert.city, answers[at].expertTimeZone]));
    expect(Object.fromEntries(['Paris', 'London', 'New York', 'San Francisco', 'Tokyo', 'Sydney'].map((city) => [city, zoneOf.get(city)]))).toEqual({
      Paris: 'Europe/Paris',
      London: 'Europe/London',
      'New York': 'America/New_York',
      'San Francisco': 'America/Los_Angeles',
      Tokyo: 'Asia/Tokyo',
      Sydney: 'Australia/Sydney',
    });
    // One zone per city: two experts of one city keep the same hours' zone.
    expect(experts.every((expert, at) => zoneOf.get(expert.city) === answers[at].expertTimeZone)).toBe(true);
  });

  it('connected every demo expert’s payout account at the local Stripe, so that what a visitor pays them reaches them', async () => {
    const experts = [...DEMO_EXPERTS, ...CATALOGUE_EXPERTS.map((expert) => expert.profile)];
    expect(experts.length).toBeGreaterThanOrEqual(40);
    const statuses = await Promise.all(
      experts.map(async ({ email }) => [email, (await (await signedIn(email)).get<{ payouts_enabled: boolean }>('/payments/account-status')).body] as const),
    );
    expect(statuses.filter(([, status]) => !status.payouts_enabled)).toEqual([]);
    // One account each, at the local Stripe.
    const connected = await backends().stripe.accounts.list({ limit: 100 });
    expect(connected.data.filter((account) => account.payouts_enabled)).toHaveLength(experts.length);
  });

  it('shows each expert the order from their side: Claire has Alice’s proposed time to confirm', async () => {
    const claire = await signedIn('claire.dubois@demo.test');
    const { chats } = (await claire.get<ChatList>('/chats')).body;
    expect(chats.map((chat) => [chat.offer.title, chat.orderStatus, chat.unreadCount])).toEqual([['Financial modelling from scratch', 'scheduled', 2]]);
  });

  it('took every payment at the local Stripe, and the ledger agrees with it to the cent', async () => {
    const alice = await signedIn('alice.student@demo.test');
    const { stripe, order, entry, balance } = backends();
    const paid = (await orderHistory(alice)).filter((row) => row.paymentAmount > 0);
    expect(paid).toHaveLength(6);
    let heldAtProvider = 0;
    for (const row of paid) {
      const { payment, cancellation, expertId, transfer } = await order(row.chatId);
      const amount = row.paymentAmount * 100;
      expect(payment?.amountCents, row.offer.title).toBe(amount);
      const intent = await stripe.paymentIntents.retrieve(payment?.paymentIntentId ?? '', { expand: ['latest_charge'] });
      expect(intent, row.offer.title).toMatchObject({ status: 'succeeded', amount, metadata: { orderId: row.chatId } });
      const charge = intent.latest_charge as Stripe.Charge;
      expect(await entry(`payment:${intent.id}`), row.offer.title).toMatchObject({ kind: 'payment', orderId: row.chatId });
      const held = await balance(`held:${row.chatId}`);
      if (row.orderStatus === 'canceled') {
        expect(charge.amount_refunded).toBe(amount);
        expect(await entry(`refund:${cancellation?.refundId}`)).toMatchObject({ kind: 'refund', orderId: row.chatId });
        expect(held).toBe(0);
      } else if (row.orderStatus === 'closed') {
        expect(charge.amount_refunded).toBe(0);
        // Credited to the expert less the platform's 10 %.
        expect(await entry(`credit:${row.chatId}`)).toMatchObject({
          lines: expect.arrayContaining([
            { account: `expert:${expertId}:pending`, amountCents: -(amount - amount / 10) },
            { account: 'platform_fees', amountCents: -(amount / 10) },
          ]),
        });
        expect(held).toBe(0);
        // And sent to the expert's connected account, out of the order's charge.
        expect(transfer).toMatchObject({ status: expect.stringMatching(/^(sent|settled)$/), amountCents: amount - amount / 10 });
        const sent = await stripe.transfers.retrieve(transfer?.transferId ?? '');
        expect(sent).toMatchObject({ amount: amount - amount / 10, source_transaction: charge.id, transfer_group: `order_${row.chatId}` });
        heldAtProvider -= sent.amount;
      } else {
        expect(charge.amount_refunded).toBe(0);
        expect(held).toBe(-amount);
      }
      heldAtProvider += amount - charge.amount_refunded;
    }
    // What the ledger says the platform holds at the provider is what the local Stripe holds, settled or not.
    expect(await balance('provider_balance')).toBe(heldAtProvider);
    const platform = await stripe.balance.retrieve();
    expect([...platform.available, ...platform.pending].reduce((sum, funds) => sum + funds.amount, 0)).toBe(heldAtProvider);
  });
});

describe('a restart on the same state', () => {
  it('seeds nothing twice, and refunds a payment made before it', async () => {
    const alice = await signedIn('alice.student@demo.test');
    const before = await orderHistory(alice);
    await stopStack(stack.child);
    expect(existsSync(join(folder, 'stripe.json'))).toBe(true);
    await start();

    const again = await signedIn('alice.student@demo.test');
    expect(await orderHistory(again)).toEqual(before);
    const mockCase = before.find((row) => row.offer.title === 'Mock case interview with feedback') as OrderHistoryItem;
    const thomas = await signedIn('thomas.keller@demo.test');
    expect(await thomas.request('PUT', `/chats/${mockCase.chatId}/cancel`)).toMatchObject({ status: 200, body: { msg: MSG.orderCanceledRefunded } });
    expect(await chatOf(again, mockCase.chatId)).toMatchObject({ orderStatus: 'canceled', cancellation: { by: 'professor', refundAmount: 85 } });
    const { stripe, order } = backends();
    const { payment } = await order(mockCase.chatId);
    const intent = await stripe.paymentIntents.retrieve(payment?.paymentIntentId ?? '', { expand: ['latest_charge'] });
    expect(intent.latest_charge).toMatchObject({ amount: 8500, amount_refunded: 8500, refunded: true });
  }, 120_000);
});
