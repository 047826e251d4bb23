/**
 * Child process of bench/earnings.ts: the orders Lambda (functions/lambdas/orders/handler.ts) called
 * in-process with payload 2.0 events, over experts whose money history the product's own writes
 * recorded, every DynamoDB call of each request recorded (command, items read, capacity units).
 *
 * Arranged (not measured), each expert an account and a session of the product's login:
 * - per credited order, the four ledger transactions the product writes for it, at the times it
 *   writes them: the payment (`paymentEntry`), the credit on approval a day later
 *   (`settlementEntries`), the transfer to the connected account with it (`transferEntry`) and its
 *   settlement two days after (`settlementEntry`): one order every 8 hours, so a settlement's line
 *   falls among the credits of the days after it, as on a busy expert's pending account;
 * - withdrawals of about 60 % of what was earned, asked for through the earnings service and paid
 *   with the writes of its payout path (approval, payout id, `payout.paid`: the withdrawal's moves,
 *   `payoutPaidEntry` and the paid-out total), so that the oldest orders show as withdrawn (FIFO).
 *
 * Measured: `GET /user/earnings` (first page, and a deep page of the largest history; every page
 * once, walking the cursors), `POST /user/withdraw` of the €10 minimum (each rejected, untimed, before the next), and bursts of concurrent withdrawals of
 * the whole balance.
 */
import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { WITHDRAWAL_RULES } from '../../shared/limits';
import type { Earnings } from '../../shared/schemas/earnings';
import { recordCalls } from './aws-calls';
import { childTask } from './child-task';
import { round, summarise } from './stats';

export interface EarningsBenchInput {
  originSecret: string;
  /** Credited orders per expert measured, e.g. [10, 100, 1000]. */
  histories: number[];
  /** The page of the largest history measured besides the first (1-based). */
  deepPage: number;
  warmupRounds: number;
  earningsRounds: number;
  withdrawRounds: number;
  burstRounds: number;
  burstSize: number;
}

export type EarningsBenchResult = Awaited<ReturnType<typeof measure>>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** One credited order every 8 hours; the credit a day after the payment, the settlement two days after the credit. */
const ORDER_EVERY_MS = 8 * HOUR_MS;
const CREDIT_AFTER_MS = DAY_MS;
const SETTLED_AFTER_MS = 2 * DAY_MS;
/** Share of what was earned withdrawn and paid out, in this many withdrawals (at most). */
const WITHDRAWN_SHARE = 0.6;
const WITHDRAWALS = 10;
const PASSWORD = 'Bench-Password-2026';
/** The smallest withdrawal an expert may ask for (WITHDRAWAL_RULES.minCents). */
const MEASURED_WITHDRAWAL_EUROS = WITHDRAWAL_RULES.minCents / 100;

interface Sample {
  ms: number;
  status: number;
  calls: Record<string, number>;
  itemsRead: number;
  itemsWritten: number;
  capacityUnits: number;
}

childTask(measure);

