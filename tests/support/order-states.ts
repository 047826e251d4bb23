/**
 * Orders brought into a chosen status through the real API and the local Stripe, for the
 * transition matrix: one expert with offers of each kind, students registered as they are needed,
 * and each order the conversation of a student and an offer that student has not asked about yet
 * (one conversation, one order). Each recipe states what the product's rules look at besides the
 * status (the session's time, a payment, a cancellation, a proposed new time), known from the steps
 * taken rather than read back.
 */
import { expect } from 'vitest';
import { orderKey } from '../../functions/platform/keys';
import { ORDER_RULES } from '../../shared/limits';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { OrderStatus } from '../../shared/order-transitions';
import { signedInAs, signedInPublishingExpert, signedInStudent } from './accounts';
import { type ApiClient, type ApiResponse, stackUrl } from './api';
import { chatOf, openOrder, put, serverNow } from './orders';
import { delivered, pressOnPage, sessionIdOf } from './payments';
import { pdfDocument, submitMultipart } from './project-files';
import { getItem, setAttributes } from './table';

const HOUR = 3_600_000;

/** A Document project, an hourly call, a fixed-price call (30 minutes: it fits the 1-hour stretches), and hours of work on a Document (ORDER_KINDS). */
export type MatrixKind = 'fixed' | 'hourly' | 'call' | 'work';
export type Side = 'student' | 'expert';

/** A step of the journey to a status, each one call (or the checkout) that must land. */
export type Step =
  | 'schedule'
  | 'counter'
  | 'confirmSchedule'
  | 'pay'
  | 'submit'
  /** A call delivered before calls stopped being delivered (decision 250): written to the table, as such an order is stored. */
  | 'deliveredInFlight'
  | 'requestRevision'
  | 'approve'
  | 'studentCancels'
  | 'expertCancels'
  | 'studentReports'
  | 'expertReports'
  | 'studentProposesTime';

/** A status to reach and how: the steps, the session's start (hourly), and a move of the clock once every order is there. */
export interface Recipe {
  name: string;
  kind: MatrixKind;
  status: OrderStatus;
  steps: Step[];
  /** Hours from now to the session's start, on the hour (hourly orders; 72 unless given). */
  sessionInHours?: number;
  /** Moves the app's and the local Stripe's clocks once all of the recipe's orders are reached (e.g. "3h"). */
  advance?: string;
}

/** An order as reached: its conversation, its student, and what its recipe made of it. */
export interface ReachedOrder {
  chatId: string;
  kind: MatrixKind;
  status: OrderStatus;
  student: ApiClient;
  /**
   * The start of the stretch of time kept for this order alone (ms on the app's clock): its session,
   * a counter of 2 hours and a new time 2 hours later all fit in it, so that no two orders of the
   * scene's one expert (or of one student) ever claim the same time (docs/bookings.md).
   */
  home: number;
  /** The session's start, ms on the app's clock. */
  sessionStart?: number;
  paid: boolean;
  /** A cancellation is recorded (a paid order cancelled, or waiting for the refund's decision). */
  cancellationRecorded: boolean;
  /** A new time proposed and not yet answered, by this side. */
  proposedBy?: Side;
}

export interface OrderScene {
  expert: ApiClient;
  admin: ApiClient;
  /** Not part of any order of the scene. */
  otherStudent: ApiClient;
  otherExpert: ApiClient;
  reach(recipe: Recipe): Promise<ReachedOrder>;
}

const OFFERS_PER_KIND = 7;

