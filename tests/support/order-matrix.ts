/**
 * The order transition matrix (tests/integration/order-transition-matrix*.test.ts): every order
 * call, from every status, by every caller the route's access level lets through, through the local
 * gateway, the real orders handler, DynamoDB Local, the local S3 and the local Stripe. Its recipes
 * run in two files, on two workers: the hourly kind's, and the other kinds'. A caller below the
 * access level is refused before any order is read, whatever the order's status (authorise in
 * functions/platform/http.ts): tests/integration/authorization-matrix.test.ts asserts that refusal
 * for every route and role (decision 326).
 *
 * The expectation comes from the status table (ORDER_TRANSITIONS: from, by, to, kinds), read as data, and
 * from what this module states itself: which table actions each route takes, the table's further
 * conditions as the terms state them (the session's time, the kind), the product's checks made
 * before the table's (an unpaid order's refund, a proposal nobody made), and the codes of each
 * refusal. It never asks the product's own code (nextStatus) what should happen. A status or an
 * action added to the table fails the coverage tests until a recipe or a route reaches it.
 *
 * For each recipe one order takes every refused call (a refused call changes nothing, which is
 * asserted on the stored order), then the first allowed move; each other allowed move gets an
 * order of its own, reached the same way, and its new status is read back through the API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_RULES } from '../../shared/limits';
import { type Access, ROUTES, type RouteKey, routeKey } from '../../shared/routes';
import { ORDER_TRANSITIONS, type OrderAction, type OrderActor, type OrderStatus } from '../../shared/order-transitions';
import type { ApiClient } from './api';
import { chatOf, put, serverNow } from './orders';
import { deliverThroughForm, inTurns, type OrderScene, orderScene, type ReachedOrder, type Recipe, type Side, storedOrder } from './order-states';
import { advanceClock, pressOnPage } from './payments';
import { pdfDocument, submitMultipart } from './project-files';

const HOUR = 3_600_000;

type Caller = Side | 'otherStudent' | 'otherExpert' | 'admin';
const CALLERS: readonly Caller[] = ['student', 'expert', 'otherStudent', 'otherExpert', 'admin'];

/** A move to a status, an answer that changes nothing (an idempotent repeat), or a refusal with its code. */
type Outcome = { moves: OrderStatus } | { repeats: 200 } | { refused: number; code: string };
const refused = (status: number, code: string): Outcome => ({ refused: status, code });

/** A reached order and the app's time when it is acted on. */
interface Facts extends ReachedOrder {
  now: number;
}

/** The session starts within `hours` (or has started). */
const within = (order: Facts, hours: number) => order.sessionStart !== undefined && order.sessionStart - order.now < hours * HOUR;
const started = (order: Facts) => order.sessionStart !== undefined && order.sessionStart <= order.now;

/** A call, booked at a time (an hourly or a fixed-price one); the other kinds are deliveries. */
const isCall = (order: Facts) => order.kind === 'hourly' || order.kind === 'call';

/** The terms: the expert's cancellation, and the student's more than 12 hours ahead (a delivery: before any delivery), are refunded in full. */
const refundedInFull = (order: Facts, side: Side) =>
  side === 'expert' || (!isCall(order) ? order.status === 'in_progress' : !within(order, ORDER_RULES.freeCancellationHours));

interface RouteCase {
  name: string;
  key: RouteKey;
  /** The table's actions the route takes, in the order the product tries them. */
  actions: readonly OrderAction[];
  body?: (order: Facts) => unknown;
  /** The product's own checks before the table's, for the order's two sides. */
  before?: (order: Facts, side: Side) => Outcome | undefined;
  /** The table's further conditions on an action (its `when`), as the terms state them. */
  when?: (action: OrderAction, order: Facts, side: Side) => boolean;
  /** The status of a move whose table entry computes it (a session agreed: an hourly one is then paid). */
  agreed?: OrderStatus;
  /** The table's actor for a side (the provider confirms what the student pays). */
  actorOf?: (side: Side) => OrderActor;
  /** Sends the call another way than a JSON body (a multipart upload). */
  send?: (client: ApiClient, order: Facts) => Promise<{ status: number; body: unknown }>;
  /** An allowed move that takes more than the one call: the last answer. */
  move?: (client: ApiClient, order: Facts) => Promise<{ status: number; body: unknown }>;
}

