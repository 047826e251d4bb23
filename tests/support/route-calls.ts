/** Builds a concrete call of any route of the route table, for the generated matrix and fuzz tests. */
import type { Role } from '../../shared/roles';
import type { Route } from '../../shared/routes';
import { roleMayCall } from '../../shared/routes';
import { ApiClient } from './api';

export type Caller = 'anonymous' | Role;
export const CALLERS: Caller[] = ['anonymous', 'user', 'professor', 'admin'];

/** The path with every {param} filled: ids get a well-formed id of nothing, indexes 0. */
export function concretePath(route: Route): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'index' ? '0' : '00000000-0000-4000-8000-000000000000'));
}

export function mayCall(route: Route, caller: Caller): boolean {
  return roleMayCall(route.access, caller === 'anonymous' ? undefined : caller);
}

/** A caller allowed through the route's access level (anonymous for public routes). */
export function allowedCaller(route: Route): Caller {
  return CALLERS.find((caller) => mayCall(route, caller))!;
}

/** A client with only a bearer token (no cookies), so that calls never touch the caller's session. */
export function clientFor(tokens: Partial<Record<Caller, string>>, caller: Caller): ApiClient {
  const client = new ApiClient();
  client.accessToken = tokens[caller];
  return client;
}
