/**
 * The order transitions against the local stack and the local Stripe: for each call that moves an
 * order, its round-trip time through the local gateway (the handler's time, plus the local
 * gateway's few milliseconds) and the DynamoDB calls it makes (the session check included); and the
 * webhook's handling time as the local Stripe measured each delivery. Alice books hourly sessions
 * (schedule, counter, accept, checkout, mark-paid, confirm-session, cancel refunded); Ben takes the
 * other calls: a declined suggestion, a confirmed schedule, a new time declined then accepted, a
 * project submitted, sent back, delivered through the upload form and approved, a late cancellation
 * and its refund decision, an unpaid cancellation, a reported problem and the admin's decision; then
 * one run of the deadlines.
 *
 * Run: npx tsx bench/order-transitions.ts [--strict]
 */
import { performance } from 'node:perf_hooks';
import { codeAt } from '../functions/contexts/accounts/second-factor';
import { postForm } from '../scripts/local/cross-site';
import { DEFAULT_SEED } from '../scripts/local/demo-accounts';
import { budget, runBench, writeResults } from './lib/results';
import { type BenchStack, startStack } from './lib/stack';
import { summarise } from './lib/stats';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const ROUNDS = 12;
/** Ben's journeys: each opens four conversations, and a student opens at most 30 an hour. */
const MORE_ROUNDS = 6;
const HOUR = 3_600_000;
/** A move is one read, one transaction and the session check: a handful of calls, whatever the table holds. */
const MAX_DYNAMO_CALLS_PER_MOVE = 8;

/**
 * Calls that are more than a move, measured without the move's budget: the provider's checkout or
 * refund, the expert's credit with its transfer, a delivered file, the audit entry, the deadlines over
 * every due order; and the moves that mail both sides (a cancellation, a session moved), whose count
 * includes the notifications function's reads and mails (accept-reschedule: the move's 7, and 5).
 */
const OUTSIDE_MOVE_BUDGET = [
  'create-session',
  'mark-paid',
  'cancel',
  'accept-reschedule',
  'refund-decision',
  'submit-project',
  'confirm-project-upload',
  'handle-project approve',
  'confirm-session',
  'resolve',
  'deadlines',
];