const callsOnly = (_action: OrderAction, order: Facts) => isCall(order);
/** A call is never delivered (decision 250): its expert is told so; one sent back for revision in flight is delivered again. */
const notDelivered = (order: Facts, side: Side) =>
  side === 'expert' && isCall(order) && order.status === 'in_progress' ? refused(409, 'call_not_delivered') : undefined;
const deliveryOrInFlight = (_action: OrderAction, order: Facts) => !isCall(order) || order.status === 'revision_requested';
/**
 * A time in the order's own stretch (`home`), `hours` into it, so that an allowed proposal never
 * meets another order's booking; for an order whose stretch has passed, a time ahead, which only
 * refused calls send.
 */
const ownTime = (order: Facts, hours = 0) =>
  new Date(order.home > order.now ? order.home + hours * HOUR : Math.ceil((order.now + (72 + hours) * HOUR) / HOUR) * HOUR).toISOString();
const sessionNotPast = (order: Facts) => (started(order) ? refused(400, 'session_in_past') : undefined);
const rescheduleNotice = (order: Facts) => (within(order, ORDER_RULES.rescheduleNoticeHours) ? refused(400, 'reschedule_too_late') : undefined);
const UPLOAD_ID = '00000000-0000-4000-8000-000000000000';

export const ROUTE_CASES: readonly RouteCase[] = [
  {
    name: 'schedule',
    key: 'PUT /api/chats/{id}/schedule',
    actions: ['schedule'],
    body: (order) => ({ scheduledDate: ownTime(order), ...(order.kind === 'hourly' && { scheduledHours: 1 }) }),
    before: (order) => (isCall(order) ? undefined : refused(400, 'calls_only')),
  },
  {
    name: 'counter-schedule',
    key: 'PUT /api/chats/{id}/counter-schedule',
    actions: ['counter'],
    body: (order) => ({ scheduledDate: ownTime(order), scheduledHours: 2 }),
  },
  { name: 'accept-schedule', key: 'PUT /api/chats/{id}/accept-schedule', actions: ['acceptCounter'], agreed: 'confirmed', before: sessionNotPast },
  { name: 'decline-schedule', key: 'PUT /api/chats/{id}/decline-schedule', actions: ['declineCounter'] },
  { name: 'confirm-schedule', key: 'PUT /api/chats/{id}/confirm-schedule', actions: ['confirmSchedule'], agreed: 'confirmed', before: sessionNotPast },
  {
    // Allowed, it is the checkout paid on the provider's page and the browser's return (mark-paid).
    name: 'create-session',
    key: 'POST /api/payments/create-session',
    actions: ['pay'],
    actorOf: () => 'payment',
    body: (order) => ({ chatId: order.chatId, ...(order.kind === 'work' && { hours: 3 }) }),
    before: (order, side) => {
      if (side === 'expert') return refused(403, 'own_offer');
      if (order.paid) return refused(409, 'already_paid');
      if (isCall(order) && order.status === 'open') return refused(400, 'validation_failed');
      if (isCall(order) && (order.status === 'scheduled' || order.status === 'countered')) return refused(409, 'schedule_unconfirmed');
      return undefined;
    },
    // A delivery is paid from the start, a call once its time is agreed.
    when: (_action, order) => order.status === (isCall(order) ? 'confirmed' : 'open'),
    move: async (client, order) => {
      const created = await client.post<{ url: string }>('/payments/create-session', { chatId: order.chatId, ...(order.kind === 'work' && { hours: 3 }) });
      if (created.status !== 200) return created;
      expect((await pressOnPage(created.body.url, 'pay')).status).toBe(303);
      return put(client, `/chats/${order.chatId}/mark-paid`);
    },
  },
  {
    // The browser's return from the checkout: nothing to confirm without a paid checkout; a paid order answers as it is.
    name: 'mark-paid',
    key: 'PUT /api/chats/{id}/mark-paid',
    actions: [],
    before: (order) => (order.paid ? { repeats: 200 } : refused(409, 'payment_not_confirmed')),
  },
  {
    name: 'cancel',
    key: 'PUT /api/chats/{id}/cancel',
    actions: ['cancelUnpaid', 'cancelRefunded', 'cancelLate'],
    // Paid, it is cancelled only before the session starts: after, it is confirmed or a problem is reported.
    when: (action, order, side) => action === 'cancelUnpaid' || (!started(order) && refundedInFull(order, side) === (action === 'cancelRefunded')),
  },
  {
    name: 'refund-decision',
    key: 'PUT /api/chats/{id}/refund-decision',
    actions: ['decideRefund'],
    body: () => ({ refundPercent: 40 }),
  },
  { name: 'handle-project approve', key: 'POST /api/chats/{id}/handle-project', actions: ['approve'], body: () => ({ action: 'approve' }) },
  {
    name: 'handle-project request_revision',
    key: 'POST /api/chats/{id}/handle-project',
    actions: ['requestRevision'],
    body: () => ({ action: 'request_revision' }),
  },
  {
    name: 'confirm-session',
    key: 'PUT /api/chats/{id}/confirm-session',
    actions: ['completeSession'],
    // A call, once it has started; before, its student is told so.
    before: (order, side) =>
      side === 'student' && isCall(order) && order.status === 'in_progress' && !started(order) ? refused(409, 'session_not_started') : undefined,
    when: (_action, order) => isCall(order) && started(order),
  },
  {
    name: 'reschedule',
    key: 'PUT /api/chats/{id}/reschedule',
    actions: ['reschedule'],
    body: (order) => ({ scheduledDate: ownTime(order, 2) }),
    before: rescheduleNotice,
    when: callsOnly,
  },
  {
    name: 'accept-reschedule',
    key: 'PUT /api/chats/{id}/accept-reschedule',
    actions: ['reschedule'],
    before: (order, side) => {
      if (!order.proposedBy) return refused(409, 'order_not_movable');
      if (order.proposedBy === side) return refused(403, 'not_your_turn');
      return rescheduleNotice(order);
    },
    when: callsOnly,
  },
  {
    // Declined by the other side, or withdrawn by its proposer.
    name: 'decline-reschedule',
    key: 'PUT /api/chats/{id}/decline-reschedule',
    actions: ['reschedule'],
    before: (order) => (order.proposedBy ? undefined : refused(409, 'order_not_movable')),
    when: callsOnly,
  },
  { name: 'report-problem', key: 'POST /api/chats/{id}/report-problem', actions: ['reportProblem'], body: () => ({ reason: 'Not what we agreed.' }) },
  {
    name: 'submit-project',
    key: 'POST /api/chats/{id}/submit-project',
    actions: ['submit'],
    before: notDelivered,
    when: deliveryOrInFlight,
    send: (client, order) => submitMultipart(client, order.chatId, pdfDocument()),
  },
  {
    // Refused before the upload is looked at; allowed, it is the form, the upload and the confirmation.
    name: 'confirm-project-upload',
    key: 'PUT /api/chats/{id}/confirm-project-upload',
    actions: ['submit'],
    body: (order) => ({ key: `incoming/projects/${order.chatId}/${UPLOAD_ID}` }),
    before: notDelivered,
    when: deliveryOrInFlight,
    move: (client, order) => deliverThroughForm(client, order.chatId),
  },
  { name: 'resolve release', key: 'POST /api/admin/problems/{id}/resolve', actions: ['resolveRelease'], body: () => ({ decision: 'release' }) },
  // Only the side reported absent in a no-show report may contest it (docs/rooms.md); no recipe here holds one
  // (tests/integration/room-no-shows.test.ts takes the allowed contest), so every call is refused as the table says.
  { name: 'contest no-show', key: 'POST /api/chats/{id}/contest-no-show', actions: ['contestNoShow'], when: () => false },
  {
    name: 'resolve refund',
    key: 'POST /api/admin/problems/{id}/resolve',
    actions: ['resolveRefund'],
    body: () => ({ decision: 'refund', refundPercent: 30 }),
  },
];

