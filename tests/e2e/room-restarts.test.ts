/**
 * A room's call when its signals are lost on the way (docs/rooms.md, decisions 321 and 336): the
 * candidates each page sends in its first seconds never reach the server, and only the call's own
 * restarts, first of ICE, then afresh with a new connection on both sides, get it going. The pages'
 * clocks are moved on to each restart once nothing else can happen (decision 343): the room's timers
 * and the loss's window run on them, the browsers' ICE and the server on real time.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ROOMS } from '../../shared/limits';
import { browserForFile } from '../support/browser';
import { expectConnected, openRoom, received } from '../support/room-pages';
import { bookedIntroduction, bookedPhoneCall, clockToStart } from '../support/rooms';

const browser = browserForFile();

/** The connection state of each RTCPeerConnection the page made, oldest first. */
const connectionStatesMade = (page: Page) =>
  page.evaluate(() => (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.map((pc) => pc.connectionState));

/**
 * Loses every ICE candidate the page sends in its first `lossMs` on the way to the server, as posts
 * that fail would (counted from its first candidate): the candidate messages, and the candidates
 * an offer or answer sent meanwhile carries in its SDP (the room sends a connection's
 * `localDescription`, which holds those gathered by then: an offer resent, or an answer made late,
 * under load may carry some).
 */
async function loseCandidates(page: Page, lossMs: number): Promise<void> {
  await page.addInitScript((lossMs) => {
    const send = WebSocket.prototype.send;
    const lost = { since: undefined as number | undefined, count: 0 };
    (window as unknown as { lostCandidates: typeof lost }).lostCandidates = lost;
    const losing = () => lost.since !== undefined && performance.now() - lost.since < lossMs;
    WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
      if (typeof data === 'string' && data.includes('"action":"roomCandidate"')) {
        lost.since ??= performance.now();
        if (losing()) {
          lost.count += 1;
          return;
        }
      }
      if (typeof data === 'string' && /"action":"room(Offer|Answer)"/.test(data) && losing()) {
        const message = JSON.parse(data) as { sdp: string };
        message.sdp = message.sdp
          .split('\r\n')
          .filter((line) => !line.startsWith('a=candidate:') && line !== 'a=end-of-candidates')
          .join('\r\n');
        send.call(this, JSON.stringify(message));
        return;
      }
      send.call(this, data);
    };
  }, lossMs);
}

const lostCandidates = (page: Page) => page.evaluate(() => (window as unknown as { lostCandidates: { count: number } }).lostCandidates.count);

/** A remote end's address as its own side knows it: one that Chrome shows by its port only is on the relay's loopback. */
const seenFrom = (remoteAddress: string | undefined) => remoteAddress?.replace(/^:/, '127.0.0.1:');

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

/** The page's newest connection: its ICE credentials (new at each restart), whether it gathered all its candidates, and its state. */
const newestConnection = (page: Page) =>
  page.evaluate(() => {
    const made = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    const pc = made.at(-1);
    return {
      ufrag: /a=ice-ufrag:(\S+)/.exec(pc?.localDescription?.sdp ?? '')?.[1],
      gathered: pc?.iceGatheringState === 'complete',
      state: pc?.connectionState,
    };
  });

/**
 * Waits until each page's newest connection has gathered every candidate of its current ICE
 * credentials (other than `before`, the page's earlier ones) and lost some: nothing that page sent
 * since can connect the call. Returns each page's credentials.
 */
async function gatheredAndLost(pages: Page[], before: (string | undefined)[] = []): Promise<(string | undefined)[]> {
  const credentials: (string | undefined)[] = [];
  for (const [index, page] of pages.entries()) {
    await expect
      .poll(async () => {
        const { ufrag, gathered } = await newestConnection(page);
        return gathered && ufrag !== undefined && ufrag !== before[index] && (await lostCandidates(page)) > 0;
      })
      .toBe(true);
    credentials.push((await newestConnection(page)).ufrag);
  }
  return credentials;
}

/**
 * Moves the pages' clocks on by `ms` at once, as if that long went by with nothing else happening:
 * the room's timers (its restarts) and the loss's window run on the page's clock (decision 343).
 * The polite side's first: its window ends before the impolite side's restart reaches it.
 */
async function timePasses(call: { studentId: string; expertId: string }, student: Page, expert: Page, ms: number): Promise<void> {
  const politeFirst = call.studentId > call.expertId ? [student, expert] : [expert, student];
  for (const page of politeFirst) await page.clock.fastForward(ms);
}

