/**
 * The call of a room (docs/rooms.md): one RTCPeerConnection to the other participant, negotiated
 * with the "perfect negotiation" pattern over the realtime WebSocket (the side of the greater
 * user id is the polite one), an ICE restart when the connection fails, does not connect in time
 * or the network changes (then a new connection, if the ICE restart did not connect it), and the
 * attendance reports: every ROOMS.attendanceBeatSeconds while media arrives, once when it stops.
 *
 * The connection is made when both sides are in the room. Each page's call has an id of its own
 * (`instance`), sent with its signals: a signal from a new call of the other side (their page
 * reloaded, or their call started afresh) starts a new connection; a socket that drops and comes
 * back changes nothing, so a connection that works, or is being negotiated, is kept whatever the
 * sockets do.
 */
import { ROOMS } from '@shared/limits';
import type { RealtimeEvent } from '@shared/schemas/realtime';
import type { IceServersView } from '@shared/schemas/rooms';
import { realtime, type RealtimeNotice } from '@/lib/realtime';

/** 'joining' until the server has the page in the room (its `roomJoined`); 'waiting' there, alone. */
export type CallState = 'joining' | 'waiting' | 'connecting' | 'connected' | 'reconnecting';

export interface CallOptions {
  orderId: string;
  /** Gives way when both sides offer at once. */
  polite: boolean;
  /** The camera and microphone, if any. */
  local: MediaStream | undefined;
  audioOnly: boolean;
  /** The relays, and when their credentials end. */
  ice: IceServersView;
  /** Asks for fresh relay credentials: a call may last 8 hours, TURN credentials one (KVS's, minutes). */
  askIceServers(): Promise<IceServersView>;
  /** Only relayed candidates (a test proves the TURN path with it). */
  relayOnly: boolean;
  onState(state: CallState): void;
  /** The other side's camera and microphone, then their screen when they share it (undefined when it stops). */
  onRemote(streams: { person?: MediaStream; screen?: MediaStream }): void;
}

type RoomEvent = Extract<RealtimeEvent, { orderId: string }>;
const isRoomEvent = (notice: RealtimeNotice, orderId: string): notice is RoomEvent => 'orderId' in notice && notice.orderId === orderId;

/** Early candidates kept at most: a negotiation sends tens. */
const EARLY_MAX = 200;

/** How long a connection may stay `disconnected` before an ICE restart (it often recovers alone within seconds). */
const DISCONNECTED_GRACE_MS = 4000;