async function measure(input: EarningsBenchInput) {
  const { handler } = await import('../../functions/lambdas/orders/handler');
  const { db } = await import('../../functions/platform/table');
  const { apiEvent } = await import('./gateway-event');
  const recorder = recordCalls({ dynamodb: db }, undefined, { consumedCapacity: true });

  async function call(method: string, path: string, bearer: string, body?: unknown): Promise<Sample & { body: unknown }> {
    const from = recorder.calls.length;
    const at = performance.now();
    const response = (await handler(apiEvent(method, path, input.originSecret, { bearer, body }))) as Exclude<APIGatewayProxyResultV2, string>;
    const ms = performance.now() - at;
    const items = recorder.itemsSince(from);
    return {
      ms,
      status: response.statusCode ?? 0,
      calls: recorder.countSince(from),
      itemsRead: items.read,
      itemsWritten: items.written,
      capacityUnits: items.capacityUnits,
      body: JSON.parse(response.body ?? 'null'),
    };
  }
  async function ok(method: string, path: string, bearer: string, body?: unknown) {
    const sample = await call(method, path, bearer, body);
    if (sample.status >= 300) throw new Error(`${method} ${path} answered ${sample.status}: ${JSON.stringify(sample.body)}`);
    return sample;
  }

  // Arrange ---------------------------------------------------------------------------------------
  const arrangeStarted = performance.now();
  const arrangeFrom = recorder.calls.length;
  const experts: Expert[] = [];
  for (const credits of input.histories) experts.push(await arrangeExpert(`history-${credits}`, credits));
  const arrangeCalls = recorder.countSince(arrangeFrom);
  const arrangeSeconds = round((performance.now() - arrangeStarted) / 1000, 1);

  // Every page of each history once, oldest page last: the cursors of the deep page, and the check
  // that the pages hold every credit once, newest first, flagged withdrawn first in, first out.
  const walks = [];
  for (const expert of experts) {
    const pages: (Sample & { orders: number; withdrawnRows: number })[] = [];
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      if (pages.length === input.deepPage - 1) expert.deepCursor = cursor;
      const sample = await ok('GET', `/user/earnings${cursor ? `?cursor=${cursor}` : ''}`, expert.token);
      const earnings = sample.body as Earnings;
      for (const row of earnings.orders) {
        if (row.isWithdrawn !== expert.withdrawnOrders.has(row.chatId))
          throw new Error(`${expert.label}: order ${row.orderNumber} flagged isWithdrawn ${row.isWithdrawn}`);
        seen.push(row.chatId);
      }
      pages.push({ ...sample, orders: earnings.orders.length, withdrawnRows: earnings.orders.filter((row) => row.isWithdrawn).length });
      cursor = earnings.nextCursor;
    } while (cursor);
    const expected = [...expert.orderIds].reverse();
    if (seen.join() !== expected.join())
      throw new Error(`${expert.label}: the pages list ${seen.length} credits, not the ${expected.length} credited, newest first`);
    walks.push({ credits: expert.credits, ...describeWalk(pages) });
  }

  // GET /user/earnings ------------------------------------------------------------------------------
  const largest = experts[experts.length - 1];
  if (!largest.deepCursor) throw new Error(`The largest history has fewer than ${input.deepPage} pages`);
  const targets = [
    ...experts.map((expert) => ({ name: `${expert.credits} credited orders, first page`, expert, credits: expert.credits, page: 1, path: '/user/earnings' })),
    {
      name: `${largest.credits} credited orders, page ${input.deepPage}`,
      expert: largest,
      credits: largest.credits,
      page: input.deepPage,
      path: `/user/earnings?cursor=${largest.deepCursor}`,
    },
  ];
  const earningsSamples = new Map<string, (Sample & { body: unknown })[]>(targets.map((target) => [target.name, []]));
  for (let turn = 0; turn < input.warmupRounds + input.earningsRounds; turn++) {
    // One call of each per round, their order turning, so that a drift of the machine's load falls on all alike.
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(turn + i) % targets.length];
      const sample = await ok('GET', target.path, target.expert.token);
      if (turn >= input.warmupRounds) earningsSamples.get(target.name)?.push(sample);
    }
  }
  const earnings = targets.map((target) => {
    const samples = earningsSamples.get(target.name) ?? [];
    const rows = (samples[0]?.body as Earnings | undefined)?.orders.length ?? 0;
    const figures = describe(samples);
    return {
      request: target.name,
      credits: target.credits,
      page: target.page,
      rows,
      ...figures,
      itemsReadPerRow: round(figures.itemsReadPerRequest.max / rows, 2),
    };
  });

  // POST /user/withdraw -----------------------------------------------------------------------------
  const smallest = experts[0];
  const withdrawers = [smallest, largest];
  const withdrawSamples = new Map<Expert, Sample[]>(withdrawers.map((expert) => [expert, []]));
  for (let turn = 0; turn < input.withdrawRounds; turn++) {
    for (let i = 0; i < withdrawers.length; i++) {
      const expert = withdrawers[(turn + i) % withdrawers.length];
      const sample = await ok('POST', '/user/withdraw', expert.token, { amount: MEASURED_WITHDRAWAL_EUROS });
      withdrawSamples.get(expert)?.push(sample);
      // Untimed: rejected at once, so that the amount is available again and no more than the limit wait (decision 269).
      await rejectWithdrawal((sample.body as { withdrawal: { _id: string } }).withdrawal._id);
    }
  }
  const withdraw = withdrawers.map((expert) => ({
    request: `POST /user/withdraw of €${MEASURED_WITHDRAWAL_EUROS}, expert with ${expert.credits} credited orders`,
    credits: expert.credits,
    ...describe(withdrawSamples.get(expert) ?? []),
  }));

  // Bursts of concurrent withdrawals of the whole balance -----------------------------------------------
  const burstExpert = await arrangeExpert('burst', 0);
  const bursts = [];
  for (let turn = 0; turn < input.burstRounds; turn++) {
    await creditOrders(burstExpert, 2);
    const before = (await ok('GET', '/user/earnings', burstExpert.token)).body as Earnings;
    const started = performance.now();
    const from = recorder.calls.length;
    const answers = await Promise.all(
      Array.from({ length: input.burstSize }, async () => {
        const sample = await call('POST', '/user/withdraw', burstExpert.token, { amount: before.balance });
        return { ...sample, answeredAtMs: performance.now() - started, code: (sample.body as { code?: string }).code };
      }),
    );
    const burstMs = performance.now() - started;
    const calls = recorder.countSince(from);
    const after = (await ok('GET', '/user/earnings', burstExpert.token)).body as Earnings;
    const statuses: Record<string, number> = {};
    for (const answer of answers)
      statuses[`${answer.status}${answer.code ? ` ${answer.code}` : ''}`] = (statuses[`${answer.status}${answer.code ? ` ${answer.code}` : ''}`] ?? 0) + 1;
    bursts.push({
      balanceEuros: before.balance,
      succeeded: answers.filter((answer) => answer.status === 201).length,
      statuses,
      burstMs: round(burstMs),
      answerMs: summarise(answers.map((answer) => answer.ms)),
      dynamoCalls: calls,
      balanceAfter: after.balance,
      requestedAdded: round(after.requested - before.requested),
    });
    // Untimed: the one that landed is rejected, so that the next round's burst meets the balance alone, not the pending limit.
    for (const answer of answers.filter((one) => one.status === 201)) await rejectWithdrawal((answer.body as { withdrawal: { _id: string } }).withdrawal._id);
  }

  return {
    arrangement: {
      seconds: arrangeSeconds,
      dynamoCalls: arrangeCalls,
      experts: experts.map((expert) => ({
        credits: expert.credits,
        earnedEuros: expert.earnedCents / 100,
        withdrawals: expert.withdrawals,
        withdrawnEuros: expert.withdrawnCents / 100,
        withdrawnOrders: expert.withdrawnOrders.size,
      })),
    },
    everyPage: walks,
    earnings,
    withdraw,
    bursts,
  };

  // Helpers over this process's modules ---------------------------------------------------------------

  interface Expert {
    label: string;
    userId: string;
    token: string;
    credits: number;
    orderIds: string[];
    /** Order id -> what the expert earned on it, oldest first. */
    earned: Map<string, number>;
    earnedCents: number;
    withdrawnCents: number;
    withdrawals: number;
    withdrawnOrders: Set<string>;
    deepCursor?: string;
    nextOrderAt: number;
  }

  /** An admin's rejection through the earnings service, as the admin's page asks for it. */
  async function rejectWithdrawal(withdrawalId: string): Promise<void> {
    const earningsService = await import('../../functions/contexts/earnings/service');
    const admin = { userId: 'bench-admin', role: 'admin' as const, sessionId: 'arrangement', kind: 'admin' as const };
    await earningsService.reject(withdrawalId, {}, { caller: admin, clientIp: '127.0.0.1' });
  }

  async function arrangeExpert(label: string, credits: number): Promise<Expert> {
    const { createUser } = await import('../../functions/contexts/accounts/repository');
    const { login } = await import('../../functions/contexts/accounts/auth-service');
    const { hashPassword, newId } = await import('../../functions/platform/crypto');
    const email = `${label}@bench.test`;
    const userId = newId();
    await createUser({
      userId,
      role: 'professor',
      email,
      firstName: 'Bench',
      lastName: label,
      passwordHash: await hashPassword(PASSWORD),
      status: 'active',
      isVerified: true,
      isStripeConnected: true,
      payoutsEnabled: true,
      createdAt: new Date(Date.now() - 400 * DAY_MS).toISOString(),
    });
    const grant = await login({ email, password: PASSWORD }, 'user', { ip: '127.0.0.1' });
    const expert: Expert = {
      label,
      userId,
      token: grant.accessToken,
      credits,
      orderIds: [],
      earned: new Map(),
      earnedCents: 0,
      withdrawnCents: 0,
      withdrawals: 0,
      withdrawnOrders: new Set(),
      // The first order as long ago as the history needs, the last one a few days ago.
      nextOrderAt: Date.now() - credits * ORDER_EVERY_MS - 4 * DAY_MS,
    };
    await creditOrders(expert, credits);
    if (credits > 0) await payOutShare(expert);
    return expert;
  }

  /** `count` more credited and settled orders of the expert, each in the transactions the product writes for it. */
  async function creditOrders(expert: Expert, count: number): Promise<void> {
    const payments = await import('../../functions/contexts/payments/service');
    const { transact } = await import('../../functions/platform/table');
    const { newId } = await import('../../functions/platform/crypto');
    const { cents } = await import('../../shared/money');
    const iso = (at: number) => new Date(at).toISOString();
    const write = (entries: Parameters<typeof payments.ledgerWrites>[0]) => transact({ TransactItems: payments.ledgerWrites(entries) });
    for (let i = 0; i < count; i++) {
      const orderId = newId();
      const paidAt = Math.min(expert.nextOrderAt, Date.now() - CREDIT_AFTER_MS - SETTLED_AFTER_MS);
      expert.nextOrderAt += ORDER_EVERY_MS;
      const creditedAt = paidAt + CREDIT_AFTER_MS;
      // Prices of €30 to €140 in steps of €10.
      const paid = cents(3000 + ((expert.orderIds.length * 7) % 12) * 1000);
      await write([payments.paymentEntry(orderId, `pi_bench_${orderId}`, paid, iso(paidAt))]);
      const entries = payments.settlementEntries(
        { orderId, expertId: expert.userId, orderNumber: 100_000 + expert.orderIds.length },
        paid,
        { amountCents: cents(0) },
        iso(creditedAt),
      );
      await write(entries);
      const credit = entries.find((entry) => entry.kind === 'credit');
      const earned = cents(-(credit?.lines.find((line) => line.account.endsWith(':pending'))?.amountCents ?? 0));
      const transferId = `tr_bench_${orderId}`;
      await write([payments.transferEntry(orderId, expert.userId, transferId, earned, iso(creditedAt))]);
      await write([payments.settlementEntry(orderId, expert.userId, transferId, earned, iso(creditedAt + SETTLED_AFTER_MS))]);
      expert.orderIds.push(orderId);
      expert.earned.set(orderId, earned);
      expert.earnedCents += earned;
    }
  }

  /**
   * Withdrawals of about WITHDRAWN_SHARE of what was earned, asked for through the earnings service
   * and paid with the writes of its payout path (functions/contexts/earnings/service.ts: approve,
   * payOut, paid), then the orders they cover, first in, first out.
   */
  async function payOutShare(expert: Expert): Promise<void> {
    const earningsService = await import('../../functions/contexts/earnings/service');
    const repo = await import('../../functions/contexts/earnings/repository');
    const accounts = await import('../../functions/contexts/accounts/repository');
    const payments = await import('../../functions/contexts/payments/service');
    const { announcement } = await import('../../functions/contexts/realtime/service');
    const { transact } = await import('../../functions/platform/table');
    const { nowIso } = await import('../../functions/platform/clock');
    const { cents, eurosFromCents } = await import('../../shared/money');
    const caller = { userId: expert.userId, role: 'professor' as const, sessionId: 'arrangement', kind: 'user' as const };
    const account = await accounts.getAccount(expert.userId, { consistent: true });
    if (!account) throw new Error(`No account ${expert.userId}`);
    const count = Math.max(1, Math.min(WITHDRAWALS, Math.floor(expert.credits / 10)));
    const each = Math.floor((expert.earnedCents * WITHDRAWN_SHARE) / count);
    for (let i = 0; i < count; i++) {
      const { withdrawal: dto } = await earningsService.withdraw(caller, account, eurosFromCents(cents(each)));
      const requested = await repo.getWithdrawal(dto._id);
      if (!requested) throw new Error(`No withdrawal ${dto._id}`);
      const payoutId = `po_bench_${requested.withdrawalId}`;
      let at = nowIso();
      await transact({ TransactItems: [repo.withdrawalMove(requested, 'approved', {}, at), repo.pendingWithdrawalRelease(requested)] });
      const approved = { ...requested, status: 'approved' as const, updatedAt: at, version: requested.version + 1 };
      at = nowIso();
      await transact({ TransactItems: [repo.withdrawalMove(approved, 'approved', { payoutId }, at)] });
      const withPayout = { ...approved, payoutId, updatedAt: at, version: approved.version + 1 };
      at = nowIso();
      const event = announcement(
        [expert.userId],
        { type: 'withdrawalChanged', withdrawalId: withPayout.withdrawalId, status: 'paid' },
        { kind: 'withdrawalPaid', withdrawalId: withPayout.withdrawalId },
      );
      await transact({
        TransactItems: [
          repo.withdrawalMove(withPayout, 'paid', { payoutId }, at),
          ...payments.ledgerWrites([payments.payoutPaidEntry(withPayout, payoutId, at)]),
          repo.withdrawnAdd(expert.userId, withPayout.amountCents),
          event.put,
        ],
      });
      expert.withdrawnCents += each;
      expert.withdrawals++;
    }
    // First in, first out: an order is withdrawn once the paid withdrawals cover it and every older one.
    let through = 0;
    for (const orderId of expert.orderIds) {
      through += expert.earned.get(orderId) ?? 0;
      if (through <= expert.withdrawnCents) expert.withdrawnOrders.add(orderId);
    }
  }
}

