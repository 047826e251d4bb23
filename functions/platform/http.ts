/**
 * The thin HTTP layer every domain Lambda shares. In order: the request must come through the edge
 * (origin secret), find its route in the route table, pass the transport checks (one cookie per
 * name, JSON bodies as JSON, state changes from the app's own origin), name an open session when it
 * carries a token, be allowed for the route's access level, and have a valid body; then the action
 * runs, and any result or error becomes a payload 2.0 response.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { core } from 'zod/mini';
import { CLIENT_ADDRESS_HEADER, clientIpOf, ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import type { ErrorBody } from '../../shared/error-codes';
import { MSG } from '../../shared/texts';
import type { AccessOf, BodyOf, Domain, DomainRoutes, ParamsOf, QueryOf, Route, RouteKey, RouteKeyIn } from '../../shared/routes';
import { roleMayCall, routeKey } from '../../shared/routes/route';
import type { ResponseOf } from '../../shared/schemas/responses';
import { type Caller, verifyAccessToken } from './access-token';
import {
  BadRequest,
  Contention,
  Forbidden,
  HttpError,
  NotFound,
  PayloadTooLarge,
  TooManyRequests,
  Unauthorized,
  UnsupportedMediaType,
  ValidationFailed,
} from './errors';
import { CONTENTION_MESSAGE, logger, UNHANDLED_ERROR_MESSAGE } from './logger';
import { cameThroughEdge } from './origin-secret';
import { comesFromApp } from './app-origin';
import { fileOfForm, type UploadedFile } from './multipart';

const MAX_JSON_BYTES = 64 * 1024;
/** Ids and indexes are short; a longer path parameter names nothing (and would overflow a key). */
export const MAX_PATH_PARAMETER_LENGTH = 128;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What every request of a route carries, whoever calls it. */
interface RequestParts<Body, Query, Params> {
  route: Route;
  body: Body;
  /** The body exactly as received, for routes that verify a signature over it. */
  rawBody: string;
  params: Params;
  /** The query string; parsed by the route's query schema when it has one. */
  query: Query;
  cookies: Record<string, string>;
  headers: Record<string, string>;
  /** The client's address as the edge saw it: what logs record, and per-client limits count by its network (clientNetworkOf). */
  clientIp: string;
  /**
   * The file of a route with an `upload` field, read from its multipart/form-data body (undefined
   * when the form has no file in that field); absent on every other route.
   */
  file?: UploadedFile;
}

/**
 * Who calls: the caller of a valid token of an open session, and their account as stored (read for
 * the session check). A route open to anyone may have neither; any other route always has both.
 */
type Identity<K extends RouteKey, A> = AccessOf<K> extends 'public' ? { caller?: Caller; account?: A } : { caller: Caller; account: A };

/** A request of one route, as its action receives it: body, query and path parameters typed by the route table. */
export type Request<K extends RouteKey, A> = RequestParts<BodyOf<K>, QueryOf<K>, ParamsOf<K>> & Identity<K, A>;

export interface Reply<Body = unknown> {
  status?: number;
  body?: Body;
  cookies?: string[];
  /** A body that is not JSON (a calendar file): sent as it is, with its type. */
  contentType?: string;
}

/** An action of a route: its body and query already validated by the route's schemas, its answer the route's response. */
export type Action<K extends RouteKey, A> = (request: Request<K, A>) => Promise<Reply<ResponseOf<K>>>;
/** The actions of a domain's Lambda, by route key: one for every route of its domain in the table. */
export type Actions<D extends Domain, A> = { [K in RouteKeyIn<D>]: Action<K, A> };

/**
 * The account of a verified caller whose session is still open and who may act now on this route, or
 * undefined (or a typed error: a caller who must first do something else). The accounts context
 * answers it; the HTTP layer only knows that there is an answer.
 */
export type SessionCheck<A> = (caller: Caller, route: Route) => Promise<A | undefined>;
/** For a Lambda whose routes are all public and that reads no account: every request is anonymous. */
export const anonymousOnly: SessionCheck<never> = async () => undefined;

