import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../shared/schemas/orders';
import { isFinished, nextStatus, ORDER_TRANSITIONS, type OrderAction, type OrderActor, type OrderRecord, toOrderState } from './order';

const order = (fields: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: 'c1',
  orderNumber: 7,
  offerId: 'o1',
  studentId: 's1',
  expertId: 'e1',
  pricingType: 'hourly',
  status: 'open',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

describe('the order status table', () => {
  it('walks an hourly order from proposal to approval, each step by its actor', () => {
    const steps: [OrderAction, OrderActor][] = [
      ['schedule', 'student'],
      ['confirmSchedule', 'expert'],
      ['pay', 'payment'],
      ['submit', 'expert'],
      ['requestRevision', 'student'],
      ['submit', 'expert'],
      ['approve', 'student'],
    ];
    let current = order({ scheduledDate: '2026-12-01T09:00:00.000Z', scheduledHours: 2 });
    const seen = [current.status];
    for (const [action, actor] of steps) {
      const to = nextStatus(current, action, actor);
      expect(to, `${action} by ${actor} from ${current.status}`).toBeDefined();
      current = { ...current, status: to! };
      seen.push(current.status);
    }
    expect(seen).toEqual(['open', 'scheduled', 'confirmed', 'in_progress', 'submitted', 'revision_requested', 'submitted', 'closed']);
  });

  it('lets a fixed-price order be paid at once, and an hourly one only once its schedule is confirmed', () => {
    expect(nextStatus(order({ pricingType: 'fixed' }), 'pay', 'payment')).toBe('in_progress');
    expect(nextStatus(order({ pricingType: 'hourly' }), 'pay', 'payment')).toBeUndefined();
    expect(nextStatus(order({ pricingType: 'hourly', status: 'scheduled' }), 'pay', 'payment')).toBeUndefined();
    expect(nextStatus(order({ pricingType: 'fixed' }), 'schedule', 'student')).toBeUndefined();
  });

  it('refuses a move by the wrong actor, and any move out of a finished order', () => {
    expect(nextStatus(order({ status: 'submitted' }), 'approve', 'expert')).toBeUndefined();
    expect(nextStatus(order({ status: 'scheduled' }), 'confirmSchedule', 'student')).toBeUndefined();
    expect(nextStatus(order({ status: 'in_progress' }), 'pay', 'student')).toBeUndefined();
    for (const status of ['closed', 'canceled'] as const) {
      for (const action of Object.keys(ORDER_TRANSITIONS) as OrderAction[]) {
        for (const actor of ['student', 'expert', 'payment'] as const)
          expect(nextStatus(order({ status, pricingType: 'fixed' }), action, actor)).toBeUndefined();
      }
      expect(isFinished(status)).toBe(true);
    }
  });

  it('names only statuses of the contract, and every status but the finished ones has a way on', () => {
    for (const transition of Object.values(ORDER_TRANSITIONS))
      for (const status of [...transition.from, transition.to]) expect(ORDER_STATUSES).toContain(status);
    const leaving = new Set(Object.values(ORDER_TRANSITIONS).flatMap((transition) => transition.from));
    expect(ORDER_STATUSES.filter((status) => !leaving.has(status))).toEqual(['closed', 'canceled']);
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
