/**
 * Child process of bench/reconciliation.ts: ledgers of experts whose money went through the local
 * Stripe for real, written with the product's own ledger functions, then the reconciliation job
 * (`reconcile()` of functions/contexts/payments/reconciliation-service.ts, as the orders Lambda
 * calls it) run on them in-process, every DynamoDB call and every provider request recorded.
 *
 * Arranged (not measured), per expert (an account of the product's, whose connected account the
 * product creates at the local Stripe, onboarded on its hosted page):
 * - per order, its payment: a Checkout Session made by the product's provider adapter, paid by card
 *   on the local Stripe's checkout page, read back (payment intent, charge, fee), and
 *   `paymentEntry`; a day later its credit (`settlementEntries`) and the transfer of the expert's
 *   share to the connected account (the adapter's `transfer`, from the order's charge, and
 *   `transferEntry`); once the local Stripe's clock has moved past the funds' settlement, their
 *   `settlementEntry`. Each in its own transaction (`entryWrites`), as the product writes them;
 * - withdrawals through the earnings service: asked for (`withdraw`: `withdrawalRequestedEntry`),
 *   approved (`approve`: the payout made at the local Stripe), and, once its clock has moved past
 *   their arrival, paid (`payoutChanged`, as `payout.paid` runs it: `payoutPaidEntry`); the last
 *   one of each expert is left on its way (approved, its payout pending at the local Stripe), which
 *   reconciliation counts back on Stripe's side.
 *
 * Measured: `reconcile()` at each size (the sizes are cumulative: the larger adds experts to the
 * smaller), then once more after a change of one connected account's balance at the local Stripe
 * (its `adjust` control), which must be the one difference found.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { postForm } from '../../scripts/local/cross-site';
import { recordCalls } from './aws-calls';
import { childTask } from './child-task';
import { busyMs, round, summarise } from './stats';

export interface ReconciliationBenchInput {
  /** The local Stripe's pages and controls (the app's origin for it). */
  appUrl: string;
  /** Experts in the ledger at each size measured, growing (the larger adds experts to the smaller). */
  sizes: number[];
  ordersPerExpert: number;
  /** Per expert; all paid but the last, which is left on its way. */
  withdrawalsPerExpert: number;
  /**
   * `order`: a Checkout Session paid and a transfer made at the local Stripe for each order.
   * `expert`: one for all the orders of an expert (their sum), each order's entries naming it with
   * the order's index: the same balances at the local Stripe with far fewer of its objects, whose
   * every request scans all it holds (see bench/README.md).
   */
  providerObjectsPer: 'order' | 'expert';
  /** Experts arranged at once. */
  concurrency: number;
  warmupRuns: number;
  runs: number;
}

