/**
 * The thin HTTP layer every domain Lambda shares: find the route of the event in the route table,
 * authorise the caller against the route's access level, validate the body with the route's
 * schema, run the action, and turn the result or any error into a payload 2.0 response.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { core } from 'zod/mini';
import { MSG } from '../../shared/messages';
import { type Domain, type Route, roleMayCall, routeKey, routesOf } from '../../shared/routes';
import { type Caller, verifyAccessToken } from './access-token';
import { BadRequest, Forbidden, HttpError, NotFound, NotImplemented, PayloadTooLarge, TooManyRequests, Unauthorized } from './errors';
import { logger } from './logger';

const MAX_JSON_BYTES = 64 * 1024;
/** Ids and indexes are short; a longer path parameter names nothing (and would overflow a key). */
const MAX_PATH_PARAMETER_LENGTH = 128;

export interface Request<Body = unknown> {
  route: Route;
  body: Body;
  /** The body exactly as received, for routes that verify a signature over it. */
  rawBody: string;
  params: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
  headers: Record<string, string>;
  /** The signed-in caller, when a valid bearer token came with the request. */
  caller?: Caller;
  sourceIp: string;
}

export interface Reply {
  status?: number;
  body?: unknown;
  cookies?: string[];
}

// The action receives the body already validated by the route's schema; each action narrows it.
export type Action = (request: Request<any>) => Promise<Reply>;
export type Actions = Partial<Record<string, Action>>;

export type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

export function createDomainHandler(domain: Domain, actions: Actions): Handler {
  const routes = new Map(routesOf(domain).map((route) => [routeKey(route), route]));
  for (const key of Object.keys(actions)) {
    if (!routes.has(key)) throw new Error(`Action ${key} is not a ${domain} route of the route table`);
  }
  return async (event) => {
    try {
      const route = routes.get(event.routeKey);
      if (!route) return respond({ status: 404, body: { msg: MSG.routeNotFound } });
      const action = actions[event.routeKey];
      const request = await parseRequest(route, event);
      authorise(route, request.caller);
      if (Object.values(request.params).some((value) => value.length > MAX_PATH_PARAMETER_LENGTH)) throw new NotFound();
      if (route.body) request.body = validateBody(route, request.rawBody);
      if (!action) throw new NotImplemented();
      return respond(await action(request));
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

async function parseRequest(route: Route, event: APIGatewayProxyEventV2): Promise<Request> {
  const headers = lowerCaseKeys(event.headers ?? {});
  const rawBody = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return {
    route,
    body: route.rawBody ? rawBody : undefined,
    rawBody,
    params: definedOnly(event.pathParameters ?? {}),
    query: definedOnly(event.queryStringParameters ?? {}),
    cookies: parseCookies(event.cookies ?? []),
    headers,
    caller: bearer ? await verifyAccessToken(bearer) : undefined,
    sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
  };
}

function authorise(route: Route, caller: Caller | undefined): void {
  if (roleMayCall(route.access, caller?.role)) return;
  throw caller ? new Forbidden() : new Unauthorized();
}

/** Validates the JSON body against the route's schema; returns the parsed, normalised value. */
export function validateBody(route: Route, rawBody: string): unknown {
  if (!route.body) return undefined;
  if (Buffer.byteLength(rawBody) > MAX_JSON_BYTES) throw new PayloadTooLarge(MSG.bodyTooLarge);
  let json: unknown = undefined;
  if (rawBody.trim() !== '') {
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new BadRequest(MSG.invalidJson);
    }
  }
  const result = route.body.safeParse(json);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function validationError(error: core.$ZodError): BadRequest {
  const messages = [...new Set(error.issues.map((issue) => (issue.code === 'invalid_type' && issue.path.length === 0 ? MSG.bodyMustBeObject : issue.message)))];
  return new BadRequest(messages[0] ?? MSG.invalidJson, messages.map((msg) => ({ msg })));
}

export function respond(reply: Reply): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: reply.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(reply.body ?? {}),
    cookies: reply.cookies,
  };
}

/** The one place where errors become responses: `{ msg }` (and `errors` for validation). */
export function toErrorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    const response = respond({ status: error.statusCode, body: error.errors ? { msg: error.message, errors: error.errors } : { msg: error.message } });
    if (error instanceof TooManyRequests) response.headers = { ...response.headers, 'retry-after': String(error.retryAfterSeconds) };
    return response;
  }
  logger.error('Unhandled error', error as Error);
  return respond({ status: 500, body: { msg: MSG.serverError } });
}

export function parseCookies(cookies: string[]): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const cookie of cookies.flatMap((c) => c.split(';'))) {
    const at = cookie.indexOf('=');
    if (at > 0) jar[cookie.slice(0, at).trim()] = safeDecode(cookie.slice(at + 1).trim());
  }
  return jar;
}

function lowerCaseKeys(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (v === undefined ? [] : [[k.toLowerCase(), v]])));
}

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