export type Handler = (event: APIGatewayProxyEventV2, context?: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** A domain's Lambda: its own routes (`AUTH_ROUTES`…, so that its bundle holds no other domain's), an action for each, and its session check. */
export function createDomainHandler<R extends DomainRoutes<Domain>, A>(
  domainRoutes: R,
  actions: Actions<R[number]['domain'], A>,
  checkSession: SessionCheck<A>,
): Handler {
  type D = R[number]['domain'];
  const domain = domainRoutes[0].domain;
  const routes = new Map<string, Route>(domainRoutes.map((route: Route) => [routeKey(route), route]));
  for (const key of Object.keys(actions)) {
    if (!routes.has(key)) throw new Error(`Action ${key} is not a ${domain} route of the route table`);
  }
  // The typecheck asks for every route's action too; a handler built from untyped code must still fail at start.
  const missing = [...routes.keys()].filter((key) => !(key in actions));
  if (missing.length > 0) throw new Error(`The ${domain} Lambda has no action for ${missing.join(', ')}`);
  return async (event, context) => {
    const headers = lowerCaseKeys(event.headers ?? {});
    describeInvocation(event, headers, context);
    try {
      if (!(await cameThroughEdge(headers[ORIGIN_VERIFY_HEADER]))) throw new Forbidden(MSG.directAccess, 'direct_access');
      const route = routes.get(event.routeKey);
      if (!route) throw new NotFound(MSG.routeNotFound, 'route_not_found');
      const request = parseRequest(route, event, headers);
      checkTransport(route, request, event.cookies ?? []);
      Object.assign(request, await signedIn(headers, checkSession, route));
      authorise(route, request.caller);
      if (Object.values(request.params).some((value) => value.length > MAX_PATH_PARAMETER_LENGTH)) throw new NotFound();
      if (route.query) request.query = validateQuery(route.query, request.query as Record<string, string>);
      if (route.body) request.body = validateBody(route, request.rawBody);
      // The route's schemas and the session check above have made the request what this route's action expects.
      const action = actions[event.routeKey as RouteKeyIn<D>] as (request: UntypedRequest) => Promise<Reply>;
      // Read once the caller may call it: a refused caller is told so, whatever the body.
      if (route.upload) request.file = uploadedFile(route.upload, event, request.headers['content-type']);
      return respond(await action(request));
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** Every log line of this invocation carries the Lambda context, the request id and a correlation id. */
function describeInvocation(event: APIGatewayProxyEventV2, headers: Record<string, string>, context: Context | undefined): void {
  logger.resetKeys();
  if (context) logger.addContext(context);
  const requestId = event.requestContext?.requestId;
  const correlationId = headers['x-correlation-id']?.match(/^[\w.:-]{1,100}$/)?.[0] ?? requestId;
  logger.appendKeys({ requestId, correlationId, routeKey: event.routeKey, clientIp: clientIpOf(headers[CLIENT_ADDRESS_HEADER]) });
}

/** A request before the route's schemas and the session check have typed it. */
type UntypedRequest = RequestParts<unknown, unknown, Record<string, string>> & { caller?: Caller; account?: unknown };

function parseRequest(route: Route, event: APIGatewayProxyEventV2, headers: Record<string, string>): UntypedRequest {
  const rawBody = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  return {
    route,
    body: route.rawBody ? rawBody : undefined,
    rawBody,
    params: definedOnly(event.pathParameters ?? {}),
    query: definedOnly(event.queryStringParameters ?? {}),
    cookies: parseCookies(event.cookies ?? []),
    headers,
    clientIp: clientIpOf(headers[CLIENT_ADDRESS_HEADER]) ?? event.requestContext?.http?.sourceIp ?? 'unknown',
  };
}

/**
 * The file of an upload route's form, from the body's bytes (base64-decoded as API Gateway sends a
 * binary body). The route's own service checks its size and content.
 */
function uploadedFile(field: string, event: APIGatewayProxyEventV2, contentType: string | undefined): UploadedFile | undefined {
  const bytes = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  const file = fileOfForm(bytes, contentType, field);
  if (file === 'not_multipart') throw new UnsupportedMediaType(MSG.multipartOnly);
  if (typeof file === 'string') throw new BadRequest(MSG.malformedForm);
  return file;
}

/**
 * Refuses what a browser would only send when tricked: a second cookie of a name (planted by a
 * sibling site to shadow ours), a JSON route's body in a form encoding (a cross-site form post needs
 * no preflight), and a state change from another origin.
 */
function checkTransport(route: Route, request: UntypedRequest, cookies: string[]): void {
  if (hasDuplicateCookie(cookies)) throw new BadRequest(MSG.duplicateCookie, 'duplicate_cookie');
  if (route.body && !route.rawBody) {
    const type = request.headers['content-type'];
    const isJson = type !== undefined && /^application\/json\s*(;|$)/i.test(type);
    if (type !== undefined ? !isJson : request.rawBody.length > 0) throw new UnsupportedMediaType(MSG.jsonOnly);
  }
  if (!SAFE_METHODS.has(route.method) && !fromAppOrigin(request.headers, cookies.length > 0)) throw new Forbidden(MSG.crossSiteRequest, 'cross_site_request');
}

/**
 * A browser says where a request comes from (platform/app-origin.ts, the WebSocket's rule too).
 * Calls without cookies and without a browser's word (a script, a webhook) carry no ambient
 * authority, so they pass; with a cookie, the request must prove it comes from the app.
 */
function fromAppOrigin(headers: Record<string, string>, carriesCookie: boolean): boolean {
  return comesFromApp(headers) ?? !carriesCookie;
}

function hasDuplicateCookie(cookies: string[]): boolean {
  const names = cookies
    .flatMap((c) => c.split(';'))
    .map((c) => c.slice(0, c.indexOf('=')).trim())
    .filter(Boolean);
  return new Set(names).size !== names.length;
}

/**
 * The caller of a valid token whose session has not ended and whose account may act, with that
 * account; anything else is an anonymous request (a 401 on a route that needs a caller).
 */
async function signedIn<A>(headers: Record<string, string>, checkSession: SessionCheck<A>, route: Route): Promise<{ caller?: Caller; account?: A }> {
  const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const caller = bearer ? await verifyAccessToken(bearer) : undefined;
  if (!caller) return {};
  const account = await checkSession(caller, route);
  return account === undefined ? {} : { caller, account };
}

/** Admin routes take admin sessions only; an admin session opens no member route. */
function authorise(route: Route, caller: Caller | undefined): void {
  if (roleMayCall(route.access, caller?.role) && (route.access !== 'admin' || caller?.kind === 'admin')) return;
  throw caller ? new Forbidden(route.denied) : new Unauthorized();
}

/** Parses the query string with the route's schema (numbers, defaults); the first problem is the message. */
function validateQuery(schema: NonNullable<Route['query']>, query: Record<string, string>): Record<string, unknown> {
  const result = schema.safeParse(query);
  if (!result.success) throw validationError(result.error);
  return result.data as Record<string, unknown>;
}

/** Validates the JSON body against the route's schema; returns the parsed, normalised value. */
export function validateBody(route: Route, rawBody: string): unknown {
  if (!route.body) return undefined;
  if (Buffer.byteLength(rawBody) > MAX_JSON_BYTES) throw new PayloadTooLarge(MSG.bodyTooLarge);
  let json: unknown;
  if (rawBody.trim() !== '') {
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new BadRequest(MSG.invalidJson, 'invalid_json');
    }
  }
  const result = route.body.safeParse(json);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function validationError(error: core.$ZodError): ValidationFailed {
  const messages = [...new Set(error.issues.map((issue) => (issue.code === 'invalid_type' && issue.path.length === 0 ? MSG.bodyMustBeObject : issue.message)))];
  return new ValidationFailed(
    messages[0] ?? MSG.invalidJson,
    messages.map((msg) => ({ msg })),
  );
}

export function respond(reply: Reply): APIGatewayProxyStructuredResultV2 {
  const text = reply.contentType !== undefined && typeof reply.body === 'string';
  return {
    statusCode: reply.status ?? 200,
    headers: { 'content-type': text ? (reply.contentType as string) : 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: text ? (reply.body as string) : JSON.stringify(reply.body ?? {}),
    cookies: reply.cookies,
  };
}

/**
 * The one place where errors become responses: `{ msg, code }` (and `errors` for a validation), with
 * `Retry-After` when trying again later can succeed. Contention is logged (CONTENTION_MESSAGE) and
 * anything else logs the line (UNHANDLED_ERROR_MESSAGE, with the request id) the infra counts and
 * alarms on: a 503 with `Retry-After` when the table throttled or failed on its side, else a 500.
 */
export function toErrorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (!(error instanceof HttpError)) {
    logger.error(UNHANDLED_ERROR_MESSAGE, error as Error);
    if (isTableUnavailable(error)) {
      const busy = respond({ status: 503, body: { msg: MSG.busy, code: 'unavailable' } satisfies ErrorBody });
      return { ...busy, headers: { ...busy.headers, 'retry-after': '1' } };
    }
    return respond({ status: 500, body: { msg: MSG.serverError, code: 'internal' } satisfies ErrorBody });
  }
  if (error instanceof Contention) logger.warn(CONTENTION_MESSAGE, { what: error.what });
  const body: ErrorBody = { msg: error.message, code: error.code, ...(error instanceof ValidationFailed && { errors: error.errors }) };
  const response = respond({ status: error.statusCode, body });
  const retryAfter = error instanceof TooManyRequests || error instanceof Contention ? error.retryAfterSeconds : undefined;
  if (retryAfter !== undefined) response.headers = { ...response.headers, 'retry-after': String(retryAfter) };
  return response;
}

/**
 * The request's Idempotency-Key (Stripe's header): the client sends the same key when it sends the
 * same thing again, after an answer it did not get. Undefined without one; a malformed one is refused.
 */
export function idempotencyKeyOf(headers: Record<string, string>): string | undefined {
  const key = headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(key)) throw new BadRequest(MSG.idempotencyKeyInvalid, 'validation_failed');
  return key;
}

/** DynamoDB's answers when it sheds load or fails on its side: the same request may well succeed in a moment (decision 285). */
const TABLE_UNAVAILABLE = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'InternalServerError']);

/**
 * The connection to the service lost or never made, as the AWS SDK classes them transient (its
 * NODEJS_TIMEOUT_ERROR_CODES and NODEJS_NETWORK_ERROR_CODES): an answer lost on the way, the request
 * applied or not (decision 342).
 */
const CONNECTION_LOST = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The table throttled, failed or could not be reached through the SDK's own retries (its errors carry
 * `$metadata`): not a fault of the request, nor a lasting one.
 */
const isTableUnavailable = (error: unknown): boolean =>
  error instanceof Error &&
  '$metadata' in error &&
  (TABLE_UNAVAILABLE.has(error.name) || CONNECTION_LOST.has(String((error as Error & { code?: unknown }).code)));

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