export type ReconciliationBenchResult = Awaited<ReturnType<typeof measure>>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** One order every 8 hours; the credit a day after the payment, the settlement two days after the credit. */
const ORDER_EVERY_MS = 8 * HOUR_MS;
const CREDIT_AFTER_MS = DAY_MS;
const SETTLED_AFTER_MS = 2 * DAY_MS;
/** Past the local Stripe's settlement and payout delays (5 minutes each by its clock). */
const STRIPE_CLOCK_STEP_MS = 15 * 60 * 1000;
/** Share of what was earned withdrawn, in `withdrawalsPerExpert` withdrawals. */
const WITHDRAWN_SHARE = 0.6;
/** DynamoDB's limit of items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

interface ProviderRequest {
  route: string;
  start: number;
  end: number;
}

childTask(measure);

async function measure(input: ReconciliationBenchInput) {
  const { db } = await import('../../functions/platform/table');
  const { reconcile } = await import('../../functions/contexts/payments/reconciliation-service');
  const payments = await import('../../functions/contexts/payments/service');
  const earningsService = await import('../../functions/contexts/earnings/service');
  const earningsRepository = await import('../../functions/contexts/earnings/repository');
  const accounts = await import('../../functions/contexts/accounts/repository');
  const { transact } = await import('../../functions/platform/table');
  const { hashPassword, newId } = await import('../../functions/platform/crypto');
  const { cents, eurosFromCents } = await import('../../shared/money');
  type Entries = Parameters<typeof payments.ledgerWrites>[0];

  const recorder = recordCalls({ dynamodb: db }, undefined, { consumedCapacity: true });
  const providerRequests = recordProviderRequests(new URL(String(process.env.STRIPE_API_BASE)).port);
  const passwordHash = await hashPassword('Bench-Password-2026');

  interface Order {
    orderId: string;
    chargeId: string;
    transferId: string;
    earned: number;
    creditedAt: number;
  }
  interface Expert {
    userId: string;
    payoutAccountId: string;
    orders: Order[];
    earnedCents: number;
    pendingWithdrawals: { withdrawalId: string; payoutId: string }[];
  }
  const experts: Expert[] = [];
  let entries = 0;
  const iso = (at: number) => new Date(at).toISOString();
  /**
   * Records entries in as few transactions as DynamoDB takes (100 items each): `entryWrites` of a
   * group of entries, as the product records those of one business event (one update per running
   * total for the group). The items are those the product writes, one event at a time: the same
   * entries and lines, the same totals at the end, only fewer round trips to arrange them.
   */
  const write = async (written: Entries) => {
    let group: Entries = [];
    for (const entry of written) {
      if (group.length > 0 && payments.ledgerWrites([...group, entry]).length > MAX_TRANSACTION_ITEMS) {
        await transact({ TransactItems: payments.ledgerWrites(group) });
        group = [];
      }
      group.push(entry);
    }
    if (group.length > 0) await transact({ TransactItems: payments.ledgerWrites(group) });
    entries += written.length;
  };
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${input.appUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  /** The local Stripe's clock moves on: funds settle, payouts arrive. */
  const moveStripeClock = () => control(`/_bench/clock?ms=${STRIPE_CLOCK_STEP_MS}`);

  async function pool<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(input.concurrency, items.length) }, async () => {
        while (next < items.length) await run(items[next++]);
      }),
    );
  }

  /** An expert account of the product's, with a connected account the product made and the expert onboarded. */
  async function arrangeExpert(index: number): Promise<Expert> {
    const userId = newId();
    await accounts.createUser({
      userId,
      role: 'professor',
      email: `reconciled-${index}@bench.test`,
      firstName: 'Bench',
      lastName: `Reconciled ${index}`,
      passwordHash,
      status: 'active',
      isVerified: true,
      createdAt: new Date(Date.now() - 400 * DAY_MS).toISOString(),
    });
    const account = await accounts.getAccount(userId, { consistent: true });
    if (!account) throw new Error(`No account ${userId}`);
    const { url } = await payments.onboard(account);
    const onboarded = await postForm(url, { action: 'complete' });
    if (onboarded.status !== 302 && onboarded.status !== 303) throw new Error(`Onboarding answered ${onboarded.status}`);
    const withAccount = await accounts.getAccount(userId, { consistent: true });
    if (!withAccount?.payoutAccountId) throw new Error(`No payout account for ${userId}`);
    const status = await payments.payoutStatus(withAccount);
    if (!status.payouts_enabled) throw new Error(`Payouts not enabled for ${userId}: ${status.currentlyDue.join(', ')}`);
    return { userId, payoutAccountId: withAccount.payoutAccountId, orders: [], earnedCents: 0, pendingWithdrawals: [] };
  }

  /**
   * An order paid at the local Stripe's checkout page, credited a day later with the expert's share
   * transferred: its payment, credit and transfer entries, to record.
   */
  async function paidOrder(expert: Expert, index: number): Promise<Entries> {
    const orderId = newId();
    const paidAt = Date.now() - (input.ordersPerExpert - index) * ORDER_EVERY_MS - 4 * DAY_MS;
    const creditedAt = paidAt + CREDIT_AFTER_MS;
    // Prices of €30 to €140 in steps of €10.
    const price = cents(3000 + ((index * 7) % 12) * 1000);
    const orderNumber = 100_000 + experts.indexOf(expert) * 1000 + index;
    const session = await payments.createCheckout({
      idempotencyKey: `bench-checkout-${orderId}`,
      amountCents: price,
      productName: 'Bench session',
      orderId,
      orderNumber,
      successUrl: `${input.appUrl}/paid?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.appUrl}/cancelled`,
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    if (!session.url) throw new Error(`Checkout ${session.sessionId} has no page`);
    const paid = await postForm(session.url, { action: 'pay' });
    if (paid.status !== 302 && paid.status !== 303) throw new Error(`Checkout page answered ${paid.status}`);
    const completed = await payments.getCheckout(session.sessionId);
    if (completed.paymentStatus !== 'paid' || !completed.paymentIntentId || !completed.chargeId) throw new Error(`Checkout ${session.sessionId} not paid`);
    const payment = payments.paymentEntry(orderId, completed.paymentIntentId, completed.amountCents, iso(paidAt), completed.feeCents);
    const credit = payments.settlementEntries(
      { orderId, expertId: expert.userId, orderNumber },
      completed.amountCents,
      { amountCents: cents(0) },
      iso(creditedAt),
    );
    const creditEntry = credit.find((entry) => entry.kind === 'credit');
    const earned = cents(-(creditEntry?.lines.find((line) => line.account.endsWith(':pending'))?.amountCents ?? 0));
    const transfer = await payments.transfer({
      operation: `bench-transfer-${orderId}`,
      amountCents: earned,
      destinationAccountId: expert.payoutAccountId,
      sourceChargeId: completed.chargeId,
      orderId,
    });
    expert.orders.push({ orderId, chargeId: completed.chargeId, transferId: transfer.transferId, earned, creditedAt });
    expert.earnedCents += earned;
    return [payment, ...credit, payments.transferEntry(orderId, expert.userId, transfer.transferId, transfer.amountCents, iso(creditedAt))];
  }

  /**
   * All the orders of an expert paid in one Checkout Session (their sum) at the local Stripe's
   * checkout page, and the expert's shares in one transfer from its charge: per order, its payment,
   * credit and transfer entries, naming the payment intent and the transfer with the order's index.
   */
  async function paidOrders(expert: Expert): Promise<Entries> {
    const orders = Array.from({ length: input.ordersPerExpert }, (_, index) => {
      const paidAt = Date.now() - (input.ordersPerExpert - index) * ORDER_EVERY_MS - 4 * DAY_MS;
      return { index, orderId: newId(), paidAt, creditedAt: paidAt + CREDIT_AFTER_MS, price: cents(3000 + ((index * 7) % 12) * 1000) };
    });
    const batchId = newId();
    const session = await payments.createCheckout({
      idempotencyKey: `bench-checkout-${batchId}`,
      amountCents: cents(orders.reduce((sum, order) => sum + order.price, 0)),
      productName: `Bench sessions (${orders.length})`,
      orderId: batchId,
      orderNumber: 100_000 + experts.indexOf(expert) * 1000,
      successUrl: `${input.appUrl}/paid?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.appUrl}/cancelled`,
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    if (!session.url) throw new Error(`Checkout ${session.sessionId} has no page`);
    const paid = await postForm(session.url, { action: 'pay' });
    if (paid.status !== 302 && paid.status !== 303) throw new Error(`Checkout page answered ${paid.status}`);
    const completed = await payments.getCheckout(session.sessionId);
    if (completed.paymentStatus !== 'paid' || !completed.paymentIntentId || !completed.chargeId) throw new Error(`Checkout ${session.sessionId} not paid`);
    if (completed.feeCents) throw new Error('The local Stripe kept a fee: split it over the orders first');
    const credited = orders.map((order) => {
      const orderNumber = 100_000 + experts.indexOf(expert) * 1000 + order.index;
      const credit = payments.settlementEntries(
        { orderId: order.orderId, expertId: expert.userId, orderNumber },
        order.price,
        { amountCents: cents(0) },
        iso(order.creditedAt),
      );
      const earned = cents(-(credit.find((entry) => entry.kind === 'credit')?.lines.find((line) => line.account.endsWith(':pending'))?.amountCents ?? 0));
      return { ...order, credit, earned };
    });
    const transfer = await payments.transfer({
      operation: `bench-transfer-${batchId}`,
      amountCents: cents(credited.reduce((sum, order) => sum + order.earned, 0)),
      destinationAccountId: expert.payoutAccountId,
      sourceChargeId: completed.chargeId,
      orderId: batchId,
    });
    return credited.flatMap((order) => {
      const transferId = `${transfer.transferId}-${order.index}`;
      expert.orders.push({ orderId: order.orderId, chargeId: completed.chargeId as string, transferId, earned: order.earned, creditedAt: order.creditedAt });
      expert.earnedCents += order.earned;
      return [
        payments.paymentEntry(order.orderId, `${completed.paymentIntentId}-${order.index}`, order.price, iso(order.paidAt)),
        ...order.credit,
        payments.transferEntry(order.orderId, expert.userId, transferId, order.earned, iso(order.creditedAt)),
      ];
    });
  }

  /** The transfers' funds settled at the local Stripe (its clock moved on): the credits become available. */
  async function settled(expert: Expert): Promise<void> {
    // As the product's transfer service asks before it records one: are the charge's funds available now (the newest order's).
    const newest = expert.orders[expert.orders.length - 1];
    if (newest && !(await payments.chargeAvailability(newest.chargeId)).available) throw new Error(`Charge ${newest.chargeId} not available yet`);
    await write(
      expert.orders.map((order) =>
        payments.settlementEntry(order.orderId, expert.userId, order.transferId, cents(order.earned), iso(order.creditedAt + SETTLED_AFTER_MS)),
      ),
    );
  }

  const caller = (expert: Expert) => ({ userId: expert.userId, role: 'professor' as const, sessionId: 'arrangement', kind: 'user' as const });
  /** The admin deciding the arrangement's withdrawals (an audit entry each, as in production). */
  const admin = { caller: { userId: 'arrangement-admin', role: 'admin' as const, sessionId: 'arrangement', kind: 'admin' as const }, clientIp: '127.0.0.1' };

  /** A withdrawal asked for and approved through the earnings service: its payout is made at the local Stripe. */
  async function approvedWithdrawal(expert: Expert, amountCents: number): Promise<void> {
    const account = await accounts.getAccount(expert.userId, { consistent: true });
    if (!account) throw new Error(`No account ${expert.userId}`);
    const { withdrawal } = await earningsService.withdraw(caller(expert), account, eurosFromCents(cents(amountCents)));
    // Its withdrawalRequestedEntry.
    entries++;
    const { withdrawal: approved } = await earningsService.approve(withdrawal._id, admin);
    if (approved.status !== 'approved') throw new Error(`Withdrawal ${withdrawal._id} ${approved.status}`);
    const record = await earningsRepository.getWithdrawal(withdrawal._id);
    if (!record?.payoutId) throw new Error(`Withdrawal ${withdrawal._id} has no payout`);
    expert.pendingWithdrawals.push({ withdrawalId: withdrawal._id, payoutId: record.payoutId });
  }

  /** The payouts made so far arrived (the local Stripe's clock moved on): `payout.paid`, as the webhook runs it. */
  async function paidOut(expert: Expert): Promise<void> {
    for (const { withdrawalId, payoutId } of expert.pendingWithdrawals) {
      await earningsService.payoutChanged({ objectId: payoutId, accountId: expert.payoutAccountId, metadata: { withdrawalId } });
      entries++;
    }
    expert.pendingWithdrawals = [];
  }

  /** `count` more experts, each with its orders and withdrawals, the last withdrawal of each left on its way. */
  async function addExperts(count: number) {
    const started = performance.now();
    const entriesBefore = entries;
    const from = recorder.calls.length;
    const providerFrom = providerRequests.length;
    const added: Expert[] = [];
    await pool(
      Array.from({ length: count }, (_, i) => experts.length + i),
      async (index) => {
        const expert = await arrangeExpert(index);
        experts.push(expert);
        added.push(expert);
        const orderEntries: Entries = [];
        if (input.providerObjectsPer === 'expert') orderEntries.push(...(await paidOrders(expert)));
        else for (let i = 0; i < input.ordersPerExpert; i++) orderEntries.push(...(await paidOrder(expert, i)));
        // Payments, then credits, then transfers, each kind in as few transactions as they fit.
        for (const kind of ['payment', 'credit', 'transfer']) await write(orderEntries.filter((entry) => entry.kind === kind));
      },
    );
    await moveStripeClock();
    // Earlier experts' payouts on their way arrived too: `payout.paid`, as the webhook would run it.
    await pool(experts, paidOut);
    await pool(added, settled);
    const paidWithdrawals = input.withdrawalsPerExpert - 1;
    await pool(added, async (expert) => {
      const each = Math.floor((expert.earnedCents * WITHDRAWN_SHARE) / input.withdrawalsPerExpert);
      for (let i = 0; i < paidWithdrawals; i++) await approvedWithdrawal(expert, each);
    });
    await moveStripeClock();
    await pool(experts, paidOut);
    await pool(added, async (expert) => {
      const each = Math.floor((expert.earnedCents * WITHDRAWN_SHARE) / input.withdrawalsPerExpert);
      await approvedWithdrawal(expert, each);
    });
    const step = {
      experts: experts.length,
      entriesAdded: entries - entriesBefore,
      seconds: round((performance.now() - started) / 1000, 1),
      dynamoCalls: recorder.countSince(from),
      providerCalls: providerRequests.length - providerFrom,
      dynamoBusySeconds: round(recorder.busyMs(from) / 1000, 1),
      dynamoMeanMs: Object.fromEntries(
        Object.entries(recorder.countSince(from)).map(([command, n]) => [
          command,
          round(
            recorder.calls
              .slice(from)
              .filter((call) => call.label === command)
              .reduce((sum, call) => sum + call.end - call.start, 0) / n,
            1,
          ),
        ]),
      ),
      providerBusySeconds: round(requestsBusyMs(providerRequests.slice(providerFrom)) / 1000, 1),
    };
    console.log(`  arranged ${step.experts} experts, ${entries} entries: ${JSON.stringify(step)}`);
    return step;
  }

  /** One run of the job, every call it made. */
  async function run() {
    const from = recorder.calls.length;
    const providerFrom = providerRequests.length;
    const started = performance.now();
    const result = await reconcile();
    const wallMs = performance.now() - started;
    const items = recorder.itemsSince(from);
    const since = providerRequests.slice(providerFrom);
    const byRoute: Record<string, number> = {};
    for (const request of since) byRoute[request.route] = (byRoute[request.route] ?? 0) + 1;
    return {
      wallMs,
      result,
      dynamoCalls: recorder.countSince(from),
      itemsRead: items.read,
      capacityUnits: items.capacityUnits,
      dynamoBusyMs: recorder.busyMs(from),
      providerCalls: byRoute,
      providerBusyMs: requestsBusyMs(since),
    };
  }

  const arrangement = [];
  const sizes = [];
  for (const size of input.sizes) {
    arrangement.push(await addExperts(size - experts.length));
    for (let i = 0; i < input.warmupRuns; i++) await run();
    const runs = [];
    for (let i = 0; i < input.runs; i++) runs.push(await run());
    const [first] = runs;
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, n) => total + n, 0);
    const wall = runs.map((r) => r.wallMs);
    const median = summarise(wall).p50;
    const dynamoTotal = sum(first.dynamoCalls);
    const providerTotal = sum(first.providerCalls);
    const per10k = (value: number) => round((value * 10_000) / entries, 1);
    sizes.push({
      experts: experts.length,
      entries,
      accountsChecked: first.result.entriesChecked,
      differences: runs.map((r) => r.result.differences.length),
      wallMs: { median: round(median), min: round(Math.min(...wall)), max: round(Math.max(...wall)), all: wall.map((ms) => round(ms)) },
      dynamoCalls: { total: dynamoTotal, byCommand: first.dynamoCalls },
      itemsRead: first.itemsRead,
      capacityUnits: round(first.capacityUnits, 1),
      providerCalls: { total: providerTotal, byRoute: first.providerCalls },
      /** Time during which at least one DynamoDB call, or one provider request, was in flight (median run). */
      busyMs: {
        dynamo: round(summarise(runs.map((r) => r.dynamoBusyMs)).p50),
        provider: round(summarise(runs.map((r) => r.providerBusyMs)).p50),
      },
      per10kEntries: {
        wallMsMedian: per10k(median),
        dynamoCalls: per10k(dynamoTotal),
        itemsRead: per10k(first.itemsRead),
        providerCalls: per10k(providerTotal),
      },
      consistentAcrossRuns: runs.every((r) => sum(r.dynamoCalls) === dynamoTotal && r.itemsRead === first.itemsRead && sum(r.providerCalls) === providerTotal),
    });
  }

  // A change outside the app: one connected account's balance adjusted at the local Stripe.
  const adjustedExpert = experts[Math.floor(experts.length / 2)];
  const amountCents = 500;
  await control(`/_local/payments/accounts/${adjustedExpert.payoutAccountId}/adjust`, { amount: amountCents, description: 'Bench: a change outside the app' });
  const adjustedRun = await run();
  const found = adjustedRun.result.differences.map((difference) => ({
    account: difference.account,
    ledgerCents: difference.ledgerCents,
    providerCents: difference.providerCents,
    differenceCents: difference.differenceCents,
  }));
  const expected = `connected:${adjustedExpert.userId}`;
  return {
    arrangement,
    sizes,
    adjusted: {
      account: expected,
      amountCents,
      differences: found.length,
      asExpected: found.length === 1 && found[0].account === expected && found[0].differenceCents === amountCents,
      found,
      wallMs: round(adjustedRun.wallMs),
      dynamoCalls: adjustedRun.dynamoCalls,
      providerCalls: adjustedRun.providerCalls,
    },
  };
}

/**
 * Every request of this process's Stripe SDK to the local Stripe (its port), from Node's HTTP client
 * diagnostics: its route (ids left out; `Stripe-Account` named) and when it started and finished.
 */
function recordProviderRequests(port: string): ProviderRequest[] {
  const requests: ProviderRequest[] = [];
  const open = new WeakMap<ClientRequest, ProviderRequest>();
  subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    if (String(request.getHeader('host') ?? '').split(':')[1] !== port && (request as { port?: number }).port !== Number(port)) return;
    const path = request.path.split('?')[0].replace(/\/(acct|po|tr|cs|pi|ch|txn|py|re|dp|trr)_[A-Za-z0-9]+/g, '/{id}');
    const connected = request.getHeader('stripe-account') ? ' (connected account)' : '';
    const record = { route: `${request.method} ${path}${connected}`, start: performance.now(), end: Number.NaN };
    requests.push(record);
    open.set(request, record);
  });
  subscribe('http.client.response.finish', (message) => {
    const { request } = message as { request: ClientRequest };
    const record = open.get(request);
    if (record) record.end = performance.now();
  });
  return requests;
}

/** Wall time during which at least one of these requests was in flight. */
const requestsBusyMs = (requests: ProviderRequest[]) => busyMs(requests.map((r) => [r.start, Number.isNaN(r.end) ? r.start : r.end] as const));
