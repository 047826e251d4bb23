/**
 * No-shows decided by what took place (docs/rooms.md): from 15 minutes after the start, the side in
 * the room reports the other absent if they never connected; the absent side contests it, or
 * connects after it, and an admin decides; otherwise, 48 hours later, the deadline decides as the
 * attendance says, with its money. Through the local gateways, the real handlers, DynamoDB Local,
 * the outbox and the local Stripe, with the test clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ROOMS } from '../../shared/limits';
import type { ReportedOrder } from '../../shared/schemas/orders';
import type { AttendanceView } from '../../shared/schemas/rooms';
import { MSG } from '../../shared/texts';
import { signedInAs } from '../support/accounts';
import type { ApiClient } from '../support/api';
import { connectAs, type RealtimeConnection } from '../support/chats';
import { chatOf } from '../support/orders';
import { latestMail } from '../support/outbox';
import { advanceClock, refundedOf } from '../support/payments';
import { getItem } from '../support/table';
import { type BookedCall, bookedIntroduction, bookedPhoneCall, clockToStart, roomOf } from '../support/rooms';

const open: RealtimeConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

/** A socket of the client's in the call's room. */
async function inRoom(client: ApiClient, orderId: string): Promise<RealtimeConnection> {
  const connection = await connectAs(client);
  open.push(connection);
  connection.send({ action: 'joinRoom', orderId });
  expect(await connection.next((event) => event.type === 'roomJoined' || event.type === 'error')).toMatchObject({ type: 'roomJoined' });
  return connection;
}

const report = (client: ApiClient, call: BookedCall) => client.post(`/rooms/${call.orderId}/report-no-show`, {});
/** The app's clock at `minutes` after the session's start (the room opened 10 minutes before it). */
const clockToMinutesAfterStart = async (call: BookedCall, minutes: number) => {
  await clockToStart(call.start, 0);
  if (minutes > 0) await advanceClock(`${minutes}m`);
};

describe('a no-show report', () => {
  it('comes from the side in the room, 15 minutes after the start, about a side that never connected', async () => {
    const call = await bookedIntroduction();
    await clockToStart(call.start);
    await inRoom(call.student, call.orderId);
    expect(await report(call.student, call)).toMatchObject({ status: 409, body: { code: 'no_show_too_early', msg: MSG.noShowTooEarly } });
    await advanceClock(`${ROOMS.opensBeforeMinutes / 2 + ROOMS.noShowAfterMinutes}m`);
    // The expert has no socket in the room: only someone in it reports.
    expect(await report(call.expert, call)).toMatchObject({ status: 409, body: { code: 'room_not_joined', msg: MSG.noShowNotInRoom } });

    // An expert who connected, even for a moment, cannot be reported absent.
    const expert = await inRoom(call.expert, call.orderId);
    expert.send({ action: 'roomMedia', orderId: call.orderId, flowing: true });
    await expect.poll(async () => (await roomOf(call.student, call.orderId)).body.attendance.length).toBe(1);
    expect(await report(call.student, call)).toMatchObject({ status: 409, body: { code: 'other_side_came', msg: MSG.noShowOtherCame } });
    expect((await chatOf(call.student, call.orderId)).orderStatus).toBe('in_progress');
  });
});