export function startCall(options: CallOptions) {
  const { orderId, polite } = options;
  /** This side's call as the other side knows it: a new one when the call starts afresh (startAfresh). */
  let instance = crypto.randomUUID();
  /** The other side's call that the connection is with. */
  let remoteInstance: string | undefined;
  let pc: RTCPeerConnection | undefined;
  let makingOffer = false;
  let ignoreOffer = false;
  let screen: MediaStream | undefined;
  let screenSenders: RTCRtpSender[] = [];
  let remote: { person?: MediaStream; screen?: MediaStream } = {};
  let disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Candidates that came before the description they belong to: the relay hands each signal to the
   * server on its own, so they may overtake it. Added once that description is.
   */
  let early: { from: string; candidate: RTCIceCandidateInit }[] = [];
  let flowing = false;
  let received = 0;
  let ended = false;
  let iceServers = options.ice.iceServers;
  let iceTimer: ReturnType<typeof setTimeout> | undefined;
  /** When this side last sent its offer (ms): one left unanswered is sent again (resendUnansweredOffer). */
  let offerSentAt = 0;

  function sendOffer(sdp: string): void {
    offerSentAt = Date.now();
    realtime.sendToRoom({ action: 'roomOffer', orderId, instance, sdp });
  }

  /** A new connection; its restarts, on the impolite side, begin `restartAfterMs` after. */
  function newConnection(restartAfterMs = ROOMS.connectRestartSeconds * 1000): RTCPeerConnection {
    pc?.close();
    remoteInstance = undefined;
    const connection = new RTCPeerConnection({ iceServers, iceTransportPolicy: options.relayOnly ? 'relay' : 'all' });
    pc = connection;
    makingOffer = false;
    ignoreOffer = false;
    remote = {};
    options.onRemote(remote);
    const local = options.local;
    if (local) for (const track of local.getTracks()) connection.addTrack(track, local);
    // Without a device of its own, a side still receives the other's.
    if (!local?.getAudioTracks().length) connection.addTransceiver('audio', { direction: 'recvonly' });
    if (!options.audioOnly && !local?.getVideoTracks().length) connection.addTransceiver('video', { direction: 'recvonly' });
    if (screen) screenSenders = screen.getTracks().map((track) => connection.addTrack(track, screen as MediaStream));

    connection.onnegotiationneeded = async () => {
      // A new connection's first offer is the impolite side's: when both offer at once the polite
      // side rolls its offer back, and Chromium has left connections so rolled back gathering nothing
      // (decision 337). The polite side offers only if none came meanwhile: the other side may keep
      // its connection with an earlier page of this one, and offer nothing.
      if (polite && !connection.remoteDescription) {
        await new Promise((resolve) => setTimeout(resolve, ROOMS.politeOfferWaitSeconds * 1000));
        if (connection !== pc || connection.remoteDescription || connection.signalingState !== 'stable') return;
      }
      try {
        makingOffer = true;
        await connection.setLocalDescription();
        if (connection.localDescription) sendOffer(connection.localDescription.sdp);
      } finally {
        makingOffer = false;
      }
    };
    connection.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate) return;
      realtime.sendToRoom({
        action: 'roomCandidate',
        orderId,
        instance,
        candidate: {
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
          usernameFragment: candidate.usernameFragment,
        },
      });
    };
    connection.ontrack = ({ track, streams }) => {
      const stream = streams[0] ?? new MediaStream([track]);
      // The person's stream carries their microphone; a stream of video alone is a screen.
      const isScreen = stream.getAudioTracks().length === 0 && remote.person !== undefined && remote.person.id !== stream.id;
      remote = isScreen ? { ...remote, screen: stream } : { ...remote, person: stream };
      options.onRemote(remote);
      stream.onremovetrack = () => {
        if (stream.getTracks().length === 0 && remote.screen === stream) {
          remote = { ...remote, screen: undefined };
          options.onRemote(remote);
        }
      };
    };
    connection.onconnectionstatechange = () => reportState(connection);
    connection.oniceconnectionstatechange = () => {
      clearTimeout(disconnectedTimer);
      if (connection.iceConnectionState === 'failed') connection.restartIce();
      if (connection.iceConnectionState === 'disconnected') disconnectedTimer = setTimeout(() => connection.restartIce(), DISCONNECTED_GRACE_MS);
    };
    options.onState('connecting');
    if (!polite) restartUntilConnected(connection, restartAfterMs);
    return connection;
  }

  /**
   * Restarts the call until it connects, first ROOMS.connectRestartSeconds after its connection
   * began, then each time twice as long after, so that a slow network still gets the time it needs:
   * with no candidate pair to check (candidates lost on their way, a relay that never answered) the
   * browser waits in `new` for ever, and only `failed` restarts on its own. The first restart is an
   * ICE restart, which renews both sides' candidates; if that did not help, the next starts afresh,
   * with a new connection on both sides: a connection may be stuck where ICE cannot reach (one side
   * gathered nothing in 45 s, restarted or not, decision 336). One side restarts, the impolite one,
   * so that restarts do not cross.
   */
  function restartUntilConnected(connection: RTCPeerConnection, afterMs: number, iceRestarted = false): void {
    clearTimeout(connectTimer);
    connectTimer = setTimeout(() => {
      if (connection !== pc || connection.connectionState === 'connected' || connection.signalingState === 'closed') return;
      if (iceRestarted) startAfresh(afterMs * 2);
      else {
        connection.restartIce();
        restartUntilConnected(connection, afterMs * 2, true);
      }
    }, afterMs);
  }

  /**
   * A new connection under a new call id: the other side takes it for a call of a reloaded page and
   * answers its offer on a new connection of its own.
   */
  function startAfresh(restartAfterMs: number): void {
    instance = crypto.randomUUID();
    newConnection(restartAfterMs);
  }

  function reportState(connection: RTCPeerConnection) {
    if (connection !== pc) return;
    const state = connection.connectionState;
    if (state === 'connected') options.onState('connected');
    else if (state === 'disconnected' || state === 'failed') options.onState('reconnecting');
  }

  /** A connection that works or is on its way: a new one would only interrupt it. */
  const alive = () => pc !== undefined && !['failed', 'closed'].includes(pc.connectionState);

  /**
   * A side came (back) into the room while this connection has never connected: a description or
   * candidate sent while either socket was down reached nobody (the channel does not queue them), so
   * this side's latest description is sent again, with every candidate gathered so far in it. A copy
   * that did arrive changes nothing: an offer is answered again alike, an answer out of turn is
   * dropped. A connection that did connect is left to its ICE restarts.
   */
  function sendDescriptionAgain(): void {
    const description = pc?.localDescription;
    if (!pc || !['new', 'connecting'].includes(pc.connectionState) || (description?.type !== 'offer' && description?.type !== 'answer')) return;
    if (description.type === 'offer') sendOffer(description.sdp);
    else realtime.sendToRoom({ action: 'roomAnswer', orderId, instance, sdp: description.sdp });
  }

  /**
   * An offer still unanswered after ROOMS.offerResendSeconds is sent again, whatever the connection's
   * state (a first offer or an ICE restart's): the relay does not queue signals, so one whose post
   * failed on the way is lost with both sockets up, and no return to the room sends it again. The
   * other side answers a copy as it would the first (decision 316).
   */
  function resendUnansweredOffer(): void {
    const offer = pc?.localDescription;
    if (pc?.signalingState !== 'have-local-offer' || makingOffer || offer?.type !== 'offer') return;
    if (Date.now() - offerSentAt >= ROOMS.offerResendSeconds * 1000) sendOffer(offer.sdp);
  }

  /** The connection for a signal of the other side's call `from`: a new one when that call is new (their page reloaded). */
  function connectionFor(from: string): RTCPeerConnection {
    const connection = pc && (remoteInstance === undefined || remoteInstance === from) ? pc : newConnection();
    remoteInstance = from;
    return connection;
  }

  async function onDescription(type: 'offer' | 'answer', sdp: string, from: string) {
    // An answer to an offer of an earlier connection of ours, or from a call we no longer talk to, is stale.
    if (type === 'answer' && (!pc || (remoteInstance !== undefined && remoteInstance !== from))) return;
    const connection = connectionFor(from);
    const collision = type === 'offer' && (makingOffer || connection.signalingState !== 'stable');
    ignoreOffer = !polite && collision;
    if (ignoreOffer) return;
    await connection.setRemoteDescription({ type, sdp });
    const waiting = early.filter((entry) => entry.from === from);
    early = early.filter((entry) => entry.from !== from);
    for (const { candidate } of waiting) await addCandidate(connection, candidate);
    if (type === 'offer') {
      await connection.setLocalDescription();
      if (connection.localDescription) realtime.sendToRoom({ action: 'roomAnswer', orderId, instance, sdp: connection.localDescription.sdp });
    }
  }

  async function onNotice(notice: RealtimeNotice) {
    if (ended || !isRoomEvent(notice, orderId)) return;
    try {
      switch (notice.type) {
        case 'roomJoined':
          if (alive()) sendDescriptionAgain();
          else if (notice.peerPresent) newConnection();
          else options.onState('waiting');
          break;
        case 'roomPeer':
          if (!notice.present) {
            pc?.close();
            pc = undefined;
            remote = {};
            options.onRemote(remote);
            options.onState('waiting');
          } else if (alive()) sendDescriptionAgain();
          else newConnection();
          break;
        case 'roomOffer':
        case 'roomAnswer':
          await onDescription(notice.type === 'roomOffer' ? 'offer' : 'answer', notice.sdp, notice.instance);
          break;
        case 'roomCandidate':
          if (!pc?.remoteDescription || remoteInstance !== notice.instance)
            early = [...early, { from: notice.instance, candidate: notice.candidate }].slice(-EARLY_MAX);
          else await addCandidate(pc, notice.candidate);
          break;
      }
    } catch {
      // A description or candidate that no longer fits (a restart overtook it): the next negotiation repairs it.
    }
  }

  async function addCandidate(connection: RTCPeerConnection, candidate: RTCIceCandidateInit) {
    await connection.addIceCandidate(candidate).catch((error: unknown) => {
      if (!ignoreOffer) throw error;
    });
  }

  /** Whether frames or audio arrived since the last look: attendance counts only media that flows. */
  async function mediaArrived(): Promise<boolean> {
    if (pc?.connectionState !== 'connected') return false;
    let total = 0;
    (await pc.getStats()).forEach((report: { type: string; framesDecoded?: number; packetsReceived?: number }) => {
      if (report.type === 'inbound-rtp') total += (report.framesDecoded ?? 0) + (report.packetsReceived ?? 0);
    });
    const arrived = total > received;
    received = total;
    return arrived;
  }

  async function beat() {
    const now = await mediaArrived();
    if (now || flowing) realtime.sendToRoom({ action: 'roomMedia', orderId, flowing: now });
    flowing = now;
  }

  const unsubscribe = realtime.subscribe((notice) => void onNotice(notice));
  const beats = setInterval(() => void beat(), ROOMS.attendanceBeatSeconds * 1000);
  const offerResends = setInterval(resendUnansweredOffer, ROOMS.offerResendSeconds * 1000);
  // The first report as soon as media flows, not a beat later.
  const firstBeat = setInterval(() => {
    if (!flowing) void beat();
    else clearInterval(firstBeat);
  }, 1000);
  /**
   * Fresh relay credentials shortly before the current ones end, for the connection of now and any
   * later one: an ICE restart or a new connection gathers with credentials that still hold.
   */
  function renewIceBefore(expiresAt: string | undefined) {
    if (!expiresAt || ended) return;
    const askInMs = Math.max(Date.parse(expiresAt) - Date.now() - (ROOMS.iceRenewSeconds * 1000) / 2, 0);
    iceTimer = setTimeout(async () => {
      try {
        const fresh = await options.askIceServers();
        if (ended) return;
        iceServers = fresh.iceServers;
        if (pc && pc.signalingState !== 'closed') pc.setConfiguration({ ...pc.getConfiguration(), iceServers });
        renewIceBefore(fresh.expiresAt);
      } catch {
        // The room closed, or the network is down: the call goes on with what it has, and asks again in a while.
        renewIceBefore(new Date(Date.now() + ROOMS.iceRenewSeconds * 1000).toISOString());
      }
    }, askInMs);
  }
  renewIceBefore(options.ice.expiresAt);

  const onNetworkChange = () => pc?.restartIce();
  addEventListener('online', onNetworkChange);
  realtime.joinRoom(orderId);
  options.onState('joining');

  /** Shares the screen (a track of its own, which the other side shows apart); ends when the browser's own "Stop sharing" is pressed too. */
  async function shareScreen(): Promise<void> {
    const shared = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    screen = shared;
    if (pc) screenSenders = shared.getTracks().map((track) => (pc as RTCPeerConnection).addTrack(track, shared));
    for (const track of shared.getTracks()) track.onended = stopSharing;
  }

  function stopSharing(): void {
    for (const track of screen?.getTracks() ?? []) track.stop();
    for (const sender of screenSenders) if (pc && pc.signalingState !== 'closed') pc.removeTrack(sender);
    screen = undefined;
    screenSenders = [];
  }

  /** Leaves: the last report, the room left, the connection closed. */
  function end(): void {
    if (ended) return;
    ended = true;
    if (flowing) realtime.sendToRoom({ action: 'roomMedia', orderId, flowing: false });
    clearInterval(beats);
    clearInterval(offerResends);
    clearInterval(firstBeat);
    clearTimeout(disconnectedTimer);
    clearTimeout(connectTimer);
    clearTimeout(iceTimer);
    removeEventListener('online', onNetworkChange);
    unsubscribe();
    stopSharing();
    realtime.joinRoom(undefined);
    pc?.close();
    pc = undefined;
  }

  return {
    shareScreen,
    stopSharing,
    sharing: () => screen !== undefined,
    /** The connection, for the page's speaking indicator and the tests' checks of what arrives. */
    connection: () => pc,
    end,
  };
}

export type Call = ReturnType<typeof startCall>;