/** The expert, their offers of `kinds` (those the file's recipes take), the other accounts, and a source of (student, offer) pairs never used. */
export async function orderScene(kinds: readonly MatrixKind[]): Promise<OrderScene> {
  const { client: expert } = await signedInPublishingExpert('Maxime', 'Matrix');
  const admin = await signedInAs('admin');
  const slots = Array.from({ length: OFFERS_PER_KIND }, (_, index) => index);
  const offers = Object.fromEntries(
    await inTurns(kinds, 1, async (kind) => [kind, await inTurns(slots, 3, (index) => publishedOffer(expert, admin, kind, index))] as const),
  ) as Partial<Record<MatrixKind, OfferDto[]>>;
  const [otherStudent, otherExpert] = await Promise.all([signedInAs('student'), signedInAs('professor')]);

  // The n-th order of a kind: student n / OFFERS_PER_KIND, offer n % OFFERS_PER_KIND. Taken synchronously, so concurrent reaches never share a pair.
  const students: Promise<ApiClient>[] = [];
  const taken: Record<MatrixKind, number> = { fixed: 0, hourly: 0, call: 0, work: 0 };
  // Stretches of time handed out in turn: 4 hours each from 72 hours ahead, or 1 hour each from the
  // recipe's start when it needs the session within 12 hours (those orders are paid: nothing moves them).
  const cells = { long: 0, short: 0 };
  const homeFor = async (recipe: Recipe) => {
    const hours = recipe.sessionInHours ?? 72;
    const short = hours < ORDER_RULES.freeCancellationHours;
    const index = short ? cells.short++ : cells.long++;
    return Date.parse(await startAhead(hours)) + index * (short ? 1 : 4) * HOUR;
  };
  const nextPair = (kind: MatrixKind) => {
    const index = taken[kind]++;
    const studentIndex = Math.floor(index / OFFERS_PER_KIND);
    students[studentIndex] ??= signedInStudent().then(({ client }) => client);
    const ofKind = offers[kind];
    if (!ofKind) throw new Error(`The scene has no ${kind} offers: pass the kind to orderScene`);
    return { student: students[studentIndex], offer: ofKind[index % OFFERS_PER_KIND] };
  };

  return {
    expert,
    admin,
    otherStudent,
    otherExpert,
    reach: async (recipe) => {
      const pair = nextPair(recipe.kind);
      const home = await homeFor(recipe);
      const { chat } = await openOrder(pair.offer, await pair.student);
      return follow(recipe, { expert, student: await pair.student, chatId: chat._id, home });
    },
  };
}

