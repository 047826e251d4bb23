/**
 * One entry of the route table (`shared/routes.ts`): its shape, how each domain's list writes one,
 * its API Gateway key and who may call it. Lambdas import this and their own domain's list only.
 */
import type { ZodMiniType } from 'zod/mini';
import { API_PREFIX } from '../api-prefix';
import type { Role } from '../roles';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Domain = 'health' | 'auth' | 'users' | 'catalogue' | 'chats' | 'orders' | 'admin' | 'jobs' | 'calendars' | 'rooms';
/**
 * Who may call a route. public: anyone; authenticated: any signed-in account (admins included);
 * member: a signed-in student or professor; user: students; professor: experts; admin: admins.
 * Ownership of the data a route touches is checked by the domain's service on top of this.
 */
export type Access = 'public' | 'authenticated' | 'member' | 'user' | 'professor' | 'admin';

export interface Route {
  method: Method;
  /** Path below API_PREFIX in API Gateway syntax, e.g. /offers/{id}. */
  path: string;
  domain: Domain;
  access: Access;
  /** JSON body schema; absent for calls without a body. */
  body?: ZodMiniType;
  /** Query-string schema (values arrive as strings); absent: the query string is ignored. */
  query?: ZodMiniType;
  /** What a signed-in caller whose role the route refuses is told (default: a generic 403). */
  denied?: string;
  /** multipart/form-data upload with the named file field. */
  upload?: string;
  /** Raw body needed (signature checks); the body is passed on untouched. */
  rawBody?: boolean;
}

type RouteExtra = Pick<Route, 'body' | 'query' | 'denied' | 'upload' | 'rawBody'>;

/** One entry; its literal method, path, domain and schemas stay in the table's type. */
export const r = <
  const M extends Method,
  const P extends string,
  const D extends Domain,
  const A extends Access,
  const X extends RouteExtra = Record<never, never>,
>(
  method: M,
  path: P,
  domain: D,
  access: A,
  extra?: X,
) => ({ method, path, domain, access, ...extra }) as { method: M; path: P; domain: D; access: A } & X;

/**
 * An entry's route key, e.g. "POST /api/offers/create": the name handlers, the web client and tests use.
 * Distributed over a union of entries, so that a union gives each entry's own key, never every
 * method paired with every path.
 */
export type RouteKeyOf<R extends Pick<Route, 'method' | 'path'>> = R extends unknown ? `${R['method']} ${typeof API_PREFIX}${R['path']}` : never;

/** API Gateway route key, e.g. "POST /api/auth/login": what payload 2.0 events carry as routeKey. */
export function routeKey<R extends Pick<Route, 'method' | 'path'>>(route: R): RouteKeyOf<R> {
  return `${route.method} ${API_PREFIX}${route.path}` as RouteKeyOf<R>;
}

/** Does a role satisfy a route's access level? Public routes are open to everyone. */
export function roleMayCall(access: Access, role: Role | undefined): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'authenticated':
      return role !== undefined;
    case 'member':
      return role === 'user' || role === 'professor';
    default:
      return role === access;
  }
}
