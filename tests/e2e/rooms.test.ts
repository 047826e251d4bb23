/**
 * A booked call's room in two Chromium contexts with fake cameras and microphones, on the local
 * stack served from localhost: both join, each side's RTCPeerConnection decodes the other's video
 * and receives its audio, a screen share arrives, and leaving shows who attended (docs/rooms.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { conversationPath } from '../../shared/app-paths';
import { ORDER_RULES, ROOMS } from '../../shared/limits';
import { MSG } from '../../shared/web-texts';
import { browserForFile, expectAccessible, signIn, visit } from '../support/browser';
import { advanceClock } from '../support/payments';
import { expectConnected, openRoom, received } from '../support/room-pages';
import { bookedIntroduction, bookedPhoneCall, clockToStart } from '../support/rooms';

const browser = browserForFile();

/**
 * Loses every ICE candidate the page sends in its first half of ROOMS.connectRestartSeconds on the
 * way to the server, as posts that fail would: the first try's, and any renegotiation's made as it
 * starts. Only a restart's candidates go.
 */
async function loseFirstTryCandidates(page: Page): Promise<void> {
  await page.addInitScript(
    (lossMs) => {
      const send = WebSocket.prototype.send;
      const lost = { since: undefined as number | undefined, count: 0 };
      (window as unknown as { lostCandidates: typeof lost }).lostCandidates = lost;
      WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
        if (typeof data === 'string' && data.includes('"action":"roomCandidate"')) {
          lost.since ??= performance.now();
          if (performance.now() - lost.since < lossMs) {
            lost.count += 1;
            return;
          }
        }
        send.call(this, data);
      };
    },
    (ROOMS.connectRestartSeconds * 1000) / 2,
  );
}

const lostCandidates = (page: Page) => page.evaluate(() => (window as unknown as { lostCandidates: { count: number } }).lostCandidates.count);

/**
 * The local and remote candidates (kind, `host`, `relay`…, and address) of the pair each open
 * connection of the page sends over.
 */
async function candidatePairsUsed(page: Page): Promise<{ local: string; localAddress: string; remote: string; remoteAddress: string }[]> {
  return page.evaluate(async () => {
    const open = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.filter((pc) => pc.connectionState !== 'closed');
    const pairs: { local: string; localAddress: string; remote: string; remoteAddress: string }[] = [];
    for (const pc of open) {
      const reports = new Map<string, { type: string; [key: string]: unknown }>();
      (await pc.getStats()).forEach((report) => {
        reports.set(report.id, report);
      });
      const transport = [...reports.values()].find((report) => report.type === 'transport');
      const pair = reports.get(String(transport?.selectedCandidatePairId));
      if (!pair) continue;
      const candidate = (id: unknown) => reports.get(String(id));
      const addressOf = (id: unknown) => `${candidate(id)?.address}:${candidate(id)?.port}`;
      pairs.push({
        local: String(candidate(pair.localCandidateId)?.candidateType),
        localAddress: addressOf(pair.localCandidateId),
        remote: String(candidate(pair.remoteCandidateId)?.candidateType),
        remoteAddress: addressOf(pair.remoteCandidateId),
      });
    }
    return pairs;
  });
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
    await expectConnected(student, expert, 'Rhea Roomer');
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
    await voices.getByText('is speaking').waitFor();
  });
});

describe('a video call through the relay', () => {
  it('connects through the TURN server alone when the room is told to, with video both ways, even when the first try’s candidates are lost', async () => {
    expect(inject('turn'), 'coturn is not installed (`apt-get install coturn`, as .ci/run does)').not.toBeNull();
    const call = await bookedIntroduction();
    await clockToStart(call.start);
    const student = await browser.newPage();
    const expert = await browser.newPage();
    // With no candidate from the other side, neither connection has a pair to check: only the
    // room's restart (ROOMS.connectRestartSeconds) gets the call going.
    await loseFirstTryCandidates(student);
    await loseFirstTryCandidates(expert);
    await openRoom(student, call.studentEmail, call.orderId, undefined, '?transport=relay');
    await openRoom(expert, call.expertEmail, call.orderId, undefined, '?transport=relay');
    await student.getByRole('button', { name: 'Join the call' }).click();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    await expectConnected(student, expert, 'Rhea Roomer');

    for (const page of [student, expert]) {
      expect(await lostCandidates(page)).toBeGreaterThan(0);
      await expect.poll(async () => (await received(page)).framesByVideo[0] ?? 0).toBeGreaterThan(10);
    }
    // Each side sends from its own relay address to the other's: no direct path was tried. The
    // remote end may be known from the other's checks before its candidate came (`prflx`), so it is
    // matched by address.
    const [studentPair] = await candidatePairsUsed(student);
    const [expertPair] = await candidatePairsUsed(expert);
    expect([studentPair?.local, expertPair?.local]).toEqual(['relay', 'relay']);
    // The run's coturn relays on loopback (tests/support/turn-server.ts), an allocation for each side.
    for (const pair of [studentPair, expertPair]) expect(pair?.localAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(studentPair?.remoteAddress).toBe(expertPair?.localAddress);
    expect(expertPair?.remoteAddress).toBe(studentPair?.localAddress);
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