/**
 * Moves of the table no route of this file takes: the admin's ban cancels, and a payment recorded
 * for an order whose member has left cancels it (tests/integration/admin-ban.test.ts takes both);
 * an unpaid hold expires, and a call sent back for revision in flight is refunded, by the deadlines
 * (tests/integration/bookings.test.ts, tests/integration/order-lifecycle.test.ts); a no-show is reported from the
 * call's room, and decided by the deadlines when nobody contests it (tests/integration/room-no-shows.test.ts),
 * and a ban sends a session both sides attended to an admin (tests/integration/admin-ban.test.ts).
 */
export const NOT_A_ROUTE_OF_ITS_OWN: readonly OrderAction[] = [
  'cancelBanned',
  'cancelUnavailable',
  'expireHold',
  'refundRevision',
  'reportNoShow',
  'noShowRefund',
  'noShowRelease',
  'reportBanned',
];

const hourly = (name: string, status: OrderStatus, steps: Recipe['steps'], more: Partial<Recipe> = {}): Recipe => ({
  name: `hourly ${name}`,
  kind: 'hourly',
  status,
  steps,
  ...more,
});
const fixed = (name: string, status: OrderStatus, steps: Recipe['steps']): Recipe => ({ name: `fixed ${name}`, kind: 'fixed', status, steps });
const fixedCall = (name: string, status: OrderStatus, steps: Recipe['steps'], more: Partial<Recipe> = {}): Recipe => ({
  name: `call ${name}`,
  kind: 'call',
  status,
  steps,
  ...more,
});
const work = (name: string, status: OrderStatus, steps: Recipe['steps']): Recipe => ({ name: `work ${name}`, kind: 'work', status, steps });
const BOOKED = ['schedule', 'confirmSchedule', 'pay'] as const;

