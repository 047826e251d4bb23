/**
 * A call's realtime socket under API Gateway's two limits (10 minutes idle, 2 hours in all), which
 * the local gateway applies shortened for the test: the room's beats keep the socket in use past the
 * idle limit, and when its life ends the room reconnects on its own and the call carries on as one
 * stay (docs/rooms.md). Apart from the rooms' other browser tests: it waits out a socket's life.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOMS } from '../../shared/limits';
import { browserForFile } from '../support/browser';
import { expectConnected, openRoom, received } from '../support/room-pages';
import { bookedPhoneCall, clockToStart, roomOf, setSocketLimits } from '../support/rooms';

const browser = browserForFile();

/** What the page's sockets did: when each opened and closed, and when it sent what (ms since the page loaded). */
interface SocketLife {
  openedAt?: number;
  closedAt?: number;
  sent: { at: number; action: string }[];
}

/** Records each WebSocket's life in the page: the realtime socket's. */
async function watchSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const lives: SocketLife[] = [];
    (window as unknown as { socketLives: typeof lives }).socketLives = lives;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        const life: (typeof lives)[number] = { sent: [] };
        lives.push(life);
        this.addEventListener('open', () => {
          life.openedAt = performance.now();
        });
        this.addEventListener('close', () => {
          life.closedAt = performance.now();
        });
        const send = this.send.bind(this);
        this.send = (data) => {
          life.sent.push({ at: performance.now(), action: typeof data === 'string' ? String(JSON.parse(data).action) : '' });
          send(data);
        };
      }
    } as typeof WebSocket;
  });
}

/** The room's attendance report, sent every ROOMS.attendanceBeatSeconds while media flows: the call's heartbeat. */
const BEAT = 'roomMedia';

const socketLives = (page: Page) =>
  page.evaluate(() => (window as unknown as { socketLives: SocketLife[] }).socketLives.filter((life) => life.openedAt !== undefined));

describe('a call’s sockets under API Gateway’s limits', () => {
  afterEach(() => setSocketLimits());

  // A phone call: what the sockets do is the same for every call, and sound alone spares the machine two video streams for a minute.
  it('keeps its socket alive past the idle limit, reconnects when the socket’s life ends, and carries the call on', async () => {
    // Idle longer than a beat's period (ROOMS.attendanceBeatSeconds, 20 s) by a margin for a late timer; the life long enough
    // that, without the beats, the idle limit would end the socket first: its last other message is its join, seconds after it opened.
    const limits = { idleSeconds: ROOMS.attendanceBeatSeconds + 4, lifetimeSeconds: 38 };
    const call = await bookedPhoneCall();
    await clockToStart(call.start);
    await setSocketLimits(limits);
    const student = await browser.newPage();
    const expert = await browser.newPage();
    await watchSockets(student);
    await openRoom(student, call.studentEmail, call.orderId, 'Check your microphone');
    await openRoom(expert, call.expertEmail, call.orderId, 'Check your microphone');
    await student.getByRole('button', { name: 'Join the call' }).click();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    await expectConnected(student, expert, 'Paolo Phoner');

    // The gateway ends the socket at the end of its life, not when idle: after its last other message (the join and its
    // signalling), the room's beats alone kept it in use for longer than the idle limit.
    await expect.poll(async () => (await socketLives(student)).length, { timeout: (limits.lifetimeSeconds + 20) * 1000 }).toBe(2);
    const [first] = await socketLives(student);
    expect(first.closedAt! - first.openedAt!).toBeGreaterThanOrEqual((limits.lifetimeSeconds - 1) * 1000);
    expect(first.sent.map((message) => message.action)).toContain('joinRoom');
    const lastOther = Math.max(...first.sent.filter((message) => message.action !== BEAT).map((message) => message.at));
    expect(first.closedAt! - lastOther).toBeGreaterThan(limits.idleSeconds * 1000);
    expect(first.sent.filter((message) => message.action === BEAT && message.at > lastOther).length).toBeGreaterThan(0);
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
