import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@shared/order-transitions';
import { chatWith, claire } from '@/test/messages-fixtures';
import type { ChatDto } from '@shared/schemas/chats';
import { cancelTerms, formatDay, formatWhen, type OrderRole, orderActions, statusLine } from './order-status';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const SESSION = '2026-12-01T09:30:00.000Z';
const ZONE = 'Europe/Paris';
const view = (chat: ChatDto, role: OrderRole) => ({ chat, role, other: role === 'student' ? 'Claire Dubois' : 'Alice Martin', timeZone: ZONE, now: NOW });
const order = (orderStatus: OrderStatus, fields: Partial<ChatDto> = {}) => chatWith(claire, 'c1', { orderStatus, ...fields });

describe('order status wording', () => {
  it('names times in the viewer’s zone, the zone named, and days without the year of now', () => {
    expect(formatWhen(SESSION, ZONE, NOW)).toBe('Tue 1 Dec, 10:30 (Europe/Paris)');
    expect(formatWhen(SESSION, 'America/New_York', NOW)).toBe('Tue 1 Dec, 04:30 (America/New_York)');
    expect(formatDay('2027-01-02T10:00:00.000Z', ZONE, NOW)).toBe('Sat 2 Jan 2027');
  });

  it.each(
    ORDER_STATUSES.flatMap((status) =>
      (['student', 'expert'] as const).flatMap((role) => (['fixed', 'hourly', 'intro'] as const).map((kind) => [status, role, kind] as const)),
    ),
  )('%s for the %s (%s) says something', (status, role, kind) => {
    const line = statusLine(view(order(status, { orderKind: kind, scheduledDate: SESSION, scheduledHours: 2, dueAt: '2026-12-02T10:00:00.000Z' }), role));
    expect(line.length).toBeGreaterThan(5);
    expect(line).not.toMatch(/undefined|NaN/);
  });

  const hourly = { orderKind: 'hourly' as const, scheduledDate: SESSION, scheduledHours: 2, total: 240 };
  it.each<[OrderStatus, Partial<ChatDto>, OrderRole, string]>([
    ['open', {}, 'student', 'Pay €120.00 to start the project.'],
    ['open', {}, 'expert', 'Waiting for Alice Martin to pay €120.00.'],
    ['open', { orderKind: 'hourly', total: 0 }, 'student', 'Choose a date and hours to propose a session to Claire Dubois.'],
    ['open', { orderKind: 'hourly', total: 0 }, 'expert', 'Waiting for Alice Martin to propose a time.'],
    ['scheduled', hourly, 'student', 'Waiting for Claire Dubois to confirm your proposed time: Tue 1 Dec, 10:30 (Europe/Paris) for 2 hours.'],
    ['scheduled', hourly, 'expert', 'Alice Martin proposed Tue 1 Dec, 10:30 (Europe/Paris) for 2 hours. Confirm it or suggest another time.'],
    [
      'scheduled',
      { orderKind: 'intro', scheduledDate: SESSION },
      'expert',
      'Alice Martin proposed Free introduction (30 min) on Tue 1 Dec, 10:30 (Europe/Paris). Confirm it or suggest another time.',
    ],
    ['countered', hourly, 'student', 'Claire Dubois suggested Tue 1 Dec, 10:30 (Europe/Paris) for 2 hours. Accept or decline it.'],
    ['countered', hourly, 'expert', 'Waiting for Alice Martin to answer your suggested time: Tue 1 Dec, 10:30 (Europe/Paris) for 2 hours.'],
    ['confirmed', hourly, 'student', 'Confirmed for Tue 1 Dec, 10:30 (Europe/Paris) for 2 hours. Pay €240.00 to book it.'],
    ['confirmed', hourly, 'expert', 'Confirmed for Tue 1 Dec, 10:30 (Europe/Paris) for 2 hours. Waiting for Alice Martin to pay.'],
    ['in_progress', hourly, 'student', 'Paid — the session is on Tue 1 Dec, 10:30 (Europe/Paris) for 2 hours.'],
    [
      'in_progress',
      { orderKind: 'intro', scheduledDate: SESSION },
      'expert',
      'Free introduction (30 min) booked — the session is on Tue 1 Dec, 10:30 (Europe/Paris).',
    ],
    [
      'in_progress',
      { ...hourly, scheduledDate: '2026-11-20T08:00:00.000Z', dueAt: '2026-11-22T10:00:00.000Z' },
      'student',
      'The session was on Fri 20 Nov, 09:00 (Europe/Paris). Confirm it took place, or report a problem; it completes automatically on Sun 22 Nov, 11:00 (Europe/Paris).',
    ],
    [
      'in_progress',
      { ...hourly, reschedule: { scheduledDate: '2026-12-03T09:30:00.000Z', proposedBy: 'professor' } },
      'student',
      'Claire Dubois proposes to move the session to Thu 3 Dec, 10:30 (Europe/Paris). Accept or decline it.',
    ],
    [
      'in_progress',
      { ...hourly, reschedule: { scheduledDate: '2026-12-03T09:30:00.000Z', proposedBy: 'professor' } },
      'expert',
      'Waiting for Alice Martin to accept moving the session to Thu 3 Dec, 10:30 (Europe/Paris).',
    ],
    [
      'in_progress',
      { dueAt: '2026-12-04T10:00:00.000Z' },
      'student',
      'Paid — Claire Dubois is working on your project. If nothing is delivered by Fri 4 Dec, 11:00 (Europe/Paris), the payment is refunded.',
    ],
    [
      'submitted',
      { dueAt: '2026-12-02T10:00:00.000Z' },
      'student',
      'Delivered — approve it or ask for changes; approved automatically on Wed 2 Dec, 11:00 (Europe/Paris).',
    ],
    [
      'submitted',
      { dueAt: '2026-12-02T10:00:00.000Z' },
      'expert',
      'Delivered — waiting for Alice Martin to approve it; approved automatically on Wed 2 Dec, 11:00 (Europe/Paris).',
    ],
    ['revision_requested', {}, 'student', 'Changes requested — waiting for Claire Dubois to submit the project again.'],
    ['revision_requested', {}, 'expert', 'Alice Martin asked for changes — submit the project again.'],
    [
      'refund_pending',
      { dueAt: '2026-11-22T10:00:00.000Z' },
      'expert',
      'Alice Martin cancelled late — decide the share to refund by Sun 22 Nov, 11:00 (Europe/Paris), or it is refunded in full.',
    ],
    [
      'problem_reported',
      { problem: { reportedBy: 'user', reason: 'No-show', at: SESSION } },
      'student',
      'You reported a problem — an admin will review the order and decide.',
    ],
    [
      'problem_reported',
      { problem: { reportedBy: 'user', reason: 'No-show', at: SESSION } },
      'expert',
      'Alice Martin reported a problem — an admin will review the order and decide.',
    ],
    ['closed', { orderKind: 'intro' }, 'student', 'Completed — the free introduction (30 min) took place.'],
    ['open', { orderKind: 'call', durationMinutes: 90 }, 'student', 'Choose a time to propose a 90 min call to Claire Dubois.'],
    [
      'scheduled',
      { orderKind: 'call', durationMinutes: 60, scheduledDate: SESSION },
      'expert',
      'Alice Martin proposed Tue 1 Dec, 10:30 (Europe/Paris) for 1 hour. Confirm it or suggest another time.',
    ],
    ['open', { orderKind: 'work', offer: { ...order('open').offer, price: 50 } }, 'student', 'Choose the hours of work and pay €50.00 an hour to start.'],
    ['closed', { orderKind: 'work' }, 'expert', 'Completed — the project is approved and the payment credited to you.'],
    [
      'revision_requested',
      { orderKind: 'hourly', dueAt: '2026-12-04T10:00:00.000Z' },
      'expert',
      'Alice Martin asked for changes — submit the project again. Without a new delivery by Fri 4 Dec, 11:00 (Europe/Paris), the payment is refunded in full.',
    ],
    ['canceled', { paymentAmount: 120, cancellation: { by: 'user', at: SESSION, refundAmount: 60 } }, 'student', 'Cancelled — €60.00 refunded to you.'],
    ['canceled', { paymentAmount: 120, cancellation: { by: 'user', at: SESSION, refundAmount: 60 } }, 'expert', 'Cancelled — €60.00 refunded to Alice Martin.'],
    ['canceled', {}, 'student', 'Cancelled.'],
  ])('%s %o for the %s: %s', (status, fields, role, expected) => {
    expect(statusLine(view(order(status, fields), role))).toBe(expected);
  });
});