export interface MatrixRecipe extends Recipe {
  /** Only these routes' allowed moves get orders of their own (a variant of a status another recipe covers fully). */
  movesOf?: readonly string[];
}

export const RECIPES: readonly MatrixRecipe[] = [
  hourly('open', 'open', []),
  hourly('scheduled', 'scheduled', ['schedule']),
  hourly('countered', 'countered', ['schedule', 'counter']),
  hourly('confirmed', 'confirmed', ['schedule', 'confirmSchedule']),
  hourly('in_progress', 'in_progress', [...BOOKED]),
  {
    ...hourly('in_progress, a new time proposed by the student', 'in_progress', [...BOOKED, 'studentProposesTime']),
    movesOf: ['accept-reschedule', 'decline-reschedule', 'report-problem'],
  },
  { ...hourly('in_progress, less than 12 hours ahead', 'in_progress', [...BOOKED], { sessionInHours: 2 }), movesOf: ['cancel'] },
  // Within 12 hours each order has an hour of its own (tests/support/order-states.ts): 6 hours pass the start of the few before it.
  { ...hourly('in_progress, the session started', 'in_progress', [...BOOKED], { sessionInHours: 2, advance: '6h' }), movesOf: ['confirm-session', 'cancel'] },
  // Delivered before calls stopped being delivered (decision 250): they keep their delivery until they close.
  hourly('submitted in flight', 'submitted', [...BOOKED, 'deliveredInFlight']),
  hourly('revision_requested in flight', 'revision_requested', [...BOOKED, 'deliveredInFlight', 'requestRevision']),
  hourly('refund_pending', 'refund_pending', [...BOOKED, 'studentCancels'], { sessionInHours: 2 }),
  hourly('problem_reported', 'problem_reported', [...BOOKED, 'studentReports']),
  hourly('closed', 'closed', [...BOOKED, 'deliveredInFlight', 'approve']),
  hourly('canceled before payment', 'canceled', ['schedule', 'studentCancels']),
  fixed('open', 'open', []),
  fixed('in_progress', 'in_progress', ['pay']),
  fixed('submitted', 'submitted', ['pay', 'submit']),
  fixed('revision_requested', 'revision_requested', ['pay', 'submit', 'requestRevision']),
  fixed('refund_pending', 'refund_pending', ['pay', 'submit', 'requestRevision', 'studentCancels']),
  fixed('problem_reported', 'problem_reported', ['pay', 'expertReports']),
  fixed('closed', 'closed', ['pay', 'submit', 'approve']),
  fixed('canceled and refunded', 'canceled', ['pay', 'expertCancels']),
  // Fixed-price calls and hours of work: every call refused as for any order; of the allowed moves,
  // those whose outcome the kind decides (the others are the hourly and fixed recipes' own entries).
  { ...fixedCall('open', 'open', []), movesOf: ['schedule'] },
  { ...fixedCall('scheduled', 'scheduled', ['schedule']), movesOf: ['confirm-schedule'] },
  { ...fixedCall('confirmed', 'confirmed', ['schedule', 'confirmSchedule']), movesOf: ['create-session'] },
  { ...fixedCall('in_progress', 'in_progress', [...BOOKED]), movesOf: ['reschedule'] },
  { ...fixedCall('in_progress, the session started', 'in_progress', [...BOOKED], { sessionInHours: 2, advance: '6h' }), movesOf: ['confirm-session'] },
  { ...work('open', 'open', []), movesOf: ['create-session'] },
  { ...work('in_progress', 'in_progress', ['pay']), movesOf: ['submit-project', 'cancel'] },
  { ...work('submitted', 'submitted', ['pay', 'submit']), movesOf: ['handle-project approve'] },
];

