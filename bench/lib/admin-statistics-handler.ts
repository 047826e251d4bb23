/**
 * Child process of bench/admin-statistics.ts: the admin Lambda (functions/lambdas/admin/handler.ts)
 * called in-process with payload 2.0 events, `GET /admin/statistics` at 100 and at 10,000 accounts,
 * every DynamoDB call of each request recorded (command, items read, capacity units).
 *
 * Arranged (not measured): the accounts (one in five an expert, with their offers, nine in ten
 * published) written 25 at a time with the product's item mappers, and what they count added to
 * the counters with the product's counter write, as the seed does (the transactions that count one
 * write each are the integration tests' to check); 90 days of snapshots; the admin signs in with
 * the product's login.
 */
import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import type { AdminStatistics } from '../../shared/schemas/admin-views';
import { recordCalls } from './aws-calls';
import { signedInBenchAdmin } from './bench-admin';
import { childTask } from './child-task';
import { round, summarise } from './stats';

export interface AdminStatisticsBenchInput {
  originSecret: string;
  /** Accounts at each measurement, e.g. [100, 10000]. */
  accounts: number[];
  /** Offers per expert. */
  offersPerExpert: number;
  warmupRounds: number;
  rounds: number;
  /** Batch writes in flight at once while arranging. */
  concurrency: number;
}

export type AdminStatisticsBenchResult = Awaited<ReturnType<typeof measure>>;

const PASSWORD = 'Bench-Password-2026';
const DAY_MS = 86_400_000;

childTask(measure);

async function measure(input: AdminStatisticsBenchInput) {
  const { handler } = await import('../../functions/lambdas/admin/handler');
  const { db } = await import('../../functions/platform/table');
  const { apiEvent } = await import('./gateway-event');
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { toAccountItem } = await import('../../functions/contexts/accounts/account');
  const { toOfferItem } = await import('../../functions/contexts/catalogue/offer');
  const { addToCounters, seedSnapshot } = await import('../../functions/contexts/statistics/repository');
  const { accountDelta, offerDelta, sumOfDeltas } = await import('../../functions/contexts/statistics/statistics');
  const { config } = await import('../../functions/platform/config');
  const BENCH_TABLE = config.tableName;
  const { hashPassword, newId } = await import('../../functions/platform/crypto');
  const { cents } = await import('../../shared/money');
  const recorder = recordCalls({ dynamodb: db }, undefined, { consumedCapacity: true });
  const passwordHash = await hashPassword(PASSWORD);
  const createdAt = new Date(Date.now() - 100 * DAY_MS).toISOString();

  const accessToken = await signedInBenchAdmin(PASSWORD, createdAt);
  await Promise.all(
    Array.from({ length: 90 }, (_, back) =>
      seedSnapshot({
        day: new Date(Date.now() - (back + 1) * DAY_MS).toISOString().slice(0, 10),
        users: 9000,
        experts: 1800,
        offers: 5000,
        publishedOffers: 4500,
        publishedOfferCents: cents(45_000_000),
        orders: 40,
        revenueCents: cents(36_000),
      }),
    ),
  );

  let made = 0;
  let offers = 0;
  /** The accounts (and their offers) up to `upTo`, in BatchWriteItem calls of 25, `concurrency` at once. */
  async function arrangeAccounts(upTo: number): Promise<number> {
    const started = performance.now();
    const items: Record<string, unknown>[] = [];
    const counted: Parameters<typeof addToCounters>[0][] = [];
    for (; made < upTo; made++) {
      const userId = newId();
      const expert = made % 5 === 0;
      const role = expert ? 'professor' : 'user';
      items.push(
        toAccountItem({
          userId,
          role,
          email: `account-${made}@bench.test`,
          firstName: 'Bench',
          lastName: `Account ${made}`,
          passwordHash,
          status: 'active',
          createdAt,
        }),
      );
      counted.push(accountDelta(role, 1));
      if (!expert) continue;
      for (let n = 0; n < input.offersPerExpert; n++, offers++) {
        const offer = {
          offerId: newId(),
          expertId: userId,
          title: `Bench offer ${made}-${n}`,
          description: 'An offer of the statistics benchmark.',
          priceCents: cents(3000 + (offers % 12) * 1000),
          lessonType: 'Video Call' as const,
          pricingType: 'fixed' as const,
          status: offers % 10 === 0 ? ('pending' as const) : ('approved' as const),
          createdAt,
          submittedAt: createdAt,
        };
        items.push(toOfferItem(offer));
        counted.push(offerDelta(undefined, offer));
      }
    }
    const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, at) => items.slice(at * 25, at * 25 + 25));
    const next = async () => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        let unprocessed: Record<string, unknown[]> | undefined = { [BENCH_TABLE]: batch.map((Item) => ({ PutRequest: { Item } })) };
        while (unprocessed && Object.keys(unprocessed).length > 0)
          unprocessed = (await db.send(new BatchWriteCommand({ RequestItems: unprocessed as never }))).UnprocessedItems as
            | Record<string, unknown[]>
            | undefined;
      }
    };
    await Promise.all(Array.from({ length: input.concurrency }, next));
    await addToCounters(sumOfDeltas(...counted));
    return round((performance.now() - started) / 1000, 1);
  }

  async function call() {
    const from = recorder.calls.length;
    const at = performance.now();
    const response = (await handler(apiEvent('GET', '/admin/statistics', input.originSecret, { bearer: accessToken }))) as Exclude<
      APIGatewayProxyResultV2,
      string
    >;
    const ms = performance.now() - at;
    if (response.statusCode !== 200) throw new Error(`GET /admin/statistics answered ${response.statusCode}: ${response.body}`);
    const items = recorder.itemsSince(from);
    return {
      ms,
      calls: recorder.countSince(from),
      itemsRead: items.read,
      capacityUnits: items.capacityUnits,
      body: JSON.parse(response.body ?? '{}') as AdminStatistics,
    };
  }

  const measurements = [];
  for (const accounts of input.accounts) {
    const arrangeSeconds = await arrangeAccounts(accounts);
    for (let round = 0; round < input.warmupRounds; round++) await call();
    const samples = [];
    for (let round = 0; round < input.rounds; round++) samples.push(await call());
    const last = samples[samples.length - 1].body;
    if (last.totalUsers !== accounts || last.totalProfessors !== Math.ceil(accounts / 5) || last.totalOffers !== offers)
      throw new Error(`Counters off at ${accounts} accounts: ${JSON.stringify({ ...last, history: undefined })}`);
    const callCounts = samples.map((sample) => Object.values(sample.calls).reduce((sum, count) => sum + count, 0));
    measurements.push({
      accounts,
      offers,
      arrangeSeconds,
      figures: {
        totalUsers: last.totalUsers,
        totalProfessors: last.totalProfessors,
        totalOffers: last.totalOffers,
        actualOffers: last.actualOffers,
        totalOfferSum: last.totalOfferSum,
      },
      historyDays: last.history.days.length,
      latencyMs: summarise(samples.map((sample) => sample.ms)),
      dynamoCallsPerRequest: { max: Math.max(...callCounts), byCommand: samples[0].calls },
      itemsReadPerRequest: { max: Math.max(...samples.map((sample) => sample.itemsRead)) },
      capacityUnitsPerRequest: { max: round(Math.max(...samples.map((sample) => sample.capacityUnits)), 1) },
    });
  }
  return { measurements };
}