/** A one-page PDF, as an expert delivers it. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

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
      await postForm(url, { action: 'pay' });
      await measure('mark-paid', () => markPaid(call, student, id));
      if (round % 2 === 0) {
        await measure('cancel (refunded in full)', () => call(student, 'PUT', `/chats/${id}/cancel`, {}));
      } else {
        await advance('33h');
        await measure('confirm-session (credit)', () => call(student, 'PUT', `/chats/${id}/confirm-session`, {}));
      }
    }

    const ben = await login('ben.student@demo.test');
    const adminLogin = (await call(undefined, 'POST', '/admin/auth/login', {
      email: DEFAULT_SEED.adminEmail,
      password: DEFAULT_SEED.adminPassword,
      code: codeAt(stack.adminTotpSecret, Date.now()),
    })) as { accessToken: string; user: { _id: string } };
    const admin: Client = { token: adminLogin.accessToken, userId: adminLogin.user._id };
    const fixed = offers.find((offer) => offer.pricingType === 'fixed');
    if (!fixed) throw new Error('No fixed-price offer of the demo expert');
    const open = async (offerId: string) => {
      const { chat } = (await call(ben, 'POST', '/chats/create', { offerId })) as { chat: { _id: string; orderStatus: string } };
      if (chat.orderStatus !== 'open') throw new Error(`Ben's conversation about ${offerId} is ${chat.orderStatus}, not a new order`);
      return chat._id;
    };
    const startIn = async (hours: number) => new Date(Math.ceil(((await now()) + hours * HOUR) / HOUR) * HOUR).toISOString();
    const pay = async (id: string) => {
      const { url } = (await call(ben, 'POST', '/payments/create-session', { chatId: id })) as { url: string };
      await postForm(url, { action: 'pay' });
      await markPaid(call, ben, id);
    };
    for (let round = 0; round < MORE_ROUNDS; round++) {
      // An hourly session: a suggestion declined, the schedule confirmed, a new time declined then accepted, a delivery sent back, then approved.
      const id = await open(hourly._id);
      await call(ben, 'PUT', `/chats/${id}/schedule`, { scheduledDate: await startIn(72), scheduledHours: 1 });
      await call(expert, 'PUT', `/chats/${id}/counter-schedule`, { scheduledDate: await startIn(74), scheduledHours: 2 });
      await measure('decline-schedule', () => call(ben, 'PUT', `/chats/${id}/decline-schedule`, {}));
      await call(ben, 'PUT', `/chats/${id}/schedule`, { scheduledDate: await startIn(72), scheduledHours: 1 });
      await measure('confirm-schedule', () => call(expert, 'PUT', `/chats/${id}/confirm-schedule`, {}));
      await pay(id);
      const moved = await startIn(72 + 48);
      await measure('reschedule', () => call(ben, 'PUT', `/chats/${id}/reschedule`, { scheduledDate: moved }));
      await measure('decline-reschedule', () => call(expert, 'PUT', `/chats/${id}/decline-reschedule`, {}));
      await call(expert, 'PUT', `/chats/${id}/reschedule`, { scheduledDate: moved });
      await measure('accept-reschedule', () => call(ben, 'PUT', `/chats/${id}/accept-reschedule`, {}));
      await measure('submit-project (multipart)', () => submitMultipart(stack.url, expert, id));
      await measure('handle-project request_revision', () => call(ben, 'POST', `/chats/${id}/handle-project`, { action: 'request_revision' }));
      const form = (await call(expert, 'POST', `/chats/${id}/project-upload`, {
        fileName: 'report.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
      })) as {
        url: string;
        fields: Record<string, string>;
        key: string;
      };
      await postUpload(stack.url, form);
      await measure('confirm-project-upload', () => call(expert, 'PUT', `/chats/${id}/confirm-project-upload`, { key: form.key }));
      await measure('handle-project approve (credit)', () => call(ben, 'POST', `/chats/${id}/handle-project`, { action: 'approve' }));

      // An hourly session 2 hours ahead, cancelled late by the student: the expert decides the refund.
      const late = await open(hourly._id);
      await call(ben, 'PUT', `/chats/${late}/schedule`, { scheduledDate: await startIn(2), scheduledHours: 1 });
      await call(expert, 'PUT', `/chats/${late}/confirm-schedule`, {});
      await pay(late);
      await measure('cancel (late: refund to decide)', () => call(ben, 'PUT', `/chats/${late}/cancel`, {}));
      await measure('refund-decision (refund and credit)', () => call(expert, 'PUT', `/chats/${late}/refund-decision`, { refundPercent: 50 }));

      // A project: cancelled before payment; another paid, reported, and decided by the admin.
      const unpaid = await open(fixed._id);
      await measure('cancel (unpaid)', () => call(ben, 'PUT', `/chats/${unpaid}/cancel`, {}));
      const reported = await open(fixed._id);
      await pay(reported);
      await measure('report-problem', () => call(ben, 'POST', `/chats/${reported}/report-problem`, { reason: 'Nothing was delivered.' }));
      const decision = round % 2 === 0 ? { decision: 'release' } : { decision: 'refund', refundPercent: 50 };
      await measure(`resolve ${decision.decision}`, () => call(admin, 'POST', `/admin/problems/${reported}/resolve`, decision));
    }
    // The deadlines over what is due (reminders of the sessions booked above, the late cancellations' refunds, transfers).
    await measure('deadlines run (clock +3h)', () => advance('3h'));

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
      .filter((t) => !OUTSIDE_MOVE_BUDGET.some((prefix) => t.call.startsWith(prefix)))
      .map((t) => budget(`${t.call} DynamoDB calls`, t.dynamoCallsTotal, 'max', MAX_DYNAMO_CALLS_PER_MOVE, 'calls'));
    writeResults(
      'order-transitions',
      { rounds: ROUNDS, moreRounds: MORE_ROUNDS, transitions, webhookFirstDeliveryMs: { ...webhookMs, samples: webhook.length } },
      budgets,
    );
  } finally {
    await stack.stop();
  }
});

/** The spec's multipart delivery (projectFile). */
async function submitMultipart(url: string, expert: Client, id: string): Promise<unknown> {
  const body = new FormData();
  body.append('projectFile', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'report.pdf');
  const response = await fetch(`${url}/api/chats/${id}/submit-project`, {
    method: 'POST',
    body,
    headers: { origin: url, authorization: `Bearer ${expert.token}` },
  });
  if (response.status !== 200) throw new Error(`submit-project: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The file posted to the presigned form, as a browser does. */
async function postUpload(url: string, form: { url: string; fields: Record<string, string> }): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'file');
  const response = await fetch(form.url, { method: 'POST', body, headers: { origin: url } });
  if (response.status !== 204) throw new Error(`upload: ${response.status} ${await response.text()}`);
}

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