// The expectation ----------------------------------------------------------------------------------

const accessOf = (key: RouteKey): Access => {
  const route = ROUTES.find((candidate) => routeKey(candidate) === key);
  if (!route) throw new Error(`${key} is not in the route table`);
  return route.access;
};

/** Who a route's access level lets through, as the route table documents it. */
const PASSES: Partial<Record<Access, readonly Caller[]>> = {
  member: ['student', 'expert', 'otherStudent', 'otherExpert'],
  professor: ['expert', 'otherExpert'],
  admin: ['admin'],
};

const passes = (route: RouteCase, caller: Caller) => PASSES[accessOf(route.key)]?.includes(caller) ?? false;

/** The outcome for a caller the route's access level lets through. */
function expectedOf(route: RouteCase, order: Facts, caller: Caller): Outcome {
  if (caller === 'admin') return byTheTable(route, order, 'admin');
  if (caller === 'otherStudent' || caller === 'otherExpert') return refused(403, 'not_your_chat');
  return route.before?.(order, caller) ?? byTheTable(route, order, caller);
}

/** The table's answer: the first action the actor may take from this status; else not theirs (403) or not now (409). */
function byTheTable(route: RouteCase, order: Facts, caller: Side | 'admin'): Outcome {
  const actor = caller === 'admin' ? 'admin' : (route.actorOf?.(caller) ?? caller);
  for (const action of route.actions) {
    const { from, by, to, kinds } = ORDER_TRANSITIONS[action];
    if (!by.includes(actor) || !from.includes(order.status) || !kinds.includes(order.kind)) continue;
    if (caller !== 'admin' && !(route.when?.(action, order, caller) ?? true)) continue;
    if (typeof to === 'string') return { moves: to };
    if (!route.agreed) throw new Error(`The table computes where ${action} leads: state it in the route case ${route.name}`);
    return { moves: route.agreed };
  }
  return route.actions.some((action) => ORDER_TRANSITIONS[action].by.includes(actor)) ? refused(409, 'order_not_movable') : refused(403, 'not_your_turn');
}

// Acting -----------------------------------------------------------------------------------------------

let scene: OrderScene;

const clientOf = (caller: Caller, order: Facts): ApiClient =>
  ({ student: order.student, expert: scene.expert, otherStudent: scene.otherStudent, otherExpert: scene.otherExpert, admin: scene.admin })[caller];

function call(route: RouteCase, order: Facts, caller: Caller): Promise<{ status: number; body: unknown }> {
  const client = clientOf(caller, order);
  if (route.send) return route.send(client, order);
  const [method, path] = route.key.split(' ') as [string, string];
  return client.request(method, path.replace(/^\/api/, '').replace('{id}', order.chatId), route.body?.(order) ?? {});
}

const codeOf = (answer: { body: unknown }) => (answer.body as { code?: string }).code;
const factsOf = async (order: ReachedOrder): Promise<Facts> => ({ ...order, now: await serverNow() });

interface Plan {
  refusals: { route: RouteCase; caller: Caller; outcome: Outcome }[];
  moves: { route: RouteCase; caller: Caller; to: OrderStatus }[];
}

