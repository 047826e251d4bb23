/**
 * A booked call's room through the local gateways, the real handlers and DynamoDB Local: who sees
 * it and when, its ICE servers, the signalling relayed between its two participants only, the
 * attendance their browsers report, and API Gateway's limits on its sockets (docs/rooms.md).
 */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ROOMS } from '../../shared/limits';
import type { RealtimeEvent } from '../../shared/schemas/realtime';
import type { IceServersView, UpcomingRoomsView } from '../../shared/schemas/rooms';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInStudent, signedInWith } from '../support/accounts';
import { stackUrl } from '../support/api';
import { connectAs, expertWithOffer, type RealtimeConnection } from '../support/chats';
import type { ApiClient } from '../support/api';
import { openOrder, serverNow } from '../support/orders';
import { advanceClock } from '../support/payments';
import { bookedIntroduction, clockToStart, roomOf, setSocketLimits } from '../support/rooms';

const MINUTE = 60_000;
const isType = (type: RealtimeEvent['type']) => (event: RealtimeEvent) => event.type === type;
const isError = (msg: string) => (event: RealtimeEvent) => event.type === 'error' && event.msg === msg;

/**
 * Reports that media flows (or stopped) as the participant's browser does, and waits until the room
 * shows it: the report is one-way, so only the attendance tells that it was recorded.
 */
async function reportMedia(connection: RealtimeConnection, orderId: string, viewer: ApiClient, userId: string, flowing = true): Promise<void> {
  const at = await serverNow();
  connection.send({ action: 'roomMedia', orderId, flowing });
  await expect
    .poll(async () => {
      const stays = (await roomOf(viewer, orderId)).body.attendance.find((entry) => entry.userId === userId)?.stays ?? [];
      return stays.some((stay) => Date.parse(stay.to) >= at);
    })
    .toBe(true);
}

/** A socket of the client's that has entered the room. */
async function inRoom(connection: RealtimeConnection, orderId: string): Promise<RealtimeEvent> {
  connection.send({ action: 'joinRoom', orderId });
  return connection.next((event) => event.type === 'roomJoined' || event.type === 'error');
}