/** Two room pages whose clocks the test moves on (timePasses), each losing its first `lossMs` of candidates. */
async function pagesLosingCandidates(lossMs: number): Promise<[Page, Page]> {
  const pages: [Page, Page] = [await browser.newPage(), await browser.newPage()];
  for (const page of pages) {
    await page.clock.install();
    await loseCandidates(page, lossMs);
  }
  return pages;
}

describe('a video call through the relay', () => {
  it('connects through the TURN server alone when the room is told to, with video both ways, even when the first try’s candidates are lost', async () => {
    expect(inject('turn'), 'coturn is not installed (`apt-get install coturn`, as .ci/run does)').not.toBeNull();
    const call = await bookedIntroduction();
    await clockToStart(call.start);
    // The first try's candidates are lost, and any renegotiation's made as it starts. With no
    // candidate from the other side, neither connection has a pair to check: only the call's ICE
    // restart (ROOMS.connectRestartSeconds) gets it going.
    const [student, expert] = await pagesLosingCandidates((ROOMS.connectRestartSeconds * 1000) / 2);
    await openRoom(student, call.studentEmail, call.orderId, undefined, '?transport=relay');
    await openRoom(expert, call.expertEmail, call.orderId, undefined, '?transport=relay');
    await student.getByRole('button', { name: 'Join the call' }).click();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    await gatheredAndLost([student, expert]);
    for (const page of [student, expert]) expect((await newestConnection(page)).state).not.toBe('connected');

    await timePasses(call, student, expert, ROOMS.connectRestartSeconds * 1000);
    await expectConnected(student, expert, 'Rhea Roomer');
    for (const page of [student, expert]) {
      // The same connection, restarted.
      expect(await connectionStatesMade(page)).toEqual(['connected']);
      await expect.poll(async () => (await received(page)).framesByVideo[0] ?? 0).toBeGreaterThan(10);
    }
    // Each side sends from its own relay address to the other's: no direct path was tried. The
    // remote end may be known from the other's checks before its candidate came (`prflx`), so it is
    // matched by address; Chrome then shows such an end's port only, its address hidden ("").
    const [studentPair] = await candidatePairsUsed(student);
    const [expertPair] = await candidatePairsUsed(expert);
    expect([studentPair?.local, expertPair?.local]).toEqual(['relay', 'relay']);
    // The run's coturn relays on loopback (tests/support/turn-server.ts), an allocation for each side.
    for (const pair of [studentPair, expertPair]) expect(pair?.localAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(seenFrom(studentPair?.remoteAddress)).toBe(expertPair?.localAddress);
    expect(seenFrom(expertPair?.remoteAddress)).toBe(studentPair?.localAddress);
  });
});

describe('a call whose ICE restart does not help either', () => {
  it('starts afresh, with a new connection on both sides, and connects with sound both ways', async () => {
    const call = await bookedPhoneCall();
    await clockToStart(call.start);
    // Lost until after the ICE restart (ROOMS.connectRestartSeconds) and before the restart afresh,
    // twice as long after it: only that one gets the call going.
    const [student, expert] = await pagesLosingCandidates(ROOMS.connectRestartSeconds * 1000 * 2.5);
    await openRoom(student, call.studentEmail, call.orderId, 'Check your microphone');
    await openRoom(expert, call.expertEmail, call.orderId, 'Check your microphone');
    await student.getByRole('button', { name: 'Join the call' }).click();
    await expert.getByRole('button', { name: 'Join the call' }).click();
    const firstTry = await gatheredAndLost([student, expert]);

    await timePasses(call, student, expert, ROOMS.connectRestartSeconds * 1000);
    // The ICE restart renewed both sides' credentials, and its candidates were lost as well.
    await gatheredAndLost([student, expert], firstTry);
    for (const page of [student, expert]) expect(await connectionStatesMade(page)).not.toContain('connected');

    await timePasses(call, student, expert, 2 * ROOMS.connectRestartSeconds * 1000);
    await expectConnected(student, expert, 'Paolo Phoner');
    for (const page of [student, expert]) {
      // The first connection, closed, and the one that connected.
      expect(await connectionStatesMade(page)).toEqual(['closed', 'connected']);
      await expect.poll(async () => (await received(page)).audioPackets).toBeGreaterThan(10);
    }
  });
});
