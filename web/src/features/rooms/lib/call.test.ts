/**
 * A call's state until the server has it in the room, and its relay credentials over a long session: asked again shortly before they end, handed to
 * the connection of now, and to any later one. The browser's RTCPeerConnection and the realtime
 * channel are stood in for: jsdom has neither.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOMS } from '@shared/limits';
import type { IceServerView, IceServersView } from '@shared/schemas/rooms';
import type { RealtimeListener } from '@/lib/realtime';

const channel = vi.hoisted(() => ({ listeners: [] as RealtimeListener[], sent: [] as unknown[] }));
vi.mock('@/lib/realtime', () => ({
  realtime: {
    subscribe(listener: RealtimeListener) {
      channel.listeners.push(listener);
      return () => undefined;
    },
    joinRoom: () => undefined,
    sendToRoom: (action: unknown) => {
      channel.sent.push(action);
      return true;
    },
  },
}));

/** What the call does with its connections: their configuration, and the ones set later. */
class FakeConnection {
  static made: FakeConnection[] = [];
  readonly configurations: RTCConfiguration[] = [];
  signalingState = 'stable';
  connectionState = 'new';
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  constructor(private configuration: RTCConfiguration) {
    FakeConnection.made.push(this);
    this.configurations.push(configuration);
  }
  getConfiguration = () => this.configuration;
  setConfiguration(configuration: RTCConfiguration) {
    this.configuration = configuration;
    this.configurations.push(configuration);
  }
  addTransceiver = () => undefined;
  addTrack = () => undefined;
  restarts = 0;
  restartIce() {
    this.restarts += 1;
  }
  onnegotiationneeded: (() => Promise<void>) | null = null;
  /** As the browser makes an offer (this side then waits for the other's answer), or answers the other's. */
  async setLocalDescription() {
    const answering = this.signalingState === 'have-remote-offer';
    this.localDescription = answering ? { type: 'answer', sdp: 'the answer' } : { type: 'offer', sdp: 'the offer' };
    this.signalingState = answering ? 'stable' : 'have-local-offer';
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  close() {
    this.signalingState = 'closed';
  }
  getStats = async () => new Map();
}

const MINUTE = 60_000;
const relay = (name: string): IceServerView => ({ urls: [`turn:${name}.example:3478`], username: name, credential: 'secret' });
const ice = (name: string, endsInMs: number): IceServersView => ({ iceServers: [relay(name)], expiresAt: new Date(Date.now() + endsInMs).toISOString() });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('RTCPeerConnection', FakeConnection);
  FakeConnection.made = [];
  channel.listeners = [];
  channel.sent = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The server's notice, as every listener of the channel hears it. */
const hear = (notice: Parameters<RealtimeListener>[0]) => {
  for (const listener of channel.listeners) listener(notice);
};

/** A call started in order-1's room; `joined` (the default) has the server answer that the other side is there. */
async function startedCall(
  askIceServers: () => Promise<IceServersView>,
  { joined = true, polite = true, onState = () => undefined }: { joined?: boolean; polite?: boolean; onState?: (state: string) => void } = {},
) {
  const { startCall } = await import('./call');
  const call = startCall({
    orderId: 'order-1',
    polite,
    local: undefined,
    audioOnly: false,
    ice: ice('first', 10 * MINUTE),
    askIceServers,
    relayOnly: false,
    onState,
    onRemote: () => undefined,
  });
  if (joined) hear({ type: 'roomJoined', orderId: 'order-1', peerPresent: true });
  return call;
}

describe('a call’s relay credentials', () => {
  it('are asked again shortly before they end, and set on the connection; the next ones likewise', async () => {
    const names = ['second', 'third', 'fourth'];
    const asked = vi.fn(async () => ice(names.shift() ?? 'later', 60 * MINUTE));
    const call = await startedCall(asked);
    const [connection] = FakeConnection.made;
    expect(connection.configurations[0].iceServers).toEqual([relay('first')]);

    await vi.advanceTimersByTimeAsync(10 * MINUTE - ROOMS.iceRenewSeconds * 1000);
    expect(asked).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync((ROOMS.iceRenewSeconds * 1000) / 2);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(connection.configurations.at(-1)?.iceServers).toEqual([relay('second')]);

    await vi.advanceTimersByTimeAsync(60 * MINUTE - 1);
    expect(asked).toHaveBeenCalledTimes(2);
    expect(connection.configurations.at(-1)?.iceServers).toEqual([relay('third')]);

    // Left: nothing more is asked.
    call.end();
    await vi.advanceTimersByTimeAsync(2 * 60 * MINUTE);
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it('asked in vain, are asked again a little later, and a new connection gathers with the last ones given', async () => {
    let failures = 1;
    const asked = vi.fn(async () => {
      if (failures-- > 0) throw new Error('offline');
      return ice('second', 60 * MINUTE);
    });
    const call = await startedCall(asked);
    await vi.advanceTimersByTimeAsync(10 * MINUTE - (ROOMS.iceRenewSeconds * 1000) / 2);
    expect(asked).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync((ROOMS.iceRenewSeconds * 1000) / 2);
    expect(asked).toHaveBeenCalledTimes(2);

    // The other side's page reloads: its new call's offer starts a new connection, with the fresh credentials.
    hear({ type: 'roomPeer', orderId: 'order-1', present: false });
    hear({ type: 'roomPeer', orderId: 'order-1', present: true });
    expect(FakeConnection.made).toHaveLength(2);
    expect(FakeConnection.made[1].configurations[0].iceServers).toEqual([relay('second')]);
    call.end();
  });
});

describe('a call’s state before the other side comes', () => {
  it('is joining until the server has the page in the room, then waiting: only then may a no-show be reported from it', async () => {
    const states: string[] = [];
    const call = await startedCall(async () => ice('second', 60 * MINUTE), { joined: false, onState: (state) => states.push(state) });
    expect(states).toEqual(['joining']);
    // Another room's answer is not this one's.
    hear({ type: 'roomJoined', orderId: 'order-2', peerPresent: false });
    expect(states).toEqual(['joining']);
    hear({ type: 'roomJoined', orderId: 'order-1', peerPresent: false });
    expect(states).toEqual(['joining', 'waiting']);
    expect(FakeConnection.made).toHaveLength(0);
    call.end();
  });
});

describe('a call’s signals lost while a socket was down', () => {
  it('sends its description again, candidates and all, when a side comes back into the room before the call ever connected', async () => {
    const call = await startedCall(async () => ice('second', 60 * MINUTE));
    const [connection] = FakeConnection.made;
    connection.localDescription = { type: 'offer', sdp: 'the offer, with its candidates' };
    connection.connectionState = 'connecting';
    channel.sent = [];

    // This page's socket is back: the server has it in the room again.
    hear({ type: 'roomJoined', orderId: 'order-1', peerPresent: true });
    expect(channel.sent).toEqual([{ action: 'roomOffer', orderId: 'order-1', instance: expect.any(String), sdp: 'the offer, with its candidates' }]);
    // The other side's socket is back: an answer given is sent again likewise.
    connection.localDescription = { type: 'answer', sdp: 'the answer' };
    hear({ type: 'roomPeer', orderId: 'order-1', present: true });
    expect(channel.sent.at(-1)).toMatchObject({ action: 'roomAnswer', sdp: 'the answer' });
    // The same connection goes on: nothing is interrupted.
    expect(FakeConnection.made).toEqual([connection]);
    call.end();
  });

  it('sends an offer left unanswered again every few seconds, whatever the sockets did, until it is answered', async () => {
    const call = await startedCall(async () => ice('second', 60 * MINUTE), { polite: false });
    const [connection] = FakeConnection.made;
    await connection.onnegotiationneeded?.();
    const offer = { action: 'roomOffer', orderId: 'order-1', instance: expect.any(String), sdp: 'the offer' };
    expect(channel.sent).toEqual([offer]);

    // Its post failed on the way: no answer comes, and both sockets stay up.
    await vi.advanceTimersByTimeAsync(ROOMS.offerResendSeconds * 1000 - 1);
    expect(channel.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(channel.sent).toEqual([offer, offer]);
    await vi.advanceTimersByTimeAsync(ROOMS.offerResendSeconds * 1000);
    expect(channel.sent).toEqual([offer, offer, offer]);

    // Answered: nothing more is sent, and the same connection goes on.
    connection.signalingState = 'stable';
    connection.connectionState = 'connected';
    await vi.advanceTimersByTimeAsync(10 * ROOMS.offerResendSeconds * 1000);
    expect(channel.sent).toHaveLength(3);
    expect(FakeConnection.made).toEqual([connection]);

    // An ICE restart's offer is watched alike, and a call left sends nothing more.
    await connection.onnegotiationneeded?.();
    await vi.advanceTimersByTimeAsync(ROOMS.offerResendSeconds * 1000);
    expect(channel.sent).toHaveLength(5);
    call.end();
    await vi.advanceTimersByTimeAsync(10 * ROOMS.offerResendSeconds * 1000);
    expect(channel.sent).toHaveLength(5);
  });

  it('leaves a connection that did connect to its ICE restarts, and sends nothing before a description is made', async () => {
    const call = await startedCall(async () => ice('second', 60 * MINUTE));
    const [connection] = FakeConnection.made;
    hear({ type: 'roomPeer', orderId: 'order-1', present: true });
    expect(channel.sent).toEqual([]);

    connection.localDescription = { type: 'offer', sdp: 'the offer' };
    for (const state of ['connected', 'disconnected']) {
      connection.connectionState = state;
      hear({ type: 'roomJoined', orderId: 'order-1', peerPresent: true });
      hear({ type: 'roomPeer', orderId: 'order-1', present: true });
    }
    expect(channel.sent).toEqual([]);
    expect(FakeConnection.made).toEqual([connection]);
    call.end();
  });
});

describe('a new connection’s first offer', () => {
  it('is the impolite side’s: the polite side answers it, and offers itself only when none came in time', async () => {
    const call = await startedCall(async () => ice('second', 60 * MINUTE));
    const [connection] = FakeConnection.made;
    const negotiating = connection.onnegotiationneeded?.();
    await vi.advanceTimersByTimeAsync(ROOMS.politeOfferWaitSeconds * 1000 - 1);
    expect(channel.sent).toEqual([]);
    hear({ type: 'roomOffer', orderId: 'order-1', instance: 'their-call', sdp: 'their offer' });
    await vi.advanceTimersByTimeAsync(1);
    await negotiating;
    expect(channel.sent).toEqual([{ action: 'roomAnswer', orderId: 'order-1', instance: expect.any(String), sdp: 'the answer' }]);
    expect(connection.remoteDescription).toEqual({ type: 'offer', sdp: 'their offer' });

    // The other side kept its connection with an earlier page of this one: no offer comes, and the polite side makes its own.
    hear({ type: 'roomPeer', orderId: 'order-1', present: false });
    hear({ type: 'roomPeer', orderId: 'order-1', present: true });
    const alone = FakeConnection.made[1];
    channel.sent = [];
    const offering = alone.onnegotiationneeded?.();
    await vi.advanceTimersByTimeAsync(ROOMS.politeOfferWaitSeconds * 1000 - 1);
    expect(channel.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await offering;
    expect(channel.sent).toEqual([{ action: 'roomOffer', orderId: 'order-1', instance: expect.any(String), sdp: 'the offer' }]);
    call.end();
  });
});

describe('a call that does not connect', () => {
  it('is restarted by its impolite side until it connects, ICE first, then afresh under a new call id, each time twice as long after, and never by the polite side', async () => {
    const impolite = await startedCall(async () => ice('second', 60 * MINUTE), { polite: false });
    const polite = await startedCall(async () => ice('second', 60 * MINUTE));
    const [waiting, other] = FakeConnection.made;
    const first = ROOMS.connectRestartSeconds * 1000;
    await waiting.onnegotiationneeded?.();
    const [firstOffer] = channel.sent as { instance: string }[];

    // Its candidates were lost on the way: it waits in `new` with nothing to check.
    await vi.advanceTimersByTimeAsync(first - 1);
    expect(waiting.restarts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting.restarts).toBe(1);

    // The ICE restart did not help: the next attempt is a new connection, which the other side
    // answers on a new one of its own, as for a reloaded page, since its offer has a new call id.
    await vi.advanceTimersByTimeAsync(2 * first - 1);
    expect(FakeConnection.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeConnection.made).toHaveLength(3);
    const afresh = FakeConnection.made[2];
    expect(waiting.signalingState).toBe('closed');
    channel.sent = [];
    await afresh.onnegotiationneeded?.();
    expect(channel.sent).toEqual([{ action: 'roomOffer', orderId: 'order-1', instance: expect.any(String), sdp: 'the offer' }]);
    expect((channel.sent[0] as { instance: string }).instance).not.toBe(firstOffer.instance);

    // Its own restarts go on from where the last left off: ICE 40 s after it began, afresh 80 s after that.
    await vi.advanceTimersByTimeAsync(4 * first - 1);
    expect(afresh.restarts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(afresh.restarts).toBe(1);

    // Connected: no more restarts of its own, however long the call lasts.
    afresh.connectionState = 'connected';
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(afresh.restarts).toBe(1);
    expect(FakeConnection.made).toHaveLength(3);
    expect(other.restarts).toBe(0);
    impolite.end();
    polite.end();
  });
});