function describe(samples: Sample[]) {
  const reads = samples.map((sample) => sample.itemsRead);
  const calls = samples.map((sample) => Object.values(sample.calls).reduce((sum, n) => sum + n, 0));
  const byCommand: Record<string, number> = {};
  for (const sample of samples) for (const [command, n] of Object.entries(sample.calls)) byCommand[command] = (byCommand[command] ?? 0) + n;
  return {
    calls: samples.length,
    latencyMs: summarise(samples.map((sample) => sample.ms)),
    dynamoCallsPerRequest: {
      min: Math.min(...calls),
      max: Math.max(...calls),
      byCommand: Object.fromEntries(Object.entries(byCommand).map(([command, n]) => [command, round(n / samples.length, 2)])),
    },
    itemsReadPerRequest: { min: Math.min(...reads), max: Math.max(...reads), mean: round(mean(reads), 1) },
    itemsWrittenPerRequest: Math.max(...samples.map((sample) => sample.itemsWritten)),
    capacityUnitsPerRequest: {
      max: round(Math.max(...samples.map((sample) => sample.capacityUnits)), 1),
      mean: round(mean(samples.map((sample) => sample.capacityUnits)), 2),
    },
  };
}

function describeWalk(pages: (Sample & { orders: number; withdrawnRows: number })[]) {
  const reads = pages.map((page) => page.itemsRead);
  const calls = pages.map((page) => Object.values(page.calls).reduce((sum, n) => sum + n, 0));
  return {
    pages: pages.length,
    rows: pages.reduce((sum, page) => sum + page.orders, 0),
    withdrawnRows: pages.reduce((sum, page) => sum + page.withdrawnRows, 0),
    dynamoCallsPerPage: { min: Math.min(...calls), max: Math.max(...calls) },
    queriesPerPage: { min: Math.min(...pages.map((page) => page.calls.Query ?? 0)), max: Math.max(...pages.map((page) => page.calls.Query ?? 0)) },
    itemsReadPerPage: { min: Math.min(...reads), max: Math.max(...reads), mean: round(mean(reads), 1) },
    /** Items read per row shown, worst page (the last page of a history shows fewer rows). */
    itemsReadPerRowMax: round(Math.max(...pages.filter((page) => page.orders > 0).map((page) => page.itemsRead / page.orders)), 2),
  };
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : Number.NaN);