describe('an uncontested no-show', () => {
  it('of the expert is refunded in full to the student 48 hours later; both were told how to contest it', async () => {
    const call = await bookedPhoneCall();
    await clockToMinutesAfterStart(call, ROOMS.noShowAfterMinutes + 1);
    await inRoom(call.student, call.orderId);
    expect(await report(call.student, call)).toMatchObject({ status: 200, body: { msg: MSG.noShowReported } });
    const reported = await chatOf(call.student, call.orderId);
    expect(reported).toMatchObject({ orderStatus: 'problem_reported', problem: { reportedBy: 'user', noShow: { absent: 'professor' } } });
    expect((await latestMail(call.expertEmail, 'Reported absent: Pronunciation practice call')).text).toContain(
      'contest it in the conversation within 48 hours',
    );
    expect((await latestMail(call.studentEmail, 'No-show reported: Pronunciation practice call')).text).toContain('refunded in full');

    await advanceClock(`${ROOMS.noShowContestHours}h`);
    await expect.poll(async () => (await chatOf(call.student, call.orderId)).orderStatus).toBe('canceled');
    expect((await chatOf(call.student, call.orderId)).cancellation).toMatchObject({ by: 'system', refundAmount: 30 });
    const stored = (await getItem({ pk: `ORDER#${call.orderId}`, sk: 'ORDER' })) as { payment: { paymentIntentId: string } };
    const { paymentIntentId } = stored.payment;
    await expect.poll(() => refundedOf(paymentIntentId)).toBe(3000);
  });

  it('of the student completes the session 48 hours later', async () => {
    const call = await bookedPhoneCall();
    await clockToMinutesAfterStart(call, ROOMS.noShowAfterMinutes);
    await inRoom(call.expert, call.orderId);
    expect((await report(call.expert, call)).status).toBe(200);
    expect((await chatOf(call.expert, call.orderId)).problem?.noShow).toEqual({ absent: 'user' });
    await advanceClock(`${ROOMS.noShowContestHours}h`);
    await expect.poll(async () => (await chatOf(call.expert, call.orderId)).orderStatus).toBe('closed');
  });
});

describe('a contested no-show', () => {
  it('waits for an admin when the side reported absent contests it, or connects after the report', async () => {
    const contested = await bookedIntroduction();
    const cameLate = await bookedIntroduction();
    await clockToMinutesAfterStart(contested, ROOMS.noShowAfterMinutes);
    await clockToMinutesAfterStart(cameLate, ROOMS.noShowAfterMinutes);
    for (const call of [contested, cameLate]) {
      await inRoom(call.student, call.orderId);
      expect((await report(call.student, call)).status).toBe(200);
    }
    // Only the side reported absent contests, once.
    expect((await contested.student.post(`/chats/${contested.orderId}/contest-no-show`, {})).status).toBe(409);
    expect(await contested.expert.post(`/chats/${contested.orderId}/contest-no-show`, {})).toMatchObject({ status: 200, body: { msg: MSG.noShowContested } });
    expect((await contested.expert.post(`/chats/${contested.orderId}/contest-no-show`, {})).status).toBe(409);
    // The other expert's browser has media flowing in the room after the report.
    const late = await inRoom(cameLate.expert, cameLate.orderId);
    late.send({ action: 'roomMedia', orderId: cameLate.orderId, flowing: true });
    await expect.poll(async () => (await chatOf(cameLate.student, cameLate.orderId)).problem?.noShow?.attendedAt).toBeDefined();

    await advanceClock(`${ROOMS.noShowContestHours + 1}h`);
    for (const call of [contested, cameLate]) {
      const chat = await chatOf(call.student, call.orderId);
      expect(chat.orderStatus).toBe('problem_reported');
      expect(chat.dueAt).toBeUndefined();
    }
    expect((await chatOf(contested.student, contested.orderId)).problem?.noShow?.contestedAt).toBeDefined();

    // The admin who decides sees the report's kind and what the room recorded; members see nothing of it there.
    const admin = await signedInAs('admin');
    const reports = (await admin.get<ReportedOrder[]>('/admin/problems')).body;
    expect(reports.find((entry) => entry.chatId === contested.orderId)?.noShow).toMatchObject({ absent: 'professor', contestedAt: expect.any(String) });
    expect(reports.find((entry) => entry.chatId === cameLate.orderId)?.noShow).toMatchObject({ absent: 'professor', attendedAt: expect.any(String) });
    expect((await admin.get<{ attendance: AttendanceView[] }>(`/admin/rooms/${cameLate.orderId}`)).body.attendance.map((entry) => entry.userId)).toEqual([
      cameLate.expertId,
    ]);
    expect((await contested.student.get(`/admin/rooms/${contested.orderId}`)).status).toBe(403);
  });
});
