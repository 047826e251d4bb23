/**
 * Guard against DNS rebinding: a page on evil.example whose name the attacker then points at
 * 127.0.0.1 is, to the browser, same-origin with this server and could read the mail outbox or
 * drive the @connections API. Its requests still say `Host: evil.example:<port>`, so the server
 * answers only the host names it is reached by on purpose, and 421 Misdirected Request to any
 * other, for plain requests and WebSocket upgrades alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Duplex } from 'node:stream';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
const EVERY_INTERFACE = ['0.0.0.0', '::'];
const MISDIRECTED = 'Misdirected Request: this server answers only to localhost, 127.0.0.1, [::1] or the HOST it was started with.\n';

/**
 * The Host values the server answers: the loopback names and HOST, with the port. HOST=0.0.0.0
 * (or ::) opens the server to the network, which reaches it by this machine's addresses: those
 * too. IP literals cannot be rebound; no other name is accepted.
 */
export function allowedHosts(port: number, listenHost?: string): Set<string> {
  const names = [...LOOPBACK_NAMES];
  if (listenHost) names.push(listenHost);
  if (listenHost && EVERY_INTERFACE.includes(listenHost)) names.push(...interfaceAddresses());
  return new Set(names.map((name) => `${name.includes(':') ? `[${name}]` : name}:${port}`.toLowerCase()));
}

/** A function giving the app's origin as the request names it (http://localhost:3000), or undefined for a host the server does not answer. */
export function createHostCheck(port: number, listenHost?: string): (request: IncomingMessage) => string | undefined {
  const allowed = allowedHosts(port, listenHost);
  return (request) => {
    const host = request.headers.host?.toLowerCase();
    return host && allowed.has(host) ? `http://${host}` : undefined;
  };
}

export function refuseMisdirected(response: ServerResponse): void {
  response.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end(MISDIRECTED);
}

export function refuseMisdirectedUpgrade(socket: Duplex): void {
  socket.end(
    `HTTP/1.1 421 Misdirected Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(MISDIRECTED)}\r\nConnection: close\r\n\r\n${MISDIRECTED}`,
  );
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).map(({ address }) => address));
}
