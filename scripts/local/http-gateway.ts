/**
 * The local HTTP API: turns requests under /api into API Gateway payload 2.0 events for the routes
 * of the route table and calls the same domain handlers that run on AWS, with the same route
 * precedence (static path segments before path variables).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { EXPERT_PAGE } from '../../shared/prerendered-pages';
import { API_PREFIX, type Domain, ROUTES, type Route, routeKey } from '../../shared/routes';
import { MSG } from '../../shared/texts';
import { edgeHeaders, type EdgeOptions } from './edge-headers';
import type { ErrorBody } from '../../shared/error-codes';

type DomainHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded)|text\/)/i;

interface CompiledRoute {
  route: Route;
  segments: string[];
}

const compiled: CompiledRoute[] = ROUTES.map((route) => ({ route, segments: route.path.split('/').slice(1) }));

/** The route a method and path select, with its path parameters, as API Gateway would choose it. */
export function matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
  const parts = path.split('/').slice(1);
  let best: { route: Route; params: Record<string, string>; score: string } | undefined;
  for (const { route, segments } of compiled) {
    if (route.method !== method || segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = '';
    const matches = segments.every((segment, i) => {
      const variable = segment.match(/^\{(\w+)\}$/);
      if (!variable) {
        score += '1';
        return segment === parts[i];
      }
      score += '0';
      if (!parts[i]) return false;
      try {
        params[variable[1]] = decodeURIComponent(parts[i]);
      } catch {
        return false;
      }
      return true;
    });
    if (matches && (!best || score > best.score)) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

export function createHttpGateway(handlers: Record<Domain, DomainHandler>, options: EdgeOptions) {
  return async function handleApi(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const path = url.pathname.slice(API_PREFIX.length) || '/';
    const method = request.method ?? 'GET';
    const match = matchRoute(method, path);
    const body = await readBody(request);
    if (body === undefined) return sendJson(response, 413, { msg: MSG.bodyTooLarge, code: 'payload_too_large' } satisfies ErrorBody);
    // A path no route knows takes the $default route, to the health Lambda (as the CDK stack wires it).
    const target = match
      ? { key: routeKey(match.route), params: match.params, handler: handlers[match.route.domain] }
      : { key: '$default', params: {}, handler: handlers.health };
    const event = toEvent(request, url, method, target.key, target.params, body, options.originSecret);
    let result: APIGatewayProxyStructuredResultV2;
    try {
      result = await target.handler(event);
    } catch (error) {
      console.error('Handler crashed', error);
      return sendJson(response, 500, { message: 'Internal Server Error' });
    }
    const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    response.writeHead(result.statusCode ?? 200, headers);
    response.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
  };
}

/** The path under which every path is the page rendered per request (`/teacher/` of `GET /teacher/{id+}`). */
const PAGE_PATH_PREFIX = EXPERT_PAGE.routeKey.slice(EXPERT_PAGE.routeKey.indexOf(' ') + 1, EXPERT_PAGE.routeKey.indexOf('{'));

/** Whether CloudFront's behaviour for the page rendered per request takes this request. */
export const isRenderedPageRequest = (method: string | undefined, path: string): boolean =>
  (method === 'GET' || method === 'HEAD') && path.startsWith(PAGE_PATH_PREFIX) && path.length > PAGE_PATH_PREFIX.length;

/**
 * The local side of CloudFront's `/teacher/*` behaviour (decision 297): the HTTP API's route of the
 * pages Lambda, asked as that behaviour's cache policy asks it, with the path alone (no cookie, no
 * query string, no header of the viewer's) and the origin secret. Its answer goes out as the
 * distribution sends it (scripts/local/static-files.ts, sendRenderedPage).
 */
export function createPageGateway(handler: DomainHandler, options: EdgeOptions) {
  return async function renderPage(request: IncomingMessage): Promise<APIGatewayProxyStructuredResultV2> {
    const url = new URL(new URL(request.url ?? '/', 'http://local').pathname, 'http://local');
    let id = url.pathname.slice(PAGE_PATH_PREFIX.length);
    try {
      id = decodeURIComponent(id);
    } catch {
      // API Gateway passes a malformed escape on as it came.
    }
    const event = toEvent(request, url, 'GET', EXPERT_PAGE.routeKey, { id }, Buffer.alloc(0), options.originSecret);
    return handler({ ...event, cookies: undefined, headers: { host: event.headers.host ?? 'localhost', [ORIGIN_VERIFY_HEADER]: options.originSecret } });
  };
}

function toEvent(
  request: IncomingMessage,
  url: URL,
  method: string,
  key: string,
  params: Record<string, string>,
  body: Buffer,
  originSecret: string,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name !== 'cookie' && value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // The edge's own, replacing any the client sent under their names.
  Object.assign(headers, edgeHeaders(request.socket, originSecret));
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const isText = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: request.headers.cookie ? request.headers.cookie.split(';').map((c) => c.trim()) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: request.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? body.toString(isText ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** The whole body, or undefined past API Gateway's 10 MB payload limit. */
async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