const open: RealtimeConnection[] = [];
async function socketOf(...args: Parameters<typeof connectAs>): Promise<RealtimeConnection> {
  const connection = await connectAs(...args);
  open.push(connection);
  return connection;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

describe('the room of a booked call', () => {
  it('shows itself to its two participants only, waiting until 10 minutes before the start, then open with its ICE servers', async () => {
    const call = await bookedIntroduction();
    const waiting = await roomOf(call.student, call.orderId);
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(waiting.body).toMatchObject({
      orderId: call.orderId,
      title: 'Exam coaching and review',
      audioOnly: false,
      start: call.start,
      end: new Date(Date.parse(call.start) + 30 * MINUTE).toISOString(),
      opensAt: new Date(Date.parse(call.start) - ROOMS.opensBeforeMinutes * MINUTE).toISOString(),
      closesAt: new Date(Date.parse(call.start) + (30 + ROOMS.closesAfterMinutes) * MINUTE).toISOString(),
      phase: 'waiting',
      other: { _id: call.expertId, firstName: 'Rhea', lastName: 'Roomer' },
      attendance: [],
    });
    expect((await roomOf(call.expert, call.orderId)).body).toMatchObject({ phase: 'waiting', other: { _id: call.studentId } });
    expect(await call.student.get(`/rooms/${call.orderId}/ice-servers`)).toMatchObject({ status: 409, body: { code: 'room_not_open', msg: MSG.roomNotOpen } });

    // Both see the session on their lists, with the room's times and the other person; nobody else does.
    const listed = {
      orderId: call.orderId,
      title: 'Exam coaching and review',
      start: call.start,
      opensAt: waiting.body.opensAt,
      closesAt: waiting.body.closesAt,
    };
    expect((await call.student.get<UpcomingRoomsView>('/rooms')).body.sessions).toEqual([{ ...listed, end: waiting.body.end, other: waiting.body.other }]);
    expect((await call.expert.get<UpcomingRoomsView>('/rooms')).body.sessions).toEqual([
      { ...listed, end: waiting.body.end, other: expect.objectContaining({ _id: call.studentId }) },
    ]);
    const { client: stranger } = await signedInStudent();
    expect((await stranger.get<UpcomingRoomsView>('/rooms')).body.sessions).toEqual([]);
    expect(await roomOf(stranger, call.orderId)).toMatchObject({ status: 404, body: { code: 'room_not_found', msg: MSG.roomNotFound } });
    expect(await stranger.get(`/rooms/${call.orderId}/ice-servers`)).toMatchObject({ status: 404, body: { code: 'room_not_found' } });
    // A delivered order (a Document) has no room, even for its own participants.
    const { offer: document } = await expertWithOffer('Dora', 'Document', 'Thesis chapter review');
    const { chat: delivered } = await openOrder(document, stranger);
    expect(await roomOf(stranger, delivered._id)).toMatchObject({ status: 404, body: { code: 'room_not_found' } });

    await clockToStart(call.start);
    expect((await roomOf(call.student, call.orderId)).body).toMatchObject({ phase: 'open' });
    // The run's coturn (tests/support/turn-server.ts): TURN REST credentials of the caller, signed with
    // its secret, for the hour by the relay's clock (the real one, whatever the app's test clock says).
    const turn = inject('turn');
    if (!turn) throw new Error('coturn is not installed (`apt-get install coturn`, as .ci/run does)');
    const asked = Date.now();
    const { status, body } = await call.expert.get<IceServersView>(`/rooms/${call.orderId}/ice-servers`);
    expect(status).toBe(200);
    const [server] = body.iceServers;
    expect(body.iceServers).toHaveLength(1);
    expect(server.urls).toEqual([turn.url]);
    const [endsAt, userId] = String(server.username).split(':');
    expect(userId).toBe(call.expertId);
    expect(Number(endsAt) - Math.floor(asked / 1000)).toBeGreaterThanOrEqual(ROOMS.iceCredentialSeconds);
    expect(Number(endsAt) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(ROOMS.iceCredentialSeconds);
    expect(server.credential).toBe(createHmac('sha1', turn.secret).update(String(server.username)).digest('base64'));
  });

  it('relays offers, answers and candidates between its two participants, and to nobody else', async () => {
    const call = await bookedIntroduction();
    const other = await bookedIntroduction();
    await clockToStart(call.start);
    const student = await socketOf(call.student);
    const expert = await socketOf(call.expert);
    expect(await inRoom(student, call.orderId)).toEqual({ type: 'roomJoined', orderId: call.orderId, peerPresent: false });
    expect(await inRoom(expert, call.orderId)).toEqual({ type: 'roomJoined', orderId: call.orderId, peerPresent: true });
    expect(await student.next(isType('roomPeer'))).toEqual({ type: 'roomPeer', orderId: call.orderId, present: true });

    student.send({ action: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 offer of the student' });
    expect(await expert.next(isType('roomOffer'))).toEqual({ type: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 offer of the student' });
    expert.send({ action: 'roomAnswer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 answer of the expert' });
    expect(await student.next(isType('roomAnswer'))).toEqual({
      type: 'roomAnswer',
      orderId: call.orderId,
      instance: 'call-1',
      sdp: 'v=0 answer of the expert',
    });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    expert.send({ action: 'roomCandidate', orderId: call.orderId, instance: 'call-1', candidate });
    expect(await student.next(isType('roomCandidate'))).toEqual({ type: 'roomCandidate', orderId: call.orderId, instance: 'call-1', candidate });

    // A third account cannot enter, nor signal into the room; nor can a socket of another room.
    const { client: strangerClient } = await signedInStudent();
    const stranger = await socketOf(strangerClient);
    expect(await inRoom(stranger, call.orderId)).toEqual({ type: 'error', msg: MSG.roomNotFound });
    stranger.send({ action: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 offer of a stranger' });
    await stranger.next(isError(MSG.roomNotOpen));
    const elsewhere = await socketOf(other.student);
    expect(await inRoom(elsewhere, other.orderId)).toMatchObject({ type: 'roomJoined' });
    elsewhere.send({ action: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 offer from another room' });
    await elsewhere.next(isError(MSG.roomNotOpen));
    // A participant's socket that did not enter the room is not in it either.
    const outside = await socketOf(call.student);
    outside.send({ action: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 offer from outside the room' });
    await outside.next(isError(MSG.roomNotOpen));
    // Too large, or not a signal at all: refused, nothing relayed.
    student.send({ action: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: `v=0 ${'a'.repeat(ROOMS.sdpMaxChars)}` });
    await student.next(isError(MSG.roomSignalRefused));
    student.send({ action: 'roomCandidate', orderId: call.orderId, instance: 'call-1', candidate: { candidate: 42 } });
    await student.next(isError(MSG.roomSignalRefused));

    student.send({ action: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 second offer of the student' });
    expect(await expert.next(isType('roomOffer'))).toMatchObject({ sdp: 'v=0 second offer of the student' });
    const offersHeard = expert.events.filter(isType('roomOffer')).map((event) => (event as { sdp: string }).sdp);
    expect(offersHeard).toEqual(['v=0 offer of the student', 'v=0 second offer of the student']);
    expect(outside.events.filter((event) => event.type.startsWith('room'))).toEqual([]);
    expect(elsewhere.events.filter((event) => event.type !== 'roomJoined' && event.type !== 'error')).toEqual([]);

    // Leaving tells the other side; what is sent after reaches nobody.
    student.send({ action: 'leaveRoom', orderId: call.orderId });
    expect(await expert.next(isType('roomPeer'))).toEqual({ type: 'roomPeer', orderId: call.orderId, present: false });
    expert.send({ action: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 offer after the leave' });
    await reportMedia(expert, call.orderId, call.expert, call.expertId);
    expect(student.events.filter(isType('roomOffer'))).toHaveLength(0);
  });

  it('closes to signals when its session ends, and 30 minutes after the call', async () => {
    const call = await bookedIntroduction();
    const notYet = await socketOf(call.student);
    expect(await inRoom(notYet, call.orderId)).toEqual({ type: 'error', msg: MSG.roomNotOpen });

    await clockToStart(call.start);
    const student = await socketOf(call.student);
    const expert = await socketOf(call.expert);
    await inRoom(student, call.orderId);
    await inRoom(expert, call.orderId);
    // The student signs out: the server closes their socket, and with it their place in the room.
    expect((await call.student.post('/auth/logout')).status).toBe(200);
    await student.closed();
    await reportMedia(expert, call.orderId, call.expert, call.expertId);

    await advanceClock(`${ROOMS.opensBeforeMinutes / 2 + 30 + ROOMS.closesAfterMinutes}m`);
    expect((await roomOf(call.expert, call.orderId)).body).toMatchObject({ phase: 'closed' });
    expect((await call.expert.get<UpcomingRoomsView>('/rooms')).body.sessions.map((session) => session.orderId)).not.toContain(call.orderId);
    expert.send({ action: 'roomOffer', orderId: call.orderId, instance: 'call-1', sdp: 'v=0 offer after the close' });
    await expert.next(isError(MSG.roomNotOpen));
    expect(await inRoom(await socketOf(call.expert), call.orderId)).toEqual({ type: 'error', msg: MSG.roomNotOpen });
    expect(await call.expert.get(`/rooms/${call.orderId}/ice-servers`)).toMatchObject({ status: 409, body: { code: 'room_not_open' } });
  });
});

describe('attendance', () => {
  it('is made of each side’s reports that media flows, a return within 2 minutes continuing the same stay', async () => {
    const call = await bookedIntroduction();
    await clockToStart(call.start);
    const student = await socketOf(call.student);
    const expert = await socketOf(call.expert);
    await inRoom(student, call.orderId);
    await inRoom(expert, call.orderId);
    const report = (connection: RealtimeConnection, userId: string, flowing = true) => reportMedia(connection, call.orderId, call.expert, userId, flowing);
    await report(student, call.studentId);
    await report(expert, call.expertId);
    await advanceClock('1m');
    await report(student, call.studentId);
    await report(expert, call.expertId);

    // The student's page reloads: a new socket, back within the grace.
    await student.close();
    await advanceClock(`${ROOMS.reconnectGraceSeconds - 30}s`);
    const back = await socketOf(call.student);
    expect(await inRoom(back, call.orderId)).toMatchObject({ type: 'roomJoined', peerPresent: true });
    await report(back, call.studentId);
    let attendance = (await roomOf(call.student, call.orderId)).body.attendance;
    expect(attendance.find((entry) => entry.userId === call.studentId)?.stays).toHaveLength(1);
    expect(attendance.find((entry) => entry.userId === call.expertId)?.stays).toHaveLength(1);

    // Media stops, and flows again after more than the grace: a second stay.
    await report(back, call.studentId, false);
    await advanceClock(`${ROOMS.reconnectGraceSeconds + 60}s`);
    await report(back, call.studentId);
    attendance = (await roomOf(call.expert, call.orderId)).body.attendance;
    const studentStays = attendance.find((entry) => entry.userId === call.studentId)?.stays ?? [];
    expect(studentStays).toHaveLength(2);
    expect(Date.parse(studentStays[0].to) - Date.parse(studentStays[0].from)).toBeGreaterThanOrEqual(MINUTE + (ROOMS.reconnectGraceSeconds - 30) * 1000);
  });
});

describe('API Gateway’s limits on the room’s sockets', () => {
  afterEach(() => setSocketLimits());

  it('closes a socket idle past the limit and any socket at the end of its life; the room’s reports keep one open until then', async () => {
    const call = await bookedIntroduction();
    await clockToStart(call.start);
    await setSocketLimits({ idleSeconds: 2, lifetimeSeconds: 6 });
    const idle = await socketOf(call.student);
    const inCall = await socketOf(call.expert);
    await inRoom(inCall, call.orderId);
    const opened = Date.now();
    const beats = setInterval(() => inCall.send({ action: 'roomMedia', orderId: call.orderId, flowing: true }), 500);
    try {
      await idle.closed();
      const idleClosedAfter = Date.now() - opened;
      expect(inCall.socket.readyState).toBe(inCall.socket.OPEN);
      await inCall.closed();
      const inCallClosedAfter = Date.now() - opened;
      expect(idleClosedAfter).toBeLessThan(inCallClosedAfter);
      expect(inCallClosedAfter).toBeGreaterThanOrEqual(5_000);
    } finally {
      clearInterval(beats);
    }
    // Back on a new socket, the same stay goes on.
    const back = await socketOf(call.expert);
    expect(await inRoom(back, call.orderId)).toMatchObject({ type: 'roomJoined' });
    await reportMedia(back, call.orderId, call.expert, call.expertId);
    const attendance = (await roomOf(call.expert, call.orderId)).body.attendance;
    expect(attendance).toEqual([{ userId: call.expertId, stays: [expect.objectContaining({})] }]);
  });
});

describe('the demo room', () => {
  const demoRoom = async () => {
    const response = await fetch(`${stackUrl()}/_local/demo/room`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(201);
    return (await response.json()) as {
      room: string;
      startsAt: string;
      student: { email: string; password: string };
      expert: { email: string; password: string };
    };
  };

  it('books a fresh student an introduction with Claire whose room is open at once, and a second one once she is free again', async () => {
    const first = await demoRoom();
    const second = await demoRoom();
    expect(first.student.email).not.toBe(second.student.email);
    expect(first.expert.email).toBe('claire.dubois@demo.test');
    const orderIdOf = (demo: { room: string }) => new URL(demo.room).pathname.split('/').pop()!;
    expect(new URL(first.room).origin).toBe(stackUrl());

    const student = await signedInWith(first.student.email, first.student.password);
    expect((await roomOf(student, orderIdOf(first))).body).toMatchObject({ phase: 'open', start: first.startsAt, other: { firstName: 'Claire' } });
    expect(Date.parse(first.startsAt) - (await serverNow())).toBeLessThanOrEqual(6 * MINUTE);
    // Claire is never in two sessions at once: the second starts after the first (30 minutes) ends.
    expect(Date.parse(second.startsAt)).toBeGreaterThanOrEqual(Date.parse(first.startsAt) + 30 * MINUTE);
    const claire = await signedInAs('professor');
    const listed = (await claire.get<UpcomingRoomsView>('/rooms')).body.sessions.map((session) => session.orderId);
    expect(listed).toEqual(expect.arrayContaining([orderIdOf(first), orderIdOf(second)]));
  });
});
