/**
 * The bookings' invariants under random sequences of what people do (docs/bookings.md), through the
 * local gateway, the real handlers, DynamoDB Local and the local Stripe: proposals, counters,
 * confirmations, acceptances, payments, reschedules, cancellations and unpaid holds that expire,
 * by two experts and three students over four overlapping hours, two of them at once at times. After each sequence no two
 * binding bookings of one person overlap, every binding booking is in both calendars, and every
 * calendar entry belongs to a binding booking: none leaks. No call ever answers a 5xx.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatDto } from '../../shared/schemas/chats';
import type { OfferDto } from '../../shared/schemas/catalogue';
import { signedInStudent } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';
import { chatOf, openOrder, put, serverNow } from '../support/orders';
import { advanceClock, pressOnPage } from '../support/payments';
import { partitionItems } from '../support/table';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HELD = ['confirmed', 'in_progress', 'submitted', 'revision_requested', 'problem_reported', 'closed'];

interface Person {
  client: ApiClient;
  userId: string;
}
interface Expert extends Person {
  offer: OfferDto;
}

let experts: Expert[];
let students: Person[];
/** Every order the sequences made, by its conversation. */
const orders = new Map<string, { expert: number; student: number }>();
/** The conversation each student has open with each expert. */
const current = new Map<string, string>();

const userIdOf = (client: ApiClient) => JSON.parse(Buffer.from(String(client.accessToken).split('.')[1], 'base64url').toString()).sub as string;

type Booking = { expert: number; student: number; slot: number; hours: number };
type Step =
  | ({ kind: 'book' | 'bookByCounter' } & Booking)
  | { kind: 'race'; first: Booking; second: Booking }
  | { kind: 'move'; expert: number; student: number; slot: number; byExpert: boolean }
  | { kind: 'pay'; expert: number; student: number }
  | { kind: 'cancel'; expert: number; student: number; byExpert: boolean }
  | { kind: 'expire' };

const who = { expert: fc.integer({ min: 0, max: 1 }), student: fc.integer({ min: 0, max: 2 }) };
const booking = fc.record({ ...who, slot: fc.integer({ min: 0, max: 3 }), hours: fc.integer({ min: 1, max: 2 }) });
// Steps as people take them, each a short exchange, so that random sequences reach binding bookings and meet each other.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('book' as const, 'bookByCounter' as const),
      ...who,
      slot: fc.integer({ min: 0, max: 3 }),
      hours: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('race' as const), first: booking, second: booking }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), ...who, slot: fc.integer({ min: 0, max: 3 }), byExpert: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), ...who }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), ...who, byExpert: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
);

/** The open conversation of a student with an expert, a new one once the last has finished. */
async function conversation(expert: number, student: number): Promise<string> {
  const key = `${expert}/${student}`;
  const known = current.get(key);
  if (known) {
    const chat = await chatOf(students[student].client, known);
    if (chat.orderStatus !== 'closed' && chat.orderStatus !== 'canceled') return known;
  }
  const { chat } = await openOrder(experts[expert].offer, students[student].client);
  current.set(key, chat._id);
  orders.set(chat._id, { expert, student });
  return chat._id;
}

/** Each call's status, in turn: none may be a 5xx. */
async function statuses(...calls: (() => Promise<{ status: number }>)[]): Promise<number[]> {
  const seen: number[] = [];
  for (const call of calls) seen.push((await call()).status);
  return seen;
}

async function book({ expert, student, slot, hours }: Booking, base: number, byCounter = false): Promise<number[]> {
  const chatId = await conversation(expert, student);
  const scheduledDate = new Date(base + slot * HOUR).toISOString();
  const expertClient = experts[expert].client;
  const studentClient = students[student].client;
  if (!byCounter)
    return statuses(
      () => put(studentClient, `/chats/${chatId}/schedule`, { scheduledDate, scheduledHours: hours }),
      () => put(expertClient, `/chats/${chatId}/confirm-schedule`),
    );
  return statuses(
    () => put(studentClient, `/chats/${chatId}/schedule`, { scheduledDate: new Date(base + ((slot + 2) % 4) * HOUR).toISOString(), scheduledHours: 1 }),
    () => put(expertClient, `/chats/${chatId}/counter-schedule`, { scheduledDate, scheduledHours: hours }),
    () => put(studentClient, `/chats/${chatId}/accept-schedule`),
  );
}

