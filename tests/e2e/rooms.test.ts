/**
 * A booked call's room in two Chromium contexts with fake cameras and microphones, on the local
 * stack served from localhost: both join, each side's RTCPeerConnection decodes the other's video
 * and receives its audio, a screen share arrives, and leaving shows who attended (docs/rooms.md).
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { conversationPath } from '../../shared/app-paths';
import { ORDER_RULES, ROOMS } from '../../shared/limits';
import { MSG } from '../../shared/web-texts';
import { browserForFile, expectAccessible, signIn, visit } from '../support/browser';
import { advanceClock } from '../support/payments';
import { audioPlayout, expectConnected, openRoom, received } from '../support/room-pages';
import { bookedIntroduction, bookedPhoneCall, clockToStart } from '../support/rooms';

const browser = browserForFile();

/** Whether the element shows whole in its page's window as the page stands, without scrolling. */
const inWindow = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('a video call in its room', () => {
  it('connects both sides with video and sound, carries a screen share, and shows the attendance after the call', async () => {
    const call = await bookedIntroduction();
    await clockToStart(call.start);
    // The student on a phone, the expert on a laptop.
    const student = await browser.newPage({ mobile: true });
    const expert = await browser.newPage();
    await openRoom(student, call.studentEmail, call.orderId);
    await openRoom(expert, call.expertEmail, call.orderId);
    await student.getByLabel('Your camera preview').waitFor();
    // On a laptop the preview stands beside the choices, and on a phone Join is a bar at the screen's
    // bottom edge: both have it on the screen without scrolling.
    for (const page of [student, expert]) expect(await inWindow(page.getByRole('button', { name: 'Join the call' }))).toBe(true);

    await student.getByRole('button', { name: 'Join the call' }).click();
    await student.getByRole('status').filter({ hasText: 'Waiting for Rhea Roomer to join' }).waitFor();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    await expectConnected(student, expert, 'Rhea Roomer');
    await expert
      .getByRole('status')
      .filter({ hasText: /^Connected with / })
      .waitFor();
    await expectAccessible(expert, '/room (in the call)');
    // Each sees the other and the call's controls without scrolling (the Join button was below a
    // phone's fold), and the page's title has the focus the gone Join button had.
    for (const page of [student, expert]) {
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('room-title');
      for (const shown of [page.getByLabel(/’s camera$/), page.getByRole('button', { name: 'Leave' })]) expect(await inWindow(shown)).toBe(true);
    }

    // Each side decodes the other's camera and receives their microphone.
    for (const page of [student, expert]) {
      await expect.poll(async () => (await received(page)).framesByVideo[0] ?? 0).toBeGreaterThan(10);
      await expect.poll(async () => (await received(page)).audioPackets).toBeGreaterThan(10);
    }

    // The student shares their screen: the expert gets a second video, and decodes it.
    await student.getByRole('button', { name: 'Share screen' }).click();
    await expect.poll(() => student.getByRole('button', { name: 'Stop sharing' }).getAttribute('aria-pressed')).toBe('true');
    await expert.getByLabel(/shared screen$/).waitFor();
    await expect.poll(async () => (await received(expert)).framesByVideo.filter((frames) => frames > 5).length).toBe(2);

    // A message written beside the call reaches the other side's panel.
    await expert.getByLabel('Message', { exact: true }).fill('Here is the link to the exam paper.');
    await expert.getByRole('button', { name: 'Send' }).click();
    await student.getByRole('complementary', { name: 'Messages' }).getByText('Here is the link to the exam paper.').waitFor();
    // On the phone, the box to answer in is as large to touch as every field of the app (44 px at
    // least, global.css), and its text as large as the page's: a phone zooms into a smaller one.
    const box = await student.getByLabel('Message', { exact: true }).evaluate((input) => ({
      height: input.getBoundingClientRect().height,
      font: getComputedStyle(input).fontSize,
      pageFont: getComputedStyle(document.body).fontSize,
    }));
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.font).toBe(box.pageFont);

    await student.getByRole('button', { name: 'Leave' }).click();
    await student.getByText('You left the call.').waitFor();
    await expect.poll(async () => student.getByText(/^You \d\d:\d\d-\d\d:\d\d · Rhea \d\d:\d\d-\d\d:\d\d$/).count()).toBe(1);
    await expectAccessible(student, '/room (after the call)');
    await expert.getByRole('status').filter({ hasText: 'Waiting for' }).waitFor();

    // Once the room has closed, the conversation shows who attended, and no way into the room.
    await advanceClock(`${ROOMS.opensBeforeMinutes / 2 + ORDER_RULES.introMinutes + ROOMS.closesAfterMinutes + 1}m`);
    await visit(student, conversationPath(call.orderId));
    const order = student.getByRole('region', { name: 'Order' });
    await order.getByText(/^You \d\d:\d\d-\d\d:\d\d · Rhea \d\d:\d\d-\d\d:\d\d$/).waitFor();
    expect(await order.getByRole('link', { name: 'Join the call' }).count()).toBe(0);
  });
});

