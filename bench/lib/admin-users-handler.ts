/**
 * Child process of bench/admin-users.ts: the admin Lambda (functions/lambdas/admin/handler.ts)
 * called in-process with payload 2.0 events over member accounts, every DynamoDB call of each
 * request recorded (command, items read, capacity units), at each size of `sizes` in turn (the
 * accounts of a size are added to those of the one before).
 *
 * Arranged (not measured): the accounts written as the product writes them (`toAccountItem` and
 * `memberWordItems`, so with their index keys and search entries; their e-mail claims, which the
 * list never reads, left out), in BatchWriteItem calls: a fifth experts with a full profile (bio,
 * work experience, education), the rest students; one in a hundred banned, one in 250 archived; an
 * admin signed in through the product's admin login.
 *
 * Measured: `GET /admin/users` first page; a search that matches one account (the oldest but one);
 * a search by full name ("ada love"); one whose prefix a ninth of the members share; a search that matches none; the experts filter; the banned filter; the
 * archived list. And, as the reference decision 181 chose GSI4 against, reading every member's
 * full item through GSI1's role partitions.
 */
import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import type { AdminUsersPage } from '../../shared/schemas/admin';
import { recordCalls } from './aws-calls';
import { signedInBenchAdmin } from './bench-admin';
import { childTask } from './child-task';
import { round, summarise } from './stats';

export interface AdminUsersBenchInput {
  originSecret: string;
  /** The numbers of accounts measured, smallest first. */
  sizes: number[];
  warmupRounds: number;
  rounds: number;
}

export type AdminUsersBenchResult = Awaited<ReturnType<typeof measure>>;

const PASSWORD = 'Bench-Password-2026';

const DAY_MS = 24 * 3_600_000;
const WRITERS = 6;
const BIO = 'Fifteen years of product management in fintech and health, from discovery to launch. '.repeat(8);

interface Sample {
  ms: number;
  status: number;
  calls: Record<string, number>;
  itemsRead: number;
  capacityUnits: number;
  body: unknown;
}

childTask(measure);

