import { describe, expect, it } from 'vitest';
import {
  introBookable,
  nextStatus,
  openMoves,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderActor,
  type OrderFacts,
} from './order-transitions';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const HOUR = 3_600_000;

const order = (fields: Partial<OrderFacts> = {}): OrderFacts => ({ kind: 'hourly', status: 'open', ...fields });
const paid = (fields: Partial<OrderFacts> = {}) => order({ status: 'in_progress', ...fields });

describe('the order status table', () => {
  it('walks an hourly order from proposal, counter and acceptance to payment', () => {
    const steps: [OrderAction, OrderActor][] = [
      ['schedule', 'student'],
      ['counter', 'expert'],
      ['acceptCounter', 'student'],
      ['pay', 'payment'],
    ];
    let current = order({ scheduledDate: '2026-12-01T09:00:00.000Z', scheduledHours: 2 });
    const seen = [current.status];
    for (const [action, actor] of steps) {
      const to = nextStatus(current, action, actor, NOW);
      expect(to, `${action} by ${actor} from ${current.status}`).toBeDefined();
      current = { ...current, status: to! };
      seen.push(current.status);
    }
    expect(seen).toEqual(['open', 'scheduled', 'countered', 'confirmed', 'in_progress']);
  });

  it('walks a fixed-price order from payment through a revision to approval', () => {
    const steps: [OrderAction, OrderActor][] = [
      ['pay', 'payment'],
      ['submit', 'expert'],
      ['requestRevision', 'student'],
      ['submit', 'expert'],
      ['approve', 'student'],
    ];
    let current = order({ kind: 'fixed' });
    for (const [action, actor] of steps) current = { ...current, status: nextStatus(current, action, actor, NOW)! };
    expect(current.status).toBe('closed');
  });

  it('books a free introduction once the expert agrees, with nothing to pay', () => {
    const intro = order({ kind: 'intro', status: 'scheduled', scheduledDate: '2026-12-01T09:00:00.000Z' });
    expect(nextStatus(intro, 'confirmSchedule', 'expert', NOW)).toBe('in_progress');
    expect(nextStatus({ ...intro, status: 'confirmed' }, 'pay', 'payment', NOW)).toBeUndefined();
    expect(nextStatus({ ...intro, status: 'in_progress' }, 'cancelRefunded', 'student', NOW)).toBe('canceled');
  });

  it('lets a fixed-price order be paid at once, and an hourly one only once its schedule is confirmed', () => {
    expect(nextStatus(order({ kind: 'fixed' }), 'pay', 'payment', NOW)).toBe('in_progress');
    expect(nextStatus(order(), 'pay', 'payment', NOW)).toBeUndefined();
    expect(nextStatus(order({ status: 'scheduled' }), 'pay', 'payment', NOW)).toBeUndefined();
    expect(nextStatus(order({ status: 'countered' }), 'pay', 'payment', NOW)).toBeUndefined();
    expect(nextStatus(order({ kind: 'fixed' }), 'schedule', 'student', NOW)).toBeUndefined();
  });

  it('cancels as the terms state: free before payment, refunded early, decided by the expert late', () => {
    expect(nextStatus(order({ status: 'confirmed' }), 'cancelUnpaid', 'expert', NOW)).toBe('canceled');
    const in13h = paid({ scheduledDate: new Date(NOW + 13 * HOUR).toISOString(), scheduledHours: 2 });
    const in11h = paid({ scheduledDate: new Date(NOW + 11 * HOUR).toISOString(), scheduledHours: 2 });
    expect(nextStatus(in13h, 'cancelRefunded', 'student', NOW)).toBe('canceled');
    expect(nextStatus(in13h, 'cancelLate', 'student', NOW)).toBeUndefined();
    expect(nextStatus(in11h, 'cancelRefunded', 'student', NOW)).toBeUndefined();
    expect(nextStatus(in11h, 'cancelLate', 'student', NOW)).toBe('refund_pending');
    // The expert who cancels refunds in full, always.
    expect(nextStatus(in11h, 'cancelRefunded', 'expert', NOW)).toBe('canceled');
    // A project: refunded in full before anything was delivered, decided by the expert after.
    expect(nextStatus(paid({ kind: 'fixed' }), 'cancelRefunded', 'student', NOW)).toBe('canceled');
    expect(nextStatus(paid({ kind: 'fixed', status: 'revision_requested' }), 'cancelLate', 'student', NOW)).toBe('refund_pending');
    expect(nextStatus(paid({ kind: 'fixed', status: 'submitted' }), 'cancelLate', 'student', NOW)).toBeUndefined();
    expect(nextStatus(paid({ status: 'refund_pending' }), 'decideRefund', 'expert', NOW)).toBe('canceled');
    expect(nextStatus(paid({ status: 'refund_pending' }), 'decideRefund', 'student', NOW)).toBeUndefined();
  });

  it('refuses a paid cancellation once the booked session has started: confirming it or reporting a problem is what is left', () => {
    const started = paid({ scheduledDate: new Date(NOW - HOUR).toISOString(), scheduledHours: 2 });
    for (const actor of ['student', 'expert'] as const) {
      expect(nextStatus(started, 'cancelRefunded', actor, NOW)).toBeUndefined();
      expect(nextStatus(started, 'cancelLate', actor, NOW)).toBeUndefined();
      expect(nextStatus(started, 'reportProblem', actor, NOW)).toBe('problem_reported');
    }
    expect(nextStatus(started, 'completeSession', 'student', NOW)).toBe('closed');
    expect(nextStatus({ ...started, scheduledDate: new Date(NOW + HOUR).toISOString() }, 'completeSession', 'student', NOW)).toBeUndefined();
  });

  it('opens to each side exactly the moves the table gives it now', () => {
    expect(openMoves(order({ status: 'scheduled', scheduledDate: new Date(NOW + 48 * HOUR).toISOString() }), 'expert', NOW)).toEqual([
      'counter',
      'confirmSchedule',
      'cancelUnpaid',
    ]);
    expect(openMoves(order({ kind: 'fixed' }), 'student', NOW)).toEqual(['cancelUnpaid']);
    for (const actor of ['student', 'expert', 'payment', 'system', 'admin'] as const) {
      for (const status of ORDER_STATUSES) {
        const facts = order({ status, kind: 'fixed' });
        expect(openMoves(facts, actor, NOW)).toEqual(ORDER_ACTIONS.filter((action) => nextStatus(facts, action, actor, NOW)));
      }
    }
  });

  it('offers the free introduction on an order not yet under way, and again on the introduction until it is agreed', () => {
    expect(introBookable(order({ kind: 'fixed' }), NOW)).toBe(true);
    expect(introBookable(order({ status: 'scheduled' }), NOW)).toBe(false);
    expect(introBookable(order({ kind: 'intro', status: 'scheduled' }), NOW)).toBe(true);
    expect(introBookable(order({ kind: 'intro', status: 'countered' }), NOW)).toBe(true);
    expect(introBookable(order({ kind: 'intro', status: 'in_progress' }), NOW)).toBe(false);
    expect(introBookable(paid({ kind: 'fixed' }), NOW)).toBe(false);
  });

  it('refuses a move by the wrong actor, and any move out of a finished order', () => {
    expect(nextStatus(order({ status: 'submitted' }), 'approve', 'expert', NOW)).toBeUndefined();
    expect(nextStatus(order({ status: 'scheduled' }), 'confirmSchedule', 'student', NOW)).toBeUndefined();
    expect(nextStatus(order({ status: 'scheduled' }), 'counter', 'student', NOW)).toBeUndefined();
    expect(nextStatus(order({ status: 'in_progress' }), 'pay', 'student', NOW)).toBeUndefined();
    for (const status of ['closed', 'canceled'] as const) {
      for (const action of Object.keys(ORDER_TRANSITIONS) as OrderAction[]) {
        for (const actor of ['student', 'expert', 'payment', 'system'] as const) {
          for (const kind of ['fixed', 'hourly', 'intro'] as const) expect(nextStatus(paid({ status, kind }), action, actor, NOW)).toBeUndefined();
        }
      }
    }
  });

  it('names only statuses of the contract, and every status but the finished ones has a way on', () => {
    for (const transition of Object.values(ORDER_TRANSITIONS)) {
      for (const status of transition.from) expect(ORDER_STATUSES).toContain(status);
      for (const kind of transition.kinds) expect(ORDER_STATUSES).toContain(typeof transition.to === 'string' ? transition.to : transition.to[kind]);
    }
    const leaving = new Set(Object.values(ORDER_TRANSITIONS).flatMap((transition) => transition.from));
    expect(ORDER_STATUSES.filter((status) => !leaving.has(status))).toEqual(['closed', 'canceled']);
  });
});