describe('a phone call in its room', () => {
  it('carries sound alone both ways, names both sides with who is speaking, and no camera', async () => {
    const call = await bookedPhoneCall();
    await clockToStart(call.start);
    const student = await browser.newPage();
    const expert = await browser.newPage();
    await openRoom(student, call.studentEmail, call.orderId, 'Check your microphone');
    await openRoom(expert, call.expertEmail, call.orderId, 'Check your microphone');
    expect(await student.getByLabel('Your camera preview').count()).toBe(0);
    await student.getByRole('heading', { name: 'Phone call with Paolo Phoner' }).waitFor();

    await student.getByRole('button', { name: 'Join the call' }).click();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    await expectConnected(student, expert, 'Paolo Phoner');
    const voices = student.getByRole('list', { name: 'Who is on the call' });
    await voices.getByText('Paolo Phoner').waitFor();
    expect(await student.getByRole('button', { name: /camera/i }).count()).toBe(0);
    await expectAccessible(student, '/room (a phone call)');

    for (const page of [student, expert]) {
      await expect.poll(async () => (await received(page)).audioPackets).toBeGreaterThan(10);
      expect((await received(page)).framesByVideo).toEqual([]);
    }
    // The fake microphone beeps: the other side's name shows who is speaking.
    await voices
      .getByText('is speaking')
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`Nobody shown speaking; the student's audio: ${JSON.stringify(await audioPlayout(student))}`, { cause: error });
      });
  });
});

describe('a no-show in the room', () => {
  it('is reported in one click by the side left waiting, and contested from the conversation by the side reported absent', async () => {
    const call = await bookedIntroduction();
    await clockToStart(call.start, -(ROOMS.noShowAfterMinutes + 1));
    const student = await browser.newPage();
    await openRoom(student, call.studentEmail, call.orderId);
    await student.getByRole('button', { name: 'Join the call' }).click();
    await student.getByRole('status').filter({ hasText: 'Waiting for Rhea Roomer to join' }).waitFor();
    await student.getByRole('button', { name: 'Report that Rhea did not come' }).click();
    await student.getByText(MSG.noShowReported).waitFor();
    expect(await student.getByRole('button', { name: 'Report that Rhea did not come' }).count()).toBe(0);

    const expert = await browser.newPage();
    await signIn(expert, call.expertEmail);
    await visit(expert, conversationPath(call.orderId));
    await expert.getByRole('button', { name: 'I was there: contest the report' }).click();
    await expert.getByText(MSG.noShowContested).waitFor();
    await expectAccessible(expert, '/messages (a contested no-show)');
    // The room is still open: the conversation leads into it.
    await expert.getByRole('region', { name: 'Order' }).getByRole('link', { name: 'Join the call' }).click();
    await expert.getByRole('heading', { name: 'Check your camera and microphone' }).waitFor();
    await visit(student, conversationPath(call.orderId));
    await student.getByText('Rhea Roomer contested the no-show report; an admin decides').waitFor();
  });
});
