/**
 * A booked call's room as its pages show it, for the rooms' browser files: joining it, waiting for
 * the call to connect (or saying where each side's connections stood) and what each side received.
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { expectAccessible, signIn, visit } from './browser';
import { relayAnswers } from './turn-server';

/**
 * The guard of a wait for a call to connect: a connection whose first round of ICE checks fails is
 * restarted (web/src/features/rooms/lib/call.ts), which on a loaded machine outlasts other waits'.
 */
const CONNECTS_MS = 45_000;

/**
 * Each of the page's connections as the browser has it, with the kinds of the candidates it gathered
 * and the number it was given: what a call that did not connect was stuck at.
 */
const connectionStates = (page: Page) =>
  page.evaluate(async () => {
    const connections = (window as unknown as { peerConnections?: RTCPeerConnection[] }).peerConnections ?? [];
    return Promise.all(
      connections.map(async (pc) => {
        const gathered: string[] = [];
        let given = 0;
        (await pc.getStats()).forEach((report: { type: string; candidateType?: string }) => {
          if (report.type === 'local-candidate') gathered.push(String(report.candidateType));
          if (report.type === 'remote-candidate') given += 1;
        });
        return `${pc.connectionState}/${pc.iceConnectionState}/${pc.signalingState}, ICE gathering ${pc.iceGatheringState}, gathered [${gathered}], given ${given}`;
      }),
    );
  });

/** Waits until `page` shows its call connected (with `name`, if given); if it never does, says where each side's connections stood. */
export async function expectConnected(page: Page, other: Page, name = ''): Promise<void> {
  const shown = `Connected with ${name}`.trim();
  try {
    await page.getByRole('status').filter({ hasText: shown }).waitFor({ timeout: CONNECTS_MS });
  } catch (error) {
    const turn = inject('turn');
    const states = {
      page: await connectionStates(page),
      other: await connectionStates(other),
      relayAnswers: turn && (await relayAnswers(turn.url, 1000)),
    };
    throw new Error(`"${shown}" not shown within ${CONNECTS_MS} ms; connections: ${JSON.stringify(states)}`, { cause: error });
  }
}

/** Keeps every RTCPeerConnection the page makes where the test can ask for its stats: the app's code is unchanged. */
export async function watchConnections(page: Page): Promise<void> {
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
export async function received(page: Page): Promise<{ framesByVideo: number[]; audioPackets: number }> {
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

export async function openRoom(page: Page, email: string, orderId: string, check = 'Check your camera and microphone', query = ''): Promise<void> {
  await watchConnections(page);
  await signIn(page, email);
  await visit(page, `/room/${orderId}${query}`);
  await page.getByRole('heading', { name: check }).waitFor();
  await expectAccessible(page, '/room (device check)');
}
