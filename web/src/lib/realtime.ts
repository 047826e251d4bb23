/**
 * The realtime channel (issue 7): one WebSocket per tab to the app's `/ws`, opened with a one-time
 * ticket, kept alive with pings and opened again after a drop. Subscribers hear the server's events
 * and `connected` after every (re)connection: their cue to fetch what they may have missed while
 * no socket was open, so that a dropped connection never loses a message. The shell loads this
 * module once a member is signed in; it is not part of the first bundle.
 */
import { REALTIME } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { WS_PATH } from '@shared/ws-path';
import type { RealtimeAction, RealtimeEvent } from '@shared/schemas/realtime';
import { api as defaultApi, ApiError, type ApiClient } from './api-client';
import { notify, preloadToasts } from './toast';

/** What subscribers hear: the server's events, and `connected` each time a socket opens. */
export type RealtimeNotice = RealtimeEvent | { type: 'connected' };
export type RealtimeListener = (notice: RealtimeNotice) => void;

export interface RealtimeOptions {
  client?: ApiClient;
  /** Opens the socket (tests give a fake one). */
  openSocket?: (url: string) => WebSocket;
}

const socketUrl = (ticket: string) => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}?ticket=${encodeURIComponent(ticket)}`;

function parseEvent(data: unknown): RealtimeEvent | undefined {
  try {
    const event: unknown = JSON.parse(String(data));
    return event && typeof event === 'object' && typeof (event as { type?: unknown }).type === 'string' ? (event as RealtimeEvent) : undefined;
  } catch {
    return undefined;
  }
}

/** How many pushed event ids are remembered: far more than can arrive between an event's two pushes. */
const REMEMBERED_EVENTS = 500;

/**
 * Whether an event id is new. The server may push an event twice (from the write path, then from
 * the table's stream, docs/decisions.md): the first counts, the second is dropped.
 */
function createFirstSighting() {
  const seen = new Set<string>();
  return (eventId: string): boolean => {
    if (seen.has(eventId)) return false;
    seen.add(eventId);
    const oldest = seen.values().next();
    if (seen.size > REMEMBERED_EVENTS && !oldest.done) seen.delete(oldest.value);
    return true;
  };
}

export function createRealtime({ client = defaultApi, openSocket = (url) => new WebSocket(url) }: RealtimeOptions = {}) {
  const listeners = new Set<RealtimeListener>();
  let running = false;
  /** Identifies the latest connection attempt: answers to older ones are ignored. */
  let attempt = 0;
  let socket: WebSocket | undefined;
  /** The socket opened and has not dropped since. */
  let connected = false;
  /** Attempts that failed in a row: the next delay grows with them. */
  let failures = 0;
  let openChatId: string | undefined;
  /** The room on screen, joined again after every reconnection (docs/rooms.md). */
  let openRoomId: string | undefined;
  /** One timer at a time: the retry's delay, the attempt's timeout, the next ping or the pong's wait. */
  let timer: ReturnType<typeof setTimeout> | undefined;
  const firstSighting = createFirstSighting();
  /** The server closed this tab's socket for a newer one of the account: wait until the tab is used again. */
  let superseded = false;

  function wait(ms: number, then: () => void) {
    clearTimeout(timer);
    timer = setTimeout(then, ms);
  }

  function emit(notice: RealtimeNotice) {
    for (const listener of [...listeners]) listener(notice);
  }

  function send(action: RealtimeAction) {
    if (connected) socket?.send(JSON.stringify(action));
  }

  function connect() {
    const current = ++attempt;
    client.call('POST /api/realtime/ticket', { body: {} }).then(
      ({ ticket }) => {
        if (running && current === attempt) open(ticket);
      },
      (error: unknown) => {
        if (!running || current !== attempt) return;
        if (error instanceof ApiError && error.status === 401) {
          notify.error(MSG.realtimeAuthFailed);
          stop();
        } else retry();
      },
    );
  }

  function open(ticket: string) {
    const ws = openSocket(socketUrl(ticket));
    socket = ws;
    wait(REALTIME.timeoutMs, () => drop(ws));
    ws.onopen = () => {
      if (socket !== ws) return;
      // Its drop may come with the network gone, when the toast's code could not be fetched any more.
      preloadToasts();
      connected = true;
      failures = 0;
      if (openChatId) send({ action: 'joinChat', chatId: openChatId });
      if (openRoomId) send({ action: 'joinRoom', orderId: openRoomId });
      // At once: a socket whose session ended while it opened is closed at its first ping (decision 309).
      ping(ws);
      emit({ type: 'connected' });
    };
    ws.onmessage = (message) => {
      if (socket !== ws) return;
      const event = parseEvent(message.data);
      if (!event || ('eventId' in event && !firstSighting(event.eventId))) return;
      if (event.type === 'pong') keepAlive(ws);
      else if (event.type === 'superseded') standBy(ws);
      else emit(event);
    };
    // A browser reports a failure as error then close: close alone is enough.
    ws.onclose = () => drop(ws);
  }

  /** A ping every few minutes keeps API Gateway from closing an idle socket; no pong in time means it is gone. */
  function keepAlive(ws: WebSocket) {
    wait(REALTIME.pingIntervalMs, () => ping(ws));
  }

  function ping(ws: WebSocket) {
    send({ action: 'ping' });
    wait(REALTIME.timeoutMs, () => drop(ws));
  }

  function close(ws: WebSocket) {
    ws.onopen = ws.onmessage = ws.onclose = null;
    ws.close();
  }

  /** The socket failed to open, timed out or dropped: say so once if it was open, then try again. */
  function drop(ws: WebSocket) {
    if (socket !== ws) return;
    socket = undefined;
    close(ws);
    if (connected) {
      connected = false;
      notify.error(MSG.connectionLost);
    }
    retry();
  }

  /**
   * Too many of the account's tabs and devices are connected, and this is the one left longest:
   * no toast, no retries (they would push out another tab in turn). It connects again, and fetches
   * what it missed, once its tab is shown or focused.
   */
  function standBy(ws: WebSocket) {
    if (socket !== ws) return;
    socket = undefined;
    close(ws);
    clearTimeout(timer);
    connected = false;
    superseded = true;
    addEventListener('focus', resume);
    document.addEventListener('visibilitychange', resume);
  }

  function resume() {
    if (!superseded || document.visibilityState !== 'visible') return;
    superseded = false;
    removeEventListener('focus', resume);
    document.removeEventListener('visibilitychange', resume);
    if (running) {
      failures = 0;
      connect();
    }
  }

  function retry() {
    const delay = Math.min(REALTIME.reconnectDelayMs * 2 ** failures, REALTIME.reconnectDelayMaxMs);
    failures += 1;
    wait(delay, connect);
  }

  function start() {
    if (running) return;
    running = true;
    failures = 0;
    connect();
  }

  function stop() {
    running = false;
    superseded = false;
    removeEventListener('focus', resume);
    document.removeEventListener('visibilitychange', resume);
    attempt += 1;
    clearTimeout(timer);
    connected = false;
    if (socket) close(socket);
    socket = undefined;
  }

  return {
    /** Connects (once signed in); calling it again while running does nothing. */
    start,
    /** Closes the socket and stops reconnecting (logout). */
    stop,
    subscribe(listener: RealtimeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The conversation on screen (or none): joined now if connected, and again after every reconnection. */
    joinChat(chatId: string | undefined) {
      openChatId = chatId;
      if (chatId) send({ action: 'joinChat', chatId });
    },
    /** The conversation on screen: its new messages are read there, not counted as unread. */
    openChat: (): string | undefined => openChatId,
    /** The room on screen (or none): joined now if connected, and again after every reconnection; leaving it is said. */
    joinRoom(orderId: string | undefined) {
      if (openRoomId && openRoomId !== orderId) send({ action: 'leaveRoom', orderId: openRoomId });
      openRoomId = orderId;
      if (orderId) send({ action: 'joinRoom', orderId });
    },
    /** Sends a room's signal or report; false when no socket is open (it is not queued: the page repeats what still matters). */
    sendToRoom(action: Extract<RealtimeAction, { action: 'roomOffer' | 'roomAnswer' | 'roomCandidate' | 'roomMedia' }>): boolean {
      if (!connected) return false;
      send(action);
      return true;
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

/** The app's channel. */
export const realtime = createRealtime();
