/**
 * What CloudFront adds to every request it forwards to the HTTP and WebSocket APIs, added the same
 * way by the local gateways: the origin secret and the viewer's address. They replace whatever the
 * client sent under those names, as CloudFront does, so that a client can forge neither.
 */
import type { Socket } from 'node:net';
import { CLIENT_ADDRESS_HEADER, ORIGIN_VERIFY_HEADER } from '../../shared/edge';

export interface EdgeOptions {
  /** Sent to the handlers in ORIGIN_VERIFY_HEADER, as CloudFront sends the stage's origin secret. */
  originSecret: string;
}

export function edgeHeaders(socket: Pick<Socket, 'remoteAddress' | 'remotePort'>, originSecret: string): Record<string, string> {
  return { [ORIGIN_VERIFY_HEADER]: originSecret, [CLIENT_ADDRESS_HEADER]: viewerAddress(socket) };
}

/**
 * "ip:port", as CloudFront-Viewer-Address gives it. An IPv4 client of a dual-stack socket shows as
 * ::ffff:a.b.c.d; CloudFront would name it a.b.c.d.
 */
export function viewerAddress(socket: Pick<Socket, 'remoteAddress' | 'remotePort'>): string {
  return `${(socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')}:${socket.remotePort ?? 0}`;
}
