/**
 * The order transitions against the local stack and the local Stripe: for each call that moves an
 * order (schedule, counter, accept, checkout, mark-paid, confirm-session, cancel with a refund), its
 * round-trip time through the local gateway and the DynamoDB calls it makes (the session check
 * included); and the webhook's handling time as the local Stripe measured each delivery.
 *
 * Run: npx tsx bench/order-transitions.ts [--strict]
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_SEED } from '../scripts/local/demo-accounts';
import { budget, runBench, writeResults } from './lib/results';
import { type BenchStack, startStack } from './lib/stack';
import { summarise } from './lib/stats';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const ROUNDS = 12;
const HOUR = 3_600_000;
/** A move is one read, one transaction and the session check: a handful of calls, whatever the table holds. */
const MAX_DYNAMO_CALLS_PER_MOVE = 8;

interface Client {
  token: string;
  userId: string;
}

runBench(async () => {
  const stack = await startStack();
  try {
    const call = async (client: Client | undefined, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.url}/api${path}`, {
        method,
        headers: { origin: stack.url, 'content-type': 'application/json', ...(client && { authorization: `Bearer ${client.token}` }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text || '{}') as Record<string, unknown>;
    };
    const login = async (email: string): Promise<Client> => {
      const grant = (await call(undefined, 'POST', '/auth/login', { email, password: DEFAULT_SEED.demoPassword })) as {
        accessToken: string;
        user: { _id: string };
      };
      return { token: grant.accessToken, userId: grant.user._id };
    };
    const student = await login('alice.student@demo.test');
    const expert = await login('claire.dubois@demo.test');
    const offers = (await call(undefined, 'GET', `/offers/professor/${expert.userId}`)) as unknown as { _id: string; pricingType: string }[];
    const hourly = offers.find((offer) => offer.pricingType === 'hourly');
    if (!hourly) throw new Error('No hourly offer of the demo expert');

    const samples = new Map<string, { ms: number[]; dynamo: Record<string, number>[] }>();
    const measure = async (name: string, run: () => Promise<unknown>) => {
      const before = await settled(stack);
      const started = performance.now();
      const result = await run();
      const ms = performance.now() - started;
      const after = await settled(stack);
      const entry = samples.get(name) ?? { ms: [], dynamo: [] };
      entry.ms.push(ms);
      entry.dynamo.push(difference(before, after));
      samples.set(name, entry);
      return result;
    };
    const now = async () => Date.parse(((await (await fetch(`${stack.url}/_local/clock`)).json()) as { now: string }).now);
    const advance = (advance: string) =>
      fetch(`${stack.url}/_local/clock`, { method: 'POST', body: JSON.stringify({ advance }), headers: { 'content-type': 'application/json' } });

    for (let round = 0; round < ROUNDS; round++) {
      const { chat } = (await call(student, 'POST', '/chats/create', { offerId: hourly._id })) as { chat: { _id: string } };
      const id = chat._id;
      const start = new Date(Math.ceil(((await now()) + 30 * HOUR) / HOUR) * HOUR).toISOString();
      await measure('schedule', () => call(student, 'PUT', `/chats/${id}/schedule`, { scheduledDate: start, scheduledHours: 2 }));
      await measure('counter-schedule', () => call(expert, 'PUT', `/chats/${id}/counter-schedule`, { scheduledDate: start, scheduledHours: 1 }));
      await measure('accept-schedule', () => call(student, 'PUT', `/chats/${id}/accept-schedule`, {}));
      const { url } = (await measure('create-session', () => call(student, 'POST', '/payments/create-session', { chatId: id }))) as { url: string };
      await measure('create-session (again: the same session)', () => call(student, 'POST', '/payments/create-session', { chatId: id }));
      await fetch(url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
      await measure('mark-paid', () => markPaid(call, student, id));
      if (round % 2 === 0) {
        await measure('cancel (refunded in full)', () => call(student, 'PUT', `/chats/${id}/cancel`, {}));
      } else {
        await advance('33h');
        await measure('confirm-session (credit)', () => call(student, 'PUT', `/chats/${id}/confirm-session`, {}));
      }
    }

    const events = (await (await fetch(`${stack.url}/_local/payments/events.json`)).json()) as {
      type: string;
      deliveries: { status?: number; durationMs: number }[];
    }[];
    const webhook = events
      .filter((event) => event.type === 'checkout.session.completed')
      .flatMap((event) =>
        event.deliveries
          .filter((delivery) => delivery.status === 200)
          .slice(0, 1)
          .map((delivery) => delivery.durationMs),
      );

    const transitions = [...samples].map(([name, { ms, dynamo }]) => ({
      call: name,
      samples: ms.length,
      latencyMs: summarise(ms),
      dynamoCalls: dynamo[dynamo.length - 1],
      dynamoCallsTotal: Math.max(...dynamo.map((calls) => Object.values(calls).reduce((sum, n) => sum + n, 0))),
    }));
    for (const t of transitions)
      console.log(`  ${t.call.padEnd(42)} p50 ${t.latencyMs.p50} p95 ${t.latencyMs.p95} ms  ddb ${t.dynamoCallsTotal} ${JSON.stringify(t.dynamoCalls)}`);
    const webhookMs = summarise(webhook);
    console.log(`  webhook checkout.session.completed (first delivery)  p50 ${webhookMs.p50} p95 ${webhookMs.p95} ms over ${webhook.length}`);
    const budgets = transitions
      .filter((t) => !t.call.startsWith('create-session') && !t.call.startsWith('mark-paid') && !t.call.startsWith('cancel'))
      .map((t) => budget(`${t.call} DynamoDB calls`, t.dynamoCallsTotal, 'max', MAX_DYNAMO_CALLS_PER_MOVE, 'calls'));
    writeResults('order-transitions', { rounds: ROUNDS, transitions, webhookFirstDeliveryMs: { ...webhookMs, samples: webhook.length } }, budgets);
  } finally {
    await stack.stop();
  }
});

/** mark-paid until the webhook has landed (it answers 409 payment_not_confirmed before). */
async function markPaid(call: (client: Client, method: string, path: string, body?: unknown) => Promise<unknown>, student: Client, id: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(student, 'PUT', `/chats/${id}/mark-paid`, {});
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

async function settled(stack: BenchStack): Promise<Record<string, number>> {
  let previous = JSON.stringify(await stack.dynamoCalls());
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const current = await stack.dynamoCalls();
    if (JSON.stringify(current) === previous) return current;
    previous = JSON.stringify(current);
  }
}

function difference(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).flatMap(([command, n]) => (n > (before[command] ?? 0) ? [[command, n - (before[command] ?? 0)]] : [])));
}