const OFFER_OF_KIND: Record<MatrixKind, { title: string; price: number; lessonType: string; pricingType: 'fixed' | 'hourly'; durationMinutes?: number }> = {
  fixed: { title: 'Thesis review', price: 60, lessonType: 'Document', pricingType: 'fixed' },
  hourly: { title: 'Coaching hour', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
  call: { title: 'Mock interview', price: 70, lessonType: 'Phone Call', pricingType: 'fixed', durationMinutes: 30 },
  work: { title: 'Editing hours', price: 40, lessonType: 'Document', pricingType: 'hourly' },
};

async function publishedOffer(expert: ApiClient, admin: ApiClient, kind: MatrixKind, index: number): Promise<OfferDto> {
  const { title, ...offer } = OFFER_OF_KIND[kind];
  const created = await expert.post<{ offer: OfferDto }>('/offers/create', {
    title: `${title} number ${index + 1}`,
    description: 'Careful feedback on your work, with written notes after each step.',
    ...offer,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await admin.request('PATCH', `/admin/offers/${created.body.offer._id}/approve`, {})).status).toBe(200);
  return created.body.offer;
}

/** A session start on the hour, `hours` ahead of the app's clock, as the browser sends it. */
export const startAhead = async (hours: number) => new Date(Math.ceil(((await serverNow()) + hours * HOUR) / HOUR) * HOUR).toISOString();

/** Takes the recipe's steps on a new order; each must land. */
async function follow(recipe: Recipe, parties: { expert: ApiClient; student: ApiClient; chatId: string; home: number }): Promise<ReachedOrder> {
  const { expert, student, chatId, home } = parties;
  const order: ReachedOrder = { chatId, kind: recipe.kind, status: 'open', student, home, paid: false, cancellationRecorded: false };
  const landed = (what: Step, answer: { status: number; body: unknown }) =>
    expect(answer.status, `${recipe.name}: ${what}: ${JSON.stringify(answer.body)}`).toBe(200);
  for (const step of recipe.steps) {
    switch (step) {
      case 'schedule': {
        const scheduledDate = new Date(home).toISOString();
        landed(step, await put(student, `/chats/${chatId}/schedule`, { scheduledDate, ...(recipe.kind === 'hourly' && { scheduledHours: 1 }) }));
        order.sessionStart = Date.parse(scheduledDate);
        break;
      }
      case 'counter':
        landed(
          step,
          await put(expert, `/chats/${chatId}/counter-schedule`, {
            scheduledDate: new Date(order.sessionStart ?? 0).toISOString(),
            ...(recipe.kind === 'hourly' && { scheduledHours: 2 }),
          }),
        );
        break;
      case 'confirmSchedule':
        landed(step, await put(expert, `/chats/${chatId}/confirm-schedule`));
        break;
      case 'pay':
        await payCheckout(student, chatId, recipe.kind === 'work' ? { hours: 2 } : {});
        order.paid = true;
        break;
      case 'deliveredInFlight': {
        const stored = await storedOrder(chatId);
        await setAttributes(orderKey(chatId), {
          status: 'submitted',
          submittedAt: new Date(await serverNow()).toISOString(),
          version: Number(stored?.version) + 1,
        });
        break;
      }
      case 'submit':
        landed(step, await submitMultipart(expert, chatId, pdfDocument()));
        break;
      case 'requestRevision':
      case 'approve':
        landed(step, await student.post(`/chats/${chatId}/handle-project`, { action: step === 'approve' ? 'approve' : 'request_revision' }));
        break;
      case 'studentCancels':
      case 'expertCancels':
        landed(step, await put(step === 'studentCancels' ? student : expert, `/chats/${chatId}/cancel`));
        order.cancellationRecorded = order.paid;
        break;
      case 'studentReports':
      case 'expertReports':
        landed(step, await (step === 'studentReports' ? student : expert).post(`/chats/${chatId}/report-problem`, { reason: 'Not what we agreed.' }));
        break;
      case 'studentProposesTime':
        landed(step, await put(student, `/chats/${chatId}/reschedule`, { scheduledDate: new Date(home + 2 * HOUR).toISOString() }));
        order.proposedBy = 'student';
        break;
    }
  }
  order.status = (await chatOf(student, chatId)).orderStatus;
  expect(order.status, `${recipe.name}: reached`).toBe(recipe.status);
  return order;
}

/** Pays the order's checkout (for `hours` of work, when given) on the local Stripe's page and waits until the webhook landed. */
export async function payCheckout(student: ApiClient, chatId: string, more: { hours?: number } = {}): Promise<ApiResponse<{ url: string }>> {
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId, ...more });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await pressOnPage(created.body.url, 'pay')).status).toBe(303);
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
  return created;
}

/** The order as stored: a refused call must leave it exactly so. */
export const storedOrder = (chatId: string) => getItem(orderKey(chatId));

/** The expert's file through the presigned form (posted as a browser would) and the confirmation. */
export async function deliverThroughForm(expert: ApiClient, chatId: string): Promise<ApiResponse<{ msg?: string; code?: string }>> {
  const bytes = pdfDocument();
  const form = await expert.post<{ url: string; fields: Record<string, string>; key: string }>(`/chats/${chatId}/project-upload`, {
    fileName: 'report.pdf',
    contentType: 'application/pdf',
    size: bytes.length,
  });
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  const body = new FormData();
  for (const [name, value] of Object.entries(form.body.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'file');
  expect((await fetch(form.body.url, { method: 'POST', body, headers: { origin: stackUrl() } })).status).toBe(204);
  return expert.request('PUT', `/chats/${chatId}/confirm-project-upload`, { key: form.body.key });
}

/** Runs `task` over the items, at most `width` at a time, in their order. */
export async function inTurns<T, R>(items: readonly T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