describe('order actions', () => {
  const future = { scheduledDate: SESSION, scheduledHours: 2 };
  it.each<[OrderStatus, Partial<ChatDto>, OrderRole, string[]]>([
    ['open', {}, 'student', ['bookIntro', 'pay', 'cancel']],
    ['open', { orderKind: 'hourly' }, 'student', ['pickHours', 'bookIntro', 'cancel']],
    ['open', {}, 'expert', ['cancel']],
    ['scheduled', { orderKind: 'hourly', ...future }, 'student', ['pickHours', 'cancel']],
    ['scheduled', { orderKind: 'intro', scheduledDate: SESSION }, 'student', ['bookIntro', 'cancel']],
    ['scheduled', { orderKind: 'hourly', ...future }, 'expert', ['confirmSchedule', 'counter', 'cancel']],
    ['countered', { orderKind: 'hourly', ...future }, 'student', ['pickHours', 'acceptCounter', 'declineCounter', 'cancel']],
    ['confirmed', { orderKind: 'hourly', ...future }, 'student', ['pickHours', 'pay', 'cancel']],
    ['confirmed', { orderKind: 'hourly', ...future }, 'expert', ['cancel']],
    ['in_progress', {}, 'student', ['cancel', 'reportProblem']],
    ['in_progress', {}, 'expert', ['submitProject', 'cancel', 'reportProblem']],
    ['in_progress', { orderKind: 'hourly', ...future }, 'student', ['reschedule', 'cancel', 'reportProblem']],
    ['in_progress', { orderKind: 'hourly', scheduledDate: '2026-11-20T08:00:00.000Z', scheduledHours: 1 }, 'student', ['confirmSession', 'reportProblem']],
    [
      'in_progress',
      { orderKind: 'hourly', ...future, reschedule: { scheduledDate: SESSION, proposedBy: 'user' } },
      'expert',
      ['acceptReschedule', 'declineReschedule', 'cancel', 'reportProblem'],
    ],
    // A fixed-price call is booked at a time, then paid; never delivered (decision 250).
    ['open', { orderKind: 'call', durationMinutes: 90 }, 'student', ['pickTime', 'bookIntro', 'cancel']],
    ['confirmed', { orderKind: 'call', durationMinutes: 90, scheduledDate: SESSION }, 'student', ['pickTime', 'pay', 'cancel']],
    ['in_progress', { orderKind: 'call', durationMinutes: 90, scheduledDate: SESSION }, 'expert', ['reschedule', 'cancel', 'reportProblem']],
    ['in_progress', { orderKind: 'hourly', ...future }, 'expert', ['reschedule', 'cancel', 'reportProblem']],
    // A call sent back for revision before that rule keeps its delivery until it closes.
    ['revision_requested', { orderKind: 'hourly', scheduledDate: '2026-11-20T08:00:00.000Z', scheduledHours: 1 }, 'expert', ['submitProject', 'reportProblem']],
    // Hours of work are paid at once and delivered.
    ['open', { orderKind: 'work' }, 'student', ['bookIntro', 'pay', 'cancel']],
    ['in_progress', { orderKind: 'work', scheduledHours: 5, paymentAmount: 250 }, 'expert', ['submitProject', 'cancel', 'reportProblem']],
    ['in_progress', { orderKind: 'intro', scheduledDate: SESSION }, 'expert', ['reschedule', 'cancel', 'reportProblem']],
    ['submitted', { projectSubmission: { status: 'submitted', file: 'f.pdf' } }, 'student', ['approve', 'requestRevision', 'downloadProject', 'reportProblem']],
    ['submitted', { projectSubmission: { status: 'submitted', file: 'f.pdf' } }, 'expert', ['downloadProject', 'reportProblem']],
    ['revision_requested', {}, 'expert', ['submitProject', 'cancel', 'reportProblem']],
    ['refund_pending', {}, 'expert', ['decideRefund']],
    ['refund_pending', {}, 'student', []],
    ['problem_reported', {}, 'student', []],
    ['closed', {}, 'student', ['review']],
    ['closed', {}, 'expert', []],
    ['canceled', {}, 'student', []],
  ])('%s %o: the %s may %o', (status, fields, role, expected) => {
    expect(orderActions(order(status, fields), role, NOW)).toEqual(expected);
  });

  it('states the cancellation’s terms: free unpaid, full refund early, the expert decides late, always full for the expert', () => {
    expect(cancelTerms(order('open'), 'student', NOW)).toBe('Nothing has been paid yet: cancelling is free.');
    const paid = { orderKind: 'hourly' as const, paymentAmount: 240, scheduledDate: SESSION, scheduledHours: 2 };
    expect(cancelTerms(order('in_progress', paid), 'student', NOW)).toBe('The session is more than 12 hours away: €240.00 is refunded in full.');
    expect(cancelTerms(order('in_progress', { ...paid, scheduledDate: '2026-11-20T20:00:00.000Z' }), 'student', NOW)).toMatch(
      /less than 12 hours away: the expert decides within 48 hours/,
    );
    expect(cancelTerms(order('in_progress', paid), 'expert', NOW)).toBe('€240.00 is refunded in full to the student.');
    expect(cancelTerms(order('revision_requested', { paymentAmount: 120 }), 'student', NOW)).toMatch(/already been delivered/);
  });
});
