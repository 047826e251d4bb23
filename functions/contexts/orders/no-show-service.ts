/**
 * No-shows (docs/rooms.md): the side that came reports the other absent, the absent side contests
 * it or their browser connects after it, and otherwise the deadline decides as the attendance says
 * (deadline-service.ts). What other contexts ask of orders for it; it loads nothing of payments,
 * since the rooms and websocket Lambdas call it.
 */
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso } from '../../platform/clock';
import { move, orderOfParticipant } from './move';
import type { OrderRecord } from './order';

export type Side = 'student' | 'expert';

/** Reports the other side absent: the order waits 48 hours for them to contest it, with the report's kind and who was absent. */
export async function reportNoShow(order: OrderRecord, reporter: Side): Promise<void> {
  const absent: Side = reporter === 'student' ? 'expert' : 'student';
  await move(order, {
    action: 'reportNoShow',
    actor: reporter,
    changes: { problem: { by: reporter, reason: MSG.noShowReason, at: nowIso(), noShow: { absent } }, reschedule: undefined },
  });
}

/** POST /chats/{id}/contest-no-show: the side reported absent says they came; an admin decides. */
export async function contestNoShow(caller: Caller, orderId: string): Promise<{ msg: string }> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  await move(order, {
    action: 'contestNoShow',
    actor,
    changes: { problem: order.problem && { ...order.problem, noShow: order.problem.noShow && { ...order.problem.noShow, contestedAt: nowIso() } } },
  });
  return { msg: MSG.noShowContested };
}

/**
 * The side reported absent had media flowing in the room after the report: the report no longer
 * decides itself, an admin does. False when the order is not such a report (any more).
 */
export async function absentSideCame(order: OrderRecord, side: Side): Promise<boolean> {
  const noShow = order.problem?.noShow;
  if (order.status !== 'problem_reported' || !order.problem || noShow?.absent !== side || noShow.attendedAt || noShow.contestedAt) return false;
  await move(order, { action: 'contestNoShow', actor: 'system', changes: { problem: { ...order.problem, noShow: { ...noShow, attendedAt: nowIso() } } } });
  return true;
}
