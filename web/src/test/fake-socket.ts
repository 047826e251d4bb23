import { act } from '@testing-library/react';

/**
 * A WebSocket whose server side the test plays: it opens, pushes events and drops when told, and
 * records what the app sends. Every socket made is kept in `FakeSocket.made`, newest last.
 */
export class FakeSocket {
  static made: FakeSocket[] = [];

  static latest(): FakeSocket {
    const socket = FakeSocket.made[FakeSocket.made.length - 1];
    if (!socket) throw new Error('No socket was opened');
    return socket;
  }

  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** What the app sent, parsed. */
  readonly sent: unknown[] = [];
  closedByApp = false;
  accepted = false;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closedByApp = true;
  }

  /** The server accepts the connection. */
  accept(): void {
    this.accepted = true;
    act(() => this.onopen?.(new Event('open')));
  }

  /** The server pushes an event. */
  push(event: unknown): void {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) })));
  }

  /** The connection fails or drops (a refused handshake looks the same to a browser). */
  drop(): void {
    act(() => this.onclose?.(new CloseEvent('close')));
  }
}

/** For `createRealtime({ openSocket })`; the app's own channel gets fakes with `vi.stubGlobal('WebSocket', FakeSocket)`. */
export const fakeSocketFactory = (url: string) => new FakeSocket(url) as unknown as WebSocket;
