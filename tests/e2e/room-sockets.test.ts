/**
 * A call's realtime socket under API Gateway's two limits (10 minutes idle, 2 hours in all), which
 * the local gateway applies shortened for the test: the room's beats keep the socket in use past the
 * idle limit, and when its life ends the room reconnects on its own and the call carries on as one
 * stay (docs/rooms.md). Apart from the rooms' other browser tests: it waits out a socket's life.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { browserForFile } from '../support/browser';
import { expectConnected, openRoom, received } from '../support/room-pages';
import { bookedPhoneCall, clockToStart, roomOf, setSocketLimits } from '../support/rooms';

const browser = browserForFile();

/** When each WebSocket the page opened was open and closed (ms since the page loaded): the realtime socket's life. */
async function watchSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const lives: { openedAt?: number; closedAt?: number }[] = [];
    (window as unknown as { socketLives: typeof lives }).socketLives = lives;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        const life: (typeof lives)[number] = {};
        lives.push(life);
        this.addEventListener('open', () => {
          life.openedAt = performance.now();
        });
        this.addEventListener('close', () => {
          life.closedAt = performance.now();
        });
      }
    } as typeof WebSocket;
  });
}

const socketLives = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { socketLives: { openedAt?: number; closedAt?: number }[] }).socketLives.filter((life) => life.openedAt !== undefined),
  );

describe('a call’s sockets under API Gateway’s limits', () => {
  afterEach(() => setSocketLimits());

  // A phone call: what the sockets do is the same for every call, and sound alone spares the machine two video streams for a minute.
  it('keeps its socket alive past the idle limit, reconnects when the socket’s life ends, and carries the call on', async () => {
    const limits = { idleSeconds: 25, lifetimeSeconds: 35 };
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

    // The gateway ends the socket at the end of its life, not when idle: the room's beats kept it in use.
    await expect.poll(async () => (await socketLives(student)).length, { timeout: (limits.lifetimeSeconds + 20) * 1000 }).toBe(2);
    const [first] = await socketLives(student);
    expect(first.closedAt! - first.openedAt!).toBeGreaterThanOrEqual((limits.idleSeconds + 1) * 1000);
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