async function take(action: Step, base: number): Promise<number[]> {
  switch (action.kind) {
    case 'expire':
      await advanceClock('25h');
      return [];
    case 'book':
    case 'bookByCounter':
      return book(action, base, action.kind === 'bookByCounter');
    case 'race':
      return (await Promise.all([book(action.first, base), book(action.second, base)])).flat();
    default:
      break;
  }
  const chatId = await conversation(action.expert, action.student);
  const expert = experts[action.expert].client;
  const student = students[action.student].client;
  switch (action.kind) {
    case 'move': {
      const [proposer, other] = action.byExpert ? [expert, student] : [student, expert];
      return statuses(
        () => put(proposer, `/chats/${chatId}/reschedule`, { scheduledDate: new Date(base + action.slot * HOUR).toISOString() }),
        () => put(other, `/chats/${chatId}/accept-reschedule`),
      );
    }
    case 'cancel':
      return statuses(() => put(action.byExpert ? expert : student, `/chats/${chatId}/cancel`));
    case 'pay': {
      const created = await student.post<{ url: string }>('/payments/create-session', { chatId });
      if (created.status !== 200) return [created.status];
      await pressOnPage(created.body.url, 'pay');
      return statuses(() => put(student, `/chats/${chatId}/mark-paid`));
    }
  }
}

/** The invariants, over every order and every calendar of the file's people. */
async function expectInvariants(): Promise<void> {
  const chats = await Promise.all(
    [...orders].map(async ([chatId, { expert, student }]) => ({ chat: await chatOf(students[student].client, chatId), expert, student })),
  );
  const binding = chats.filter(({ chat }) => HELD.includes(chat.orderStatus) && chat.scheduledDate !== undefined && chat.orderKind !== 'fixed');
  const span = (chat: ChatDto) => ({
    start: Date.parse(String(chat.scheduledDate)),
    end: Date.parse(String(chat.scheduledDate)) + (chat.scheduledHours ?? 0) * HOUR,
  });
  const people = [...experts.map((expert) => expert.userId), ...students.map((student) => student.userId)];
  for (const userId of people) {
    const mine = binding
      .filter(({ expert, student }) => experts[expert].userId === userId || students[student].userId === userId)
      .map(({ chat }) => ({ id: chat._id, ...span(chat) }));
    const sorted = [...mine].sort((a, b) => a.start - b.start);
    for (let index = 1; index < sorted.length; index++)
      expect(sorted[index].start, `${userId}: ${sorted[index - 1].id} and ${sorted[index].id} overlap`).toBeGreaterThanOrEqual(sorted[index - 1].end);
    const entries = (await partitionItems(`CALENDAR#${userId}`)).filter((item) => String(item.sk).startsWith('BOOKING#'));
    const fromOrders = mine.map(({ id, start }) => `${id}@${new Date(start).toISOString()}`).sort();
    expect(entries.map((entry) => `${entry.orderId}@${entry.start}`).sort(), `${userId}: calendar entries are the binding bookings, no more, no less`).toEqual(
      fromOrders,
    );
  }
}

beforeAll(async () => {
  experts = await Promise.all(
    [
      ['Ines', 'Invariant', 'Interview practice for engineers'],
      ['Ugo', 'Unbooked', 'Negotiation practice for graduates'],
    ].map(async ([first, last, title]) => {
      const { expert, expertId } = await expertWithOffer(first, last, title);
      return { client: expert, userId: expertId, offer: await hourlyOfferOf(expert, `${title} by the hour`, 30) };
    }),
  );
  students = await Promise.all(
    [0, 1, 2].map(async () => {
      const { client } = await signedInStudent();
      return { client, userId: userIdOf(client) };
    }),
  );
}, 120_000);

describe('bookings under random sequences', () => {
  it('never overlap for one person, are held in both calendars, and leave no entry behind', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 14 }), async (steps) => {
        // Four overlapping hours ten days ahead: far enough for reschedules, near enough for a few expiries.
        const base = Math.ceil(((await serverNow()) + 10 * DAY) / HOUR) * HOUR;
        for (const action of steps) for (const status of await take(action, base)) expect(status, JSON.stringify(action)).toBeLessThan(500);
        await expectInvariants();
      }),
      { numRuns: 6 },
    );
  }, 300_000);
});
