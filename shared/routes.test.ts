import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAINS, ROUTES, roleMayCall, routeKey } from './routes';

describe('route table', () => {
  it('lists every route once', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses API Gateway path syntax', () => {
    for (const route of ROUTES) expect(route.path).toMatch(/^(\/([a-z0-9-]+|\{[a-zA-Z]+\}))+$/);
  });

  it('has a Lambda handler for every domain', () => {
    for (const domain of DOMAINS) expect(existsSync(resolve(import.meta.dirname, `../functions/lambdas/${domain}/handler.ts`)), domain).toBe(true);
  });

  it('gives a body schema to every call that sends JSON, and none to GET or DELETE', () => {
    for (const route of ROUTES) {
      const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
      expect(Boolean(route.body || route.upload || route.rawBody), routeKey(route)).toBe(sendsBody);
    }
  });

  it('grants access levels as documented', () => {
    expect(roleMayCall('public', undefined)).toBe(true);
    expect(roleMayCall('authenticated', undefined)).toBe(false);
    expect(roleMayCall('authenticated', 'admin')).toBe(true);
    expect(roleMayCall('member', 'admin')).toBe(false);
    expect(roleMayCall('member', 'professor')).toBe(true);
    expect(roleMayCall('professor', 'user')).toBe(false);
    expect(roleMayCall('admin', 'professor')).toBe(false);
  });
});
