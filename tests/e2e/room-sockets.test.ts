/**
 * A call's realtime socket under API Gateway's two limits (10 minutes idle, 2 hours in all), which
 * the local gateway applies shortened for the test: the room's beats keep the socket in use past the
 * idle limit, and when its life ends the room reconnects on its own and the call carries on as one
 * stay (docs/rooms.md). The pages' clocks run the beats' periods faster than the gateway's (decision
 * 343). Apart from the rooms' other browser tests: it waits out a socket's life.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOMS } from '../../shared/limits';
import { browserForFile } from '../support/browser';
import { expectConnected, openRoom, received } from '../support/room-pages';
import { bookedPhoneCall, clockToStart, roomOf, setSocketLimits } from '../support/rooms';

const browser = browserForFile();

/** What one of the page's sockets did: when it was made and closed, and when it sent what (ms, the test's clock). */
interface SocketLife {
  openedAt: number;
  closedAt?: number;
  sent: { at: number; action: string }[];
}

/**
 * Records each WebSocket's life in the page (the realtime socket's), as the browser reports it to
 * the test: on the test's clock, which runs as the gateway's does, not the page's, which the test moves.
 */
function watchSockets(page: Page): SocketLife[] {
  const lives: SocketLife[] = [];
  page.on('websocket', (socket) => {
    const life: SocketLife = { openedAt: Date.now(), sent: [] };
    lives.push(life);
    socket.on('framesent', ({ payload }) => {
      life.sent.push({ at: Date.now(), action: typeof payload === 'string' ? String(JSON.parse(payload).action) : '' });
    });
    socket.on('close', () => {
      life.closedAt = Date.now();
    });
  });
  return lives;
}

/** The room's attendance report, sent every ROOMS.attendanceBeatSeconds while media flows: the call's heartbeat. */
const BEAT = 'roomMedia';

/**
 * Until `life` ends, moves the pages' clocks on a beat's period (ROOMS.attendanceBeatSeconds)
 * whenever its socket has been quiet for `quietMs` since it last sent or was moved on: the room's
 * own timers send the beats, as a call of that many beats' periods would (decision 343).
 */
async function beatsUntilClosed(life: SocketLife, pages: Page[], quietMs: number, withinMs: number): Promise<void> {
  const givingUpAt = Date.now() + withinMs;
  let movedAt = life.openedAt;
  while (life.closedAt === undefined) {
    if (Date.now() > givingUpAt) throw new Error(`the socket made ${withinMs} ms ago is still open`);
    if (Date.now() - Math.max(movedAt, ...life.sent.map((message) => message.at)) >= quietMs) {
      for (const page of pages) await page.clock.fastForward(ROOMS.attendanceBeatSeconds * 1000);
      movedAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a call’s sockets under API Gateway’s limits', () => {
  afterEach(() => setSocketLimits());

  // A phone call: what the sockets do is the same for every call, and sound alone spares the machine two video streams for a minute.
  it('keeps its socket alive past the idle limit, reconnects when the socket’s life ends, and carries the call on', async () => {
    // The pages' clocks run a beat's period on whenever the socket is quiet for a third of the idle
    // limit; the life long enough that, without the beats, the idle limit would end the socket
    // first: its last other message is its join's signalling, seconds after it opened.
    const limits = { idleSeconds: 6, lifetimeSeconds: 20 };
    const call = await bookedPhoneCall();
    await clockToStart(call.start);
    await setSocketLimits(limits);
    const student = await browser.newPage();
    const expert = await browser.newPage();
    for (const page of [student, expert]) await page.clock.install();
    const lives = watchSockets(student);
    await openRoom(student, call.studentEmail, call.orderId, 'Check your microphone');
    await openRoom(expert, call.expertEmail, call.orderId, 'Check your microphone');
    await student.getByRole('button', { name: 'Join the call' }).click();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    await expectConnected(student, expert, 'Paolo Phoner');

    // The gateway ends the socket at the end of its life, not when idle: after its last other message (the join and its
    // signalling), the room's beats alone kept it in use for longer than the idle limit.
    // One socket so far: the one the page opened, which carries the call's join and signalling.
    expect(lives).toHaveLength(1);
    const [first] = lives;
    await beatsUntilClosed(first, [student, expert], (limits.idleSeconds * 1000) / 3, (limits.lifetimeSeconds + 20) * 1000);
    expect(first.closedAt! - first.openedAt).toBeGreaterThanOrEqual((limits.lifetimeSeconds - 1) * 1000);
    expect(first.sent.map((message) => message.action)).toContain('joinRoom');
    const lastOther = Math.max(...first.sent.filter((message) => message.action !== BEAT).map((message) => message.at));
    expect(first.closedAt! - lastOther).toBeGreaterThan(limits.idleSeconds * 1000);
    expect(first.sent.filter((message) => message.action === BEAT && message.at > lastOther).length).toBeGreaterThan(0);
    // The room reconnects on its own.
    await expect.poll(() => lives.length).toBe(2);
    // The call went on meanwhile, and the student is one stay, not a leave and a new join.
    const packets = (await received(expert)).audioPackets;
    await expect.poll(async () => (await received(expert)).audioPackets).toBeGreaterThan(packets + 10);
    await expectConnected(student, expert, 'Paolo Phoner');
    const attendance = (await roomOf(call.student, call.orderId)).body.attendance;
    expect(attendance.find((entry) => entry.userId === call.studentId)?.stays).toHaveLength(1);

    // The student's new socket is back in the room: the expert's reloaded page reaches it, and the call connects again.
    await expert.reload();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    await expectConnected(expert, student);
    await expect.poll(async () => (await received(expert)).audioPackets).toBeGreaterThan(10);
  });
});
