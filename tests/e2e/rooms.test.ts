/**
 * A booked call's room in two Chromium contexts with fake cameras and microphones, on the local
 * stack served from localhost: both join, each side's RTCPeerConnection decodes the other's video
 * and receives its audio, a screen share arrives, and leaving shows who attended (docs/rooms.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, expectAccessible, logIn, visit } from '../support/browser';
import { bookedIntroduction, bookedPhoneCall, clockToStart } from '../support/rooms';

const browser = browserForFile();

/** Keeps every RTCPeerConnection the page makes where the test can ask for its stats: the app's code is unchanged. */
async function watchConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** What the page's open connection received: decoded video frames per video stream, and audio packets. */
async function received(page: Page): Promise<{ framesByVideo: number[]; audioPackets: number }> {
  return page.evaluate(async () => {
    const open = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.filter((pc) => pc.connectionState !== 'closed');
    const framesByVideo: number[] = [];
    let audioPackets = 0;
    for (const pc of open) {
      (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number; packetsReceived?: number }) => {
        if (report.type !== 'inbound-rtp') return;
        if (report.kind === 'video') framesByVideo.push(report.framesDecoded ?? 0);
        if (report.kind === 'audio') audioPackets += report.packetsReceived ?? 0;
      });
    }
    return { framesByVideo, audioPackets };
  });
}

async function openRoom(page: Page, email: string, orderId: string, check = 'Check your camera and microphone'): Promise<void> {
  await watchConnections(page);
  await logIn(page, email);
  await visit(page, `/room/${orderId}`);
  await page.getByRole('heading', { name: check }).waitFor();
  await expectAccessible(page, '/room (device check)');
}

describe('a video call in its room', () => {
  it('connects both sides with video and sound, carries a screen share, and shows the attendance after the call', async () => {
    const call = await bookedIntroduction();
    await clockToStart(call.start);
    const student = await browser.newPage();
    const expert = await browser.newPage();
    await openRoom(student, call.studentEmail, call.orderId);
    await openRoom(expert, call.expertEmail, call.orderId);
    await student.getByLabel('Your camera preview').waitFor();

    await student.getByRole('button', { name: 'Join the call' }).click();
    await student.getByRole('status').filter({ hasText: 'Waiting for Rhea Roomer to join' }).waitFor();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    await student.getByRole('status').filter({ hasText: 'Connected with Rhea Roomer' }).waitFor();
    await expert
      .getByRole('status')
      .filter({ hasText: /^Connected with / })
      .waitFor();
    await expectAccessible(expert, '/room (in the call)');

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

    await student.getByRole('button', { name: 'Leave' }).click();
    await student.getByText('You left the call.').waitFor();
    await expect.poll(async () => student.getByText(/^You \d\d:\d\d-\d\d:\d\d · Rhea \d\d:\d\d-\d\d:\d\d$/).count()).toBe(1);
    await expectAccessible(student, '/room (after the call)');
    await expert.getByRole('status').filter({ hasText: 'Waiting for' }).waitFor();
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
    await student.getByRole('status').filter({ hasText: 'Connected with Paolo Phoner' }).waitFor();
    const voices = student.getByRole('list', { name: 'Who is on the call' });
    await voices.getByText('Paolo Phoner').waitFor();
    expect(await student.getByRole('button', { name: /camera/i }).count()).toBe(0);
    await expectAccessible(student, '/room (a phone call)');

    for (const page of [student, expert]) {
      await expect.poll(async () => (await received(page)).audioPackets).toBeGreaterThan(10);
      expect((await received(page)).framesByVideo).toEqual([]);
    }
    // The fake microphone beeps: the other side's name shows who is speaking.
    await voices.getByText('is speaking').waitFor();
  });
});
