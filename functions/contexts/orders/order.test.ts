import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { ORDER_STATUSES } from '../../../shared/order-transitions';
import { deadlineOf, isFinished, nextReminder, noticeOf, remindersPassed, stepOf, type OrderRecord, toOrderState, totalCents } from './order';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const HOUR = 3_600_000;

const order = (fields: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: 'c1',
  orderNumber: 7,
  offerId: 'o1',
  offerTitle: 'CV review',
  studentId: 's1',
  expertId: 'e1',
  kind: 'hourly',
  priceCents: cents(4000),
  status: 'open',
  bookingRevision: 0,
  version: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

const paid = (fields: Partial<OrderRecord> = {}) =>
  order({
    status: 'in_progress',
    payment: { amountCents: cents(8000), sessionId: 'cs_1', paymentIntentId: 'pi_1', paidAt: '2026-11-19T10:00:00.000Z' },
    ...fields,
  });

describe('the order', () => {
  it('is finished once closed or cancelled, and only then', () => {
    expect(ORDER_STATUSES.filter(isFinished)).toEqual(['closed', 'canceled']);
  });

  it('totals a booking on the server: the fixed price, the rate times the hours, nothing for an introduction', () => {
    expect(totalCents(order({ kind: 'fixed' }))).toBe(4000);
    expect(totalCents(order({ scheduledHours: 3 }))).toBe(12000);
    expect(totalCents(order({ kind: 'intro' }))).toBe(0);
  });
});

describe('deadlines', () => {
  it('names the next automatic move of each waiting order, and when it is due', () => {
    const start = '2026-12-01T09:00:00.000Z';
    expect(deadlineOf(paid({ scheduledDate: start, scheduledHours: 2, remindedHours: 1 }))).toEqual({
      action: 'completeSession',
      at: Date.parse(start) + 50 * HOUR,
    });
    expect(deadlineOf(paid({ kind: 'intro', scheduledDate: start, remindedHours: 1 }))?.at).toBe(Date.parse(start) + 30 * 60_000 + 48 * HOUR);
    expect(deadlineOf(paid({ kind: 'fixed' }))).toEqual({ action: 'cancelRefunded', at: Date.parse('2026-11-19T10:00:00.000Z') + 14 * 24 * HOUR });
    expect(deadlineOf(paid({ kind: 'fixed', status: 'submitted', submittedAt: '2026-11-20T10:00:00.000Z' }))).toEqual({
      action: 'approve',
      at: Date.parse('2026-11-27T10:00:00.000Z'),
    });
    expect(deadlineOf(paid({ status: 'refund_pending', cancellation: { by: 'student', at: '2026-11-20T10:00:00.000Z' } }))).toEqual({
      action: 'decideRefund',
      at: Date.parse('2026-11-22T10:00:00.000Z'),
    });
    for (const status of ['open', 'scheduled', 'confirmed', 'problem_reported', 'closed', 'canceled'] as const)
      expect(deadlineOf(order({ status }))).toBeUndefined();
  });
});

describe('reminders', () => {
  const start = '2026-12-01T09:00:00.000Z';

  it('reminds of a booked session 24 hours, then 1 hour, before it starts, then waits for its end', () => {
    const booked = paid({ scheduledDate: start, scheduledHours: 2 });
    expect(deadlineOf(booked)).toEqual({ action: 'remind', at: Date.parse(start) - 24 * HOUR });
    expect(deadlineOf({ ...booked, remindedHours: 24 })).toEqual({ action: 'remind', at: Date.parse(start) - HOUR });
    expect(deadlineOf({ ...booked, remindedHours: 1 })?.action).toBe('completeSession');
    expect(deadlineOf(paid({ kind: 'fixed' }))?.action).toBe('cancelRefunded');
  });

  it('counts the reminders whose moment had passed at booking as sent', () => {
    const at = (hoursAhead: number) => paid({ scheduledDate: new Date(NOW + hoursAhead * HOUR).toISOString(), scheduledHours: 1 });
    expect(remindersPassed(at(30), NOW)).toBeUndefined();
    expect(remindersPassed(at(10), NOW)).toBe(24);
    expect(remindersPassed(at(0.5), NOW)).toBe(1);
    expect(nextReminder({ ...at(10), remindedHours: 24 })).toEqual({ hours: 1, at: NOW + 9 * HOUR });
  });
});

describe('notices', () => {
  it('names the mail-worthy business event of each move, and none for the others', () => {
    const before = order({ status: 'confirmed', scheduledDate: '2026-12-01T09:00:00.000Z' });
    expect(noticeOf('pay', before, paid())).toBe('orderBooked');
    expect(noticeOf('confirmSchedule', before, { ...before, status: 'in_progress', kind: 'intro' })).toBe('orderBooked');
    expect(noticeOf('confirmSchedule', before, { ...before, status: 'confirmed' })).toBeUndefined();
    expect(noticeOf('reschedule', before, { ...before, scheduledDate: '2026-12-02T09:00:00.000Z' })).toBe('sessionRescheduled');
    expect(noticeOf('reschedule', before, before)).toBeUndefined();
    expect(noticeOf('submit', before, before)).toBe('projectSubmitted');
    expect(noticeOf('approve', before, before)).toBe('orderCompleted');
    expect(noticeOf('completeSession', before, before)).toBe('orderCompleted');
    expect(noticeOf('cancelLate', before, before)).toBe('orderCanceled');
    expect(noticeOf('resolveRefund', before, before)).toBe('problemResolved');
    expect(noticeOf('counter', before, before)).toBeUndefined();
  });
});

describe("the spec's booleans", () => {
  it('are derived from the one status, never contradicting each other', () => {
    for (const status of ORDER_STATUSES) {
      const state = toOrderState(order({ status, scheduledDate: '2026-12-01T09:00:00.000Z', submissionFile: 'projects/c1/report.pdf' }));
      expect([state.isServiceInProgress, state.isOrderClosed, state.isOrderCanceled].filter(Boolean).length, status).toBeLessThanOrEqual(1);
    }
    expect(toOrderState(order())).toEqual({
      isServiceInProgress: false,
      isOrderClosed: false,
      isOrderCanceled: false,
      isScheduleConfirmed: false,
      projectSubmission: { status: 'none' },
      orderKind: 'hourly',
      timeline: [],
      total: 0,
    });
    expect(toOrderState(order({ status: 'submitted', submissionFile: 'f.pdf' }))).toMatchObject({
      isServiceInProgress: true,
      projectSubmission: { status: 'submitted', file: 'f.pdf' },
    });
    expect(toOrderState(order({ status: 'closed', submissionFile: 'f.pdf' }))).toMatchObject({
      isOrderClosed: true,
      projectSubmission: { status: 'approved', file: 'f.pdf' },
    });
    expect(toOrderState(order({ status: 'confirmed', scheduledDate: '2026-12-01T09:00:00.000Z', scheduledHours: 2 }))).toMatchObject({
      isScheduleConfirmed: true,
      scheduledHours: 2,
    });
  });
});

describe('the steps of the conversation', () => {
  const at = '2026-11-20T12:00:00.000Z';
  const start = '2026-11-25T09:00:00.000Z';
  const moved = '2026-11-26T15:30:00.000Z';

  it('name the time that a proposal, a counter-proposal or a move set, and only theirs', () => {
    const proposed = stepOf('schedule', 'student', order(), { scheduledDate: start }, at);
    expect(proposed).toEqual([{ action: 'schedule', by: 'student', at, scheduledDate: start }]);
    const confirmed = stepOf(
      'confirmSchedule',
      'expert',
      order({ status: 'scheduled', scheduledDate: start, timeline: proposed }),
      { scheduledDate: start },
      at,
    );
    expect(confirmed?.at(-1)).toEqual({ action: 'confirmSchedule', by: 'expert', at });
    expect(stepOf('counter', 'expert', order({ status: 'scheduled', scheduledDate: start }), { scheduledDate: moved }, at)?.at(-1)).toEqual({
      action: 'counter',
      by: 'expert',
      at,
      scheduledDate: moved,
    });
    expect(stepOf('reschedule', 'student', paid({ scheduledDate: start }), { scheduledDate: moved }, at)?.at(-1)).toMatchObject({ scheduledDate: moved });
    // A reschedule's proposal leaves the time as it was: no step until the session moves.
    expect(stepOf('reschedule', 'student', paid({ scheduledDate: start }), { scheduledDate: start }, at)).toBeUndefined();
  });

  it('reach the conversation with that time, and without one where none was set', () => {
    const timeline = [
      { action: 'schedule' as const, by: 'student' as const, at, scheduledDate: start },
      { action: 'pay' as const, by: 'payment' as const, at },
    ];
    expect(toOrderState(order({ timeline })).timeline).toEqual([
      { action: 'schedule', by: 'user', at, scheduledDate: start },
      { action: 'pay', by: 'payment', at },
    ]);
  });
});
