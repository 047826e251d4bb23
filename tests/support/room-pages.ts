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
export const CONNECTS_MS = 45_000;

/**
 * Each of the page's connections as the browser has it, with the kinds of the candidates it gathered,
 * the number it was given and its log: what a call that did not connect was stuck at.
 */
const connectionStates = (page: Page) =>
  page.evaluate(async () => {
    const connections = (window as unknown as { peerConnections?: (RTCPeerConnection & { log: string[] })[] }).peerConnections ?? [];
    return Promise.all(
      connections.map(async (pc) => {
        const gathered: string[] = [];
        let given = 0;
        (await pc.getStats()).forEach((report: { type: string; candidateType?: string }) => {
          if (report.type === 'local-candidate') gathered.push(String(report.candidateType));
          if (report.type === 'remote-candidate') given += 1;
        });
        return `${pc.connectionState}/${pc.iceConnectionState}/${pc.signalingState}, ICE gathering ${pc.iceGatheringState}, gathered [${gathered}], given ${given}; log: ${pc.log.join(', ')}`;
      }),
    );
  });

/**
 * Waits until `page` shows its call connected (with `name`, if given), at most `withinMs`; if it
 * never does, says where each side's connections stood.
 */
export async function expectConnected(page: Page, other: Page, name = '', withinMs = CONNECTS_MS): Promise<void> {
  const shown = `Connected with ${name}`.trim();
  try {
    await page.getByRole('status').filter({ hasText: shown }).waitFor({ timeout: withinMs });
  } catch (error) {
    const turn = inject('turn');
    const states = {
      page: await connectionStates(page),
      other: await connectionStates(other),
      relayAnswers: turn && (await relayAnswers(turn.url, 1000)),
    };
    throw new Error(`"${shown}" not shown within ${withinMs} ms; connections: ${JSON.stringify(states)}`, { cause: error });
  }
}

/**
 * Keeps every RTCPeerConnection the page makes where the test can ask for its stats, with a short
 * log of what happened to it (descriptions set, candidates gathered and added, states, restarts,
 * in ms since it was made): the app's code is unchanged.
 */
export async function watchConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = made;
    const LOG_MAX = 120;
    window.RTCPeerConnection = class extends Native {
      // Set in the constructor, not as class fields: the script runs as written in the page, without the helpers a compiler's fields would call.
      declare log: string[];
      declare born: number;
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        this.log = [];
        this.born = performance.now();
        made.push(this);
        this.addEventListener('signalingstatechange', () => this.note(`signalling ${this.signalingState}`));
        this.addEventListener('icegatheringstatechange', () => this.note(`gathering ${this.iceGatheringState}`));
        this.addEventListener('connectionstatechange', () => this.note(`connection ${this.connectionState}`));
        this.addEventListener('icecandidate', ({ candidate }) => this.note(`gathered ${candidate ? (candidate.type ?? '?') : 'end'}`));
      }
      note(what: string): void {
        if (this.log.length < LOG_MAX) this.log.push(`${Math.round(performance.now() - this.born)} ${what}`);
      }
      override async setLocalDescription(description?: RTCLocalSessionDescriptionInit): Promise<void> {
        this.note(`setLocal ${description?.type ?? 'implicit'}`);
        await super.setLocalDescription(description).catch((error: Error) => {
          this.note(`setLocal failed: ${error.message}`);
          throw error;
        });
      }
      override async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
        this.note(`setRemote ${description.type}`);
        await super.setRemoteDescription(description).catch((error: Error) => {
          this.note(`setRemote failed: ${error.message}`);
          throw error;
        });
      }
      override async addIceCandidate(candidate?: RTCIceCandidateInit | null): Promise<void> {
        await super.addIceCandidate(candidate).then(
          () => this.note('added candidate'),
          (error: Error) => {
            this.note(`add candidate failed: ${error.message}`);
            throw error;
          },
        );
      }
      override restartIce(): void {
        this.note('restartIce');
        super.restartIce();
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

/**
 * How the page plays the other side's voice: its audio element, and the sound energy of what its
 * connections receive and send (what the room's speaking indicator reads), for a wait that failed.
 */
export const audioPlayout = (page: Page) =>
  page.evaluate(async () => {
    const audio = document.querySelector('audio');
    const connections = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    const energy: string[] = [];
    for (const pc of connections)
      (await pc.getStats()).forEach(
        (report: { type: string; kind?: string; totalAudioEnergy?: number; totalSamplesReceived?: number; concealedSamples?: number }) => {
          if (report.kind === 'audio' && (report.type === 'inbound-rtp' || report.type === 'media-source'))
            energy.push(
              `${pc.connectionState} ${report.type}: energy ${report.totalAudioEnergy}, samples ${report.totalSamplesReceived}, concealed ${report.concealedSamples}`,
            );
        },
      );
    const tracks = (audio?.srcObject as MediaStream | null)?.getTracks().map((track) => `${track.kind} ${track.readyState}${track.muted ? ' muted' : ''}`);
    return { audio: audio && { paused: audio.paused, readyState: audio.readyState, tracks, error: audio.error?.message }, energy };
  });

export async function openRoom(page: Page, email: string, orderId: string, check = 'Check your camera and microphone', query = ''): Promise<void> {
  await watchConnections(page);
  await signIn(page, email);
  await visit(page, `/room/${orderId}${query}`);
  await page.getByRole('heading', { name: check }).waitFor();
  await expectAccessible(page, '/room (device check)');
}