async function measure(input: AdminUsersBenchInput) {
  const { handler } = await import('../../functions/lambdas/admin/handler');
  const { db } = await import('../../functions/platform/table');
  const { apiEvent } = await import('./gateway-event');
  const recorder = recordCalls({ dynamodb: db }, undefined, { consumedCapacity: true });

  async function call(path: string, bearer: string): Promise<Sample> {
    const from = recorder.calls.length;
    const at = performance.now();
    const response = (await handler(apiEvent('GET', path, input.originSecret, { bearer }))) as Exclude<APIGatewayProxyResultV2, string>;
    const ms = performance.now() - at;
    const items = recorder.itemsSince(from);
    if ((response.statusCode ?? 0) >= 300) throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body}`);
    return {
      ms,
      status: response.statusCode ?? 0,
      calls: recorder.countSince(from),
      itemsRead: items.read,
      capacityUnits: items.capacityUnits,
      body: JSON.parse(response.body ?? 'null'),
    };
  }

  const token = await signedInBenchAdmin(PASSWORD);
  const sizes = [];
  let arranged = 0;
  for (const accounts of input.sizes) {
    const arrangeStarted = performance.now();
    await arrange(arranged, accounts);
    arranged = accounts;
    const arrangeSeconds = round((performance.now() - arrangeStarted) / 1000, 1);
    sizes.push({ accounts, arrangement: { seconds: arrangeSeconds }, requests: await measureAll(accounts) });
  }
  return { sizes, reference: await fullItemsReference() };

  async function measureAll(accounts: number) {
    const banned = Math.ceil((accounts - 7) / 100);
    const archived = Math.ceil((accounts - 3) / 250);
    const targets: { name: string; path: string; expect: number; growsWithMembers?: boolean }[] = [
      { name: 'first page', path: '/admin/users', expect: 20 },
      { name: 'search matching one account (the oldest but one)', path: '/admin/users?q=zephyrine', expect: 1 },
      { name: 'search by full name', path: '/admin/users?q=ada%20love', expect: 1 },
      // Its longest word starts like a ninth of the members' first names (First1, First10…, First1000…): the
      // entries of its prefix grow with the members, up to the six reads a request makes.
      {
        name: 'search by a prefix a ninth of the members share',
        path: '/admin/users?q=First1234%20Last1234',
        expect: accounts > 1234 ? 1 : 0,
        growsWithMembers: true,
      },
      { name: 'search matching none', path: '/admin/users?q=nobody-has-this-name', expect: 0 },
      { name: 'experts, first page', path: '/admin/users?role=professor', expect: 20 },
      { name: 'banned, first page', path: '/admin/users?banned=true', expect: Math.min(20, banned) },
      { name: 'archived, first page', path: '/admin/archived-users', expect: Math.min(20, archived) },
    ];
    const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
    for (let turn = 0; turn < input.warmupRounds + input.rounds; turn++) {
      // One call of each per round, their order turning, so that a drift of the machine's load falls on all alike.
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(turn + i) % targets.length];
        const sample = await call(target.path, token);
        const rows = (sample.body as AdminUsersPage).users.length;
        if (rows !== target.expect) throw new Error(`${accounts} accounts, ${target.name}: ${rows} rows, not ${target.expect}`);
        if (turn >= input.warmupRounds) samples.get(target.name)?.push(sample);
      }
    }
    return targets.map((target) => ({
      request: `GET ${target.path}`,
      name: target.name,
      growsWithMembers: target.growsWithMembers === true,
      ...describe(samples.get(target.name) ?? []),
    }));
  }

  /** What a search would read without GSI4: every member's whole item, from GSI1's two role partitions. */
  async function fullItemsReference() {
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { config } = await import('../../functions/platform/config');
    const { GSI1, usersOfRole } = await import('../../functions/platform/keys');
    const from = recorder.calls.length;
    const at = performance.now();
    let items = 0;
    for (const role of ['user', 'professor']) {
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: config.tableName,
            IndexName: GSI1,
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': usersOfRole(role).gsi1pk },
            ExclusiveStartKey,
          }),
        );
        items += page.Items?.length ?? 0;
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    }
    const read = recorder.itemsSince(from);
    return {
      what: 'every member item through GSI1 (ALL projection)',
      ms: round(performance.now() - at),
      queries: recorder.calls.length - from,
      items,
      capacityUnits: read.capacityUnits,
    };
  }
}

/** Writes the accounts numbered from `from` to `to` (excluded), with their search entries. */
async function arrange(from: number, to: number): Promise<void> {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { config } = await import('../../functions/platform/config');
  const { db } = await import('../../functions/platform/table');
  const { toAccountItem } = await import('../../functions/contexts/accounts/account');
  const { memberWordItems } = await import('../../functions/contexts/accounts/member-index');
  const { hashPassword, newId } = await import('../../functions/platform/crypto');
  const passwordHash = await hashPassword(PASSWORD);
  const started = Date.now() - 400 * DAY_MS;
  const items: Record<string, unknown>[] = [];
  for (let n = from; n < to; n++) {
    const expert = n % 5 === 0;
    const account = {
      userId: newId(),
      role: expert ? ('professor' as const) : ('user' as const),
      email: `member-${n}@bench.test`,
      firstName: n === 1 ? 'Zephyrine' : n === 2 ? 'Ada' : `First${n}`,
      lastName: n === 2 ? 'Lovelace' : `Last${n}`,
      ...(!expert && { name: n === 2 ? 'Ada Lovelace' : `First${n} Last${n}` }),
      passwordHash,
      status: 'active' as const,
      ...(n % 100 === 7 && { isBanned: true }),
      ...(n % 250 === 3 && { isDeleted: true }),
      createdAt: new Date(started + n * 60_000).toISOString(),
      lastLoginAt: new Date().toISOString(),
      city: 'Lyon',
      country: 'France',
      ...(expert && {
        domainActivity: 'Product manager',
        headline: 'Product discovery and roadmaps',
        languages: ['fr', 'en', 'es'],
        expYears: 12,
        bio: BIO,
        expertises: ['Product', 'Roadmaps', 'Discovery'],
        workExperience: [
          { position: 'Head of product', company: 'Fintech SA', startDate: '2015-01', endDate: '2024-06', description: BIO.slice(0, 280) },
          { position: 'Product manager', company: 'Health Ltd', startDate: '2010-01', endDate: '2014-12', description: BIO.slice(0, 280) },
        ],
        education: [{ institution: 'Université Lyon 2', level: 'Master', degree: 'MSc', field: 'Management', year: 2009 }],
        isVerified: n % 10 === 0,
        isStripeConnected: true,
        payoutsEnabled: true,
      }),
    };
    items.push(toAccountItem(account), ...memberWordItems(account));
  }
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  // A few writers side by side: DynamoDB Local takes them faster than one after another.
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        let RequestItems: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
          [config.tableName]: batch.map((Item) => ({ PutRequest: { Item } })),
        };
        while (RequestItems && Object.keys(RequestItems).length > 0) {
          const answer = await db.send(new BatchWriteCommand({ RequestItems }));
          RequestItems = answer.UnprocessedItems as typeof RequestItems;
        }
      }
    }),
  );
}

function describe(samples: Sample[]) {
  const max = (of: (sample: Sample) => number) => Math.max(...samples.map(of));
  const total = (calls: Record<string, number>) => Object.values(calls).reduce((sum, n) => sum + n, 0);
  const byCommand: Record<string, number> = {};
  for (const sample of samples) for (const [command, n] of Object.entries(sample.calls)) byCommand[command] = Math.max(byCommand[command] ?? 0, n);
  return {
    latencyMs: summarise(samples.map((sample) => sample.ms)),
    dynamoCallsPerRequest: { max: max((sample) => total(sample.calls)), byCommand },
    itemsReadPerRequest: { max: max((sample) => sample.itemsRead) },
    capacityUnitsPerRequest: {
      max: round(
        max((sample) => sample.capacityUnits),
        1,
      ),
    },
  };
}
