/**
 * The route table: every call of both specification documents (section 7 of each), once, in one
 * list per domain (the Lambda that serves it). The CDK HTTP API, the local gateway, the domain
 * handlers and the authorization tests are all built from it; adding a line here is all it takes
 * for a route to be deployed, served locally and covered by the matrix.
 */
import type * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import { API_PREFIX } from './api-prefix';
import { HEALTH_ROUTES } from './routes/health';
import { AUTH_ROUTES } from './routes/auth';
import { USERS_ROUTES } from './routes/users';
import { CATALOGUE_ROUTES } from './routes/catalogue';
import { CHATS_ROUTES } from './routes/chats';
import { ORDERS_ROUTES } from './routes/orders';
import { JOBS_ROUTES } from './routes/jobs';
import { CALENDARS_ROUTES } from './routes/calendars';
import { ROOMS_ROUTES } from './routes/rooms';
import { ADMIN_ROUTES } from './routes/admin';
import type { Domain, Route, RouteKeyOf } from './routes/route';
import { ROOM_ACTIONS } from './schemas/rooms';

export { API_PREFIX };
export { type Access, type Domain, type Method, type Route, type RouteKeyOf, roleMayCall, routeKey } from './routes/route';

/** Every domain's routes: every call of both specifications, once, and what this product added. */
const ROUTES_BY_DOMAIN = {
  health: HEALTH_ROUTES,
  auth: AUTH_ROUTES,
  users: USERS_ROUTES,
  catalogue: CATALOGUE_ROUTES,
  chats: CHATS_ROUTES,
  orders: ORDERS_ROUTES,
  jobs: JOBS_ROUTES,
  calendars: CALENDARS_ROUTES,
  rooms: ROOMS_ROUTES,
  admin: ADMIN_ROUTES,
} as const satisfies { [D in Domain]: readonly (Route & { domain: D })[] };

/**
 * The whole table, as every consumer that walks it reads it (the CDK, the local gateway, the tests).
 * A Lambda imports its own domain's list (`shared/routes/<domain>.ts`) instead, so that its bundle
 * holds no other domain's entries and schemas (decision 276).
 */
export const ROUTES: readonly Route[] = Object.values<readonly Route[]>(ROUTES_BY_DOMAIN).flat();

type AnyRoute = (typeof ROUTES_BY_DOMAIN)[Domain][number];

/** The routes a domain's Lambda serves, with their literal keys and schemas. */
export type DomainRoutes<D extends Domain> = (typeof ROUTES_BY_DOMAIN)[D];
export type RouteKey = RouteKeyOf<AnyRoute>;
/** The route keys a domain's Lambda serves. */
export type RouteKeyIn<D extends Domain> = RouteKeyOf<Extract<AnyRoute, { domain: D }>>;
type RouteOf<K extends RouteKey> = Extract<
  AnyRoute,
  { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${typeof API_PREFIX}${infer P}` ? P : never }
>;
/** The validated body an action of this route receives. */
export type BodyOf<K extends RouteKey> = RouteOf<K> extends { body: infer S extends ZodMiniType } ? z.output<S> : undefined;
/** The body a client sends to this route (before the schema's defaults and trimming). */
export type BodyInputOf<K extends RouteKey> =
  RouteOf<K> extends { upload: string } ? FormData : RouteOf<K> extends { body: infer S extends ZodMiniType } ? z.input<S> : undefined;
/** Who may call this route. */
export type AccessOf<K extends RouteKey> = RouteOf<K>['access'];
/** The names of a path's parameters: `'/offers/{id}/reviews'` gives `'id'`. */
type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | PathParamNames<Rest> : never;
/** A route's path parameters, each required: a missing one fails to compile. */
export type ParamsOf<K extends RouteKey> = { [N in PathParamNames<K>]: string };
/** The parsed query string an action of this route receives. */
export type QueryOf<K extends RouteKey> = RouteOf<K> extends { query: infer S extends ZodMiniType } ? z.output<S> : Record<string, string>;

export const DOMAINS = Object.keys(ROUTES_BY_DOMAIN) as Domain[];

export function routesOf<D extends Domain>(domain: D): DomainRoutes<D> {
  return ROUTES_BY_DOMAIN[domain];
}

/** WebSocket API routes (route selection on the message's `action` field). */
export const WS_ROUTES = ['$connect', '$disconnect', 'ping', 'joinChat', ...ROOM_ACTIONS] as const;
export type WsRoute = (typeof WS_ROUTES)[number];
/**
 * Routes whose handler's answer goes straight back on the connection (API Gateway route responses):
 * no @connections call. A room's other actions are one-way: what they carry goes to the other side,
 * and a refusal comes back through @connections.
 */
export const WS_TWO_WAY_ROUTES: readonly WsRoute[] = ['ping', 'joinChat', 'joinRoom'];
export { WS_PATH } from './ws-path';
