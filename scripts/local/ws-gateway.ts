/**
 * The local WebSocket API: $connect / $disconnect / routes selected by the message's `action`,
 * calling the realtime handler with API Gateway's event shape, plus the @connections management
 * API that handlers use to push to a connection (POST to send, DELETE to close, GET to inspect).
 * A two-way route's answer goes back on the connection, as an API Gateway route response does.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_ROUTES, WS_TWO_WAY_ROUTES } from '../../shared/routes';
import { acceptJsonOnly } from './cross-site';
import { readBody } from './stripe/request-body';
import { edgeHeaders, type EdgeOptions } from './edge-headers';

type RealtimeHandler = (event: APIGatewayProxyWebsocketEventV2) => Promise<APIGatewayProxyResultV2>;

export const MANAGEMENT_PATH = '/_local/ws-management';
/**
 * The same API for the write path's own pushes (WS_FAST_PATH_ENDPOINT), behind a switch:
 * POST /_local/realtime-fast-path-outage {"outage": true} makes it unreachable (the connection is
 * dropped), so that a test can see the table's stream deliver what the fast path could not.
 */
export const FAST_PATH_MANAGEMENT_PATH = '/_local/ws-management-fast';
export const FAST_PATH_OUTAGE_PATH = '/_local/realtime-fast-path-outage';
/**
 * API Gateway's two limits on a WebSocket: it closes one that received nothing for 10 minutes, and
 * any one 2 hours after it opened (docs/rooms.md). The gateway applies both; GET or POST
 * {"idleSeconds": n, "lifetimeSeconds": n} here shortens them for the sockets that open from then on
 * (a test of the room's heartbeat and reconnection), and POST {} sets them back.
 */
export const LIMITS_PATH = '/_local/realtime-limits';
/**
 * POST {"posts": n} here: the next n posts to the @connections API (either path) reach it and are
 * never answered, as a post on a connection that died on the way; GET tells how many are left. So a
 * test can see that a push without an answer holds up neither the request that wrote nor later pushes.
 */
export const HOLD_PATH = '/_local/realtime-hold';
export const API_GATEWAY_LIMITS = { idleSeconds: 10 * 60, lifetimeSeconds: 2 * 60 * 60 } as const;
/** The close code API Gateway's own closes carry: 1001, going away. */
const GOING_AWAY = 1001;
/** The handshake answers when $connect refuses, by the handler's status. */
const REFUSALS: Record<number, string> = { 401: '401 Unauthorized', 403: '403 Forbidden', 500: '500 Internal Server Error' };