function planFor(order: Facts, movesOf?: readonly string[]): Plan {
  const plan: Plan = { refusals: [], moves: [] };
  for (const route of ROUTE_CASES)
    for (const caller of CALLERS) {
      // Below the route's access level: the authorization matrix's (see above).
      if (!passes(route, caller)) continue;
      const outcome = expectedOf(route, order, caller);
      if (!('moves' in outcome)) plan.refusals.push({ route, caller, outcome });
      else if (!movesOf || movesOf.includes(route.name)) plan.moves.push({ route, caller, to: outcome.moves });
    }
  return plan;
}

/** Each refused call, with what came back when it was not the expected answer. */
async function refusalsOf(order: Facts, plan: Plan): Promise<string[]> {
  const wrong = await inTurns(plan.refusals, 6, async ({ route, caller, outcome }) => {
    const answer = await call(route, order, caller);
    const expected = 'refused' in outcome ? `${outcome.refused} ${outcome.code}` : '200';
    const got = 'refused' in outcome ? `${answer.status} ${codeOf(answer)}` : String(answer.status);
    return got === expected ? undefined : `${route.name} by ${caller}: expected ${expected}, got ${got} ${JSON.stringify(answer.body).slice(0, 120)}`;
  });
  return wrong.filter((line): line is string => line !== undefined);
}

/** The allowed move on its order: it answers 200, and the order is read back in the table's status, one write further at least. */
async function moved(order: Facts, { route, caller, to }: Plan['moves'][number]): Promise<string | undefined> {
  const expected = expectedOf(route, order, caller);
  if (!('moves' in expected) || expected.moves !== to) return `${route.name} by ${caller}: this order expects ${JSON.stringify(expected)}`;
  const version = Number((await storedOrder(order.chatId))?.version);
  const client = clientOf(caller, order);
  const answer = await (route.move ?? ((_client: ApiClient, facts: Facts) => call(route, facts, caller)))(client, order);
  if (answer.status !== 200) return `${route.name} by ${caller}: expected 200 and ${to}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`;
  const status = (await chatOf(order.student, order.chatId)).orderStatus;
  const after = Number((await storedOrder(order.chatId))?.version);
  if (status !== to || !(after > version)) return `${route.name} by ${caller}: expected ${to}, read back ${status} (version ${version} → ${after})`;
  return undefined;
}

/** Registers the matrix's test of each of `recipes`, on a scene of accounts of the file's own. */
export function matrixOf(recipes: readonly MatrixRecipe[]): void {
  beforeAll(async () => {
    scene = await orderScene([...new Set(recipes.map((recipe) => recipe.kind))]);
  }, 120_000);

  describe.each(recipes)('an order $name', (recipe) => {
    it('moves as the table says for every allowed call, and refuses every other one with its code, changing nothing', async () => {
      const first = await scene.reach(recipe);
      // The allowed moves, as they will be when the order is acted on (after the recipe's move of the clock).
      const aheadMs = recipe.advance ? Number.parseInt(recipe.advance, 10) * HOUR : 0;
      const foreseen = planFor({ ...first, now: (await serverNow()) + aheadMs }, recipe.movesOf);
      const others = await inTurns(foreseen.moves.slice(1), 3, () => scene.reach(recipe));
      if (recipe.advance) await advanceClock(recipe.advance);

      const facts = await factsOf(first);
      const plan = planFor(facts, recipe.movesOf);
      expect(plan.moves.map(({ route, caller }) => `${route.name} by ${caller}`)).toEqual(
        foreseen.moves.map(({ route, caller }) => `${route.name} by ${caller}`),
      );

      const stored = await storedOrder(first.chatId);
      expect(await refusalsOf(facts, plan)).toEqual([]);
      expect(await storedOrder(first.chatId), 'a refused call changes nothing').toEqual(stored);
      expect((await chatOf(first.student, first.chatId)).orderStatus).toBe(recipe.status);

      const orders = [facts, ...(await Promise.all(others.map(factsOf)))];
      const wrongMoves = await inTurns(plan.moves, 3, (move, index) => moved(orders[index], move));
      expect(wrongMoves.filter((line) => line !== undefined)).toEqual([]);
    });
  });
}
