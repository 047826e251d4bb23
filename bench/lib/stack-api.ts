/** The local stack as a benchmark's clients meet it: the API as the browser calls it, its WebSocket, and a bare echo server for the channel's floor. */
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { DEFAULT_SEED } from '../../scripts/local/demo-accounts';
import type { BenchStack } from './stack';

/** The API as the browser calls it: JSON, the app's Origin, a bearer token; a demo member's login; the test clock; a realtime socket. */
export function apiOf(stack: BenchStack) {
  async function call<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
    const response = await fetch(`${stack.url}/api${path}`, {
      method,
      headers: { origin: stack.url, ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  return {
    call,
    async login(email: string) {
      const { user, accessToken } = await call<{ user: { _id: string }; accessToken: string }>('POST', '/auth/login', {
        email,
        password: DEFAULT_SEED.demoPassword,
      });
      return { userId: user._id, token: accessToken };
    },
    /** Moves the app's clock forward ("90s", "2h"), as POST /_local/clock does. */
    async clock(advance: string) {
      const response = await fetch(`${stack.url}/_local/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance }),
      });
      if (!response.ok) throw new Error(`clock: ${response.status}`);
    },
    async connect(token: string): Promise<WebSocket> {
      const { ticket } = await call<{ ticket: string }>('POST', '/realtime/ticket', {}, token);
      const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/ws?ticket=${ticket}`, { origin: stack.url });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return socket;
    },
  };
}

/** A bare `ws` echo server on loopback: the floor a realtime figure is held against. */
export async function startEchoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data.toString())));
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