export function createWsGateway(handler: RealtimeHandler, options: EdgeOptions) {
  const server = new WebSocketServer({ noServer: true });
  const connections = new Map<string, { socket: WebSocket; connectedAt: number; sourceIp: string }>();
  const pending = new Set<Promise<unknown>>();
  let fastPathOutage = false;
  /** Posts still to be held unanswered (HOLD_PATH), and the requests held: the gateway's close ends them. */
  let postsToHold = 0;
  const held = new Set<IncomingMessage>();
  let limits: { idleSeconds: number; lifetimeSeconds: number } = { ...API_GATEWAY_LIMITS };

  const event = (connectionId: string, routeKey: string, request: IncomingMessage | undefined, body?: string) =>
    ({
      requestContext: {
        routeKey,
        eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
        connectionId,
        domainName: request?.headers.host ?? 'localhost',
        stage: 'local',
        apiId: 'local',
        requestId: randomBytes(8).toString('hex'),
        connectedAt: connections.get(connectionId)?.connectedAt ?? Date.now(),
        requestTimeEpoch: Date.now(),
        messageDirection: 'IN',
        extendedRequestId: '',
        requestTime: new Date().toISOString(),
      },
      headers: request ? connectHeaders(request, options.originSecret) : undefined,
      queryStringParameters: request ? Object.fromEntries(new URL(request.url ?? '/', 'http://local').searchParams) : undefined,
      body,
      isBase64Encoded: false,
    }) as unknown as APIGatewayProxyWebsocketEventV2;

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const connectionId = randomBytes(12).toString('base64url');
    const result = await handler(event(connectionId, '$connect', request)).catch(() => ({ statusCode: 500 }));
    const status = typeof result === 'object' && result && 'statusCode' in result ? (result.statusCode ?? 200) : 200;
    if (status !== 200) {
      const refusal = REFUSALS[status] ?? REFUSALS[403];
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\n\r\n`);
      return;
    }
    // The client left while $connect ran (a page closed under load): the connection was made, so it
    // ends as any other does, with $disconnect, or the handler's record of it would stay for good.
    if (!socket.readable || !socket.writable) {
      socket.destroy();
      disconnect(connectionId);
      return;
    }
    server.handleUpgrade(request, socket, head, (ws) => {
      connections.set(connectionId, { socket: ws, connectedAt: Date.now(), sourceIp: request.socket.remoteAddress ?? '' });
      const { idleSeconds, lifetimeSeconds } = limits;
      const goAway = () => ws.close(GOING_AWAY, 'Going away');
      const lifetime = setTimeout(goAway, lifetimeSeconds * 1000);
      let idle = setTimeout(goAway, idleSeconds * 1000);
      ws.on('message', async (data) => {
        clearTimeout(idle);
        idle = setTimeout(goAway, idleSeconds * 1000);
        const text = data.toString();
        let action: unknown;
        try {
          action = JSON.parse(text).action;
        } catch {
          action = undefined;
        }
        const routeKey = WS_ROUTES.includes(action as never) && action !== '$connect' && action !== '$disconnect' ? (action as string) : '$default';
        if (routeKey === '$default') {
          ws.send(JSON.stringify({ message: 'Forbidden', connectionId }));
          return;
        }
        const result = await handler(event(connectionId, routeKey, undefined, text)).catch(() => undefined);
        const body = typeof result === 'object' && result && 'body' in result ? result.body : undefined;
        if (WS_TWO_WAY_ROUTES.includes(routeKey as never) && body && ws.readyState === ws.OPEN) ws.send(body);
      });
      ws.on('close', () => {
        clearTimeout(lifetime);
        clearTimeout(idle);
        connections.delete(connectionId);
        disconnect(connectionId);
      });
    });
  }

  function disconnect(connectionId: string): void {
    const disconnected = handler(event(connectionId, '$disconnect', undefined)).catch(() => undefined);
    pending.add(disconnected);
    void disconnected.finally(() => pending.delete(disconnected));
  }

  /**
   * POST/GET/DELETE {MANAGEMENT_PATH}/@connections/{id}, as the ApiGatewayManagementApi client calls
   * it and as API Gateway answers: 200 to a post, 204 to a delete (the socket closes and its
   * $disconnect runs), 410 for a connection it does not know.
   */
  async function management(request: IncomingMessage, response: ServerResponse, via: 'stream' | 'fast-path' = 'stream'): Promise<void> {
    if (via === 'fast-path' && fastPathOutage) {
      request.socket.destroy();
      return;
    }
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://local').pathname);
    const connectionId = path.match(/\/@connections\/([^/]+)$/)?.[1];
    const connection = connectionId ? connections.get(connectionId) : undefined;
    if (!connection || !connectionId) {
      response.writeHead(410, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'GoneException' }));
      return;
    }
    if (request.method === 'POST') {
      const data = await readBody(request);
      if (postsToHold > 0) {
        postsToHold -= 1;
        held.add(request);
        return;
      }
      connection.socket.send(data);
      response.writeHead(200).end();
    } else if (request.method === 'DELETE') {
      // Gone for the API at once, as on AWS: a post after the delete answers 410, not a send on a closing socket.
      connections.delete(connectionId);
      connection.socket.close(1000);
      response.writeHead(204).end();
    } else {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ connectedAt: new Date(connection.connectedAt).toISOString(), identity: { sourceIp: connection.sourceIp } }));
    }
  }

  /** GET or POST {"outage": true|false} {FAST_PATH_OUTAGE_PATH}. */
  async function fastPathSwitch(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'POST') {
      if (!acceptJsonOnly(request, response)) return;
      const outage = (await jsonBody(request))?.outage;
      if (typeof outage !== 'boolean') {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Send {"outage": true|false} as application/json.');
        return;
      }
      fastPathOutage = outage;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ outage: fastPathOutage }));
  }

  /** GET, or POST {"idleSeconds": n, "lifetimeSeconds": n} ({} for API Gateway's own) at {LIMITS_PATH}. */
  async function limitsSwitch(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'POST') {
      if (!acceptJsonOnly(request, response)) return;
      const asked = await jsonBody(request);
      const seconds = (value: unknown, fallback: number) =>
        value === undefined ? fallback : Number.isInteger(value) && (value as number) > 0 ? (value as number) : NaN;
      const idleSeconds = seconds(asked?.idleSeconds, API_GATEWAY_LIMITS.idleSeconds);
      const lifetimeSeconds = seconds(asked?.lifetimeSeconds, API_GATEWAY_LIMITS.lifetimeSeconds);
      if (Number.isNaN(idleSeconds) || Number.isNaN(lifetimeSeconds)) {
        response
          .writeHead(400, { 'content-type': 'text/plain' })
          .end('Send {"idleSeconds": n, "lifetimeSeconds": n} (whole seconds, or {} for API Gateway\'s) as application/json.');
        return;
      }
      limits = { idleSeconds, lifetimeSeconds };
    }
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(limits));
  }

  /** GET, or POST {"posts": n} at {HOLD_PATH}. */
  async function holdSwitch(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'POST') {
      if (!acceptJsonOnly(request, response)) return;
      const posts = (await jsonBody(request))?.posts;
      if (!Number.isInteger(posts) || (posts as number) < 0 || (posts as number) > 100) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Send {"posts": n} (a whole number from 0 to 100) as application/json.');
        return;
      }
      postsToHold = posts as number;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ posts: postsToHold, held: held.size }));
  }

  /** Closes every connection and waits for their $disconnect handlers. */
  async function close(): Promise<void> {
    for (const request of held) request.socket.destroy();
    held.clear();
    for (const { socket } of connections.values()) socket.terminate();
    server.close();
    await new Promise((r) => setImmediate(r));
    await Promise.all(pending);
  }

  return { upgrade, management, fastPathSwitch, limitsSwitch, holdSwitch, close, connectionCount: () => connections.size };
}

/** A control's JSON object, or undefined when the body is not one. */
async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = JSON.parse(await readBody(request));
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The handshake's headers, with the edge's own replacing any the client sent under their names. */
function connectHeaders(request: IncomingMessage, originSecret: string): Record<string, string> {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
  return { ...headers, ...edgeHeaders(request.socket, originSecret) };
}
