import { describe, expect, it } from 'vitest';
import { matchRoute } from './http-gateway';

describe('local gateway route matching', () => {
  it('prefers static segments over path variables, as API Gateway does', () => {
    expect(matchRoute('GET', '/user/professors')?.route.path).toBe('/user/professors');
    expect(matchRoute('GET', '/user/abc')).toMatchObject({ route: { path: '/user/{id}' }, params: { id: 'abc' } });
    expect(matchRoute('PATCH', '/admin/offers/42/approve')?.route.path).toBe('/admin/offers/{id}/approve');
    expect(matchRoute('PATCH', '/admin/offers/42')?.route.path).toBe('/admin/offers/{id}');
  });

  it('decodes path parameters and matches the method', () => {
    expect(matchRoute('GET', '/offers/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRoute('DELETE', '/auth/login')).toBeUndefined();
    expect(matchRoute('GET', '/offers/%E0%A4%A')).toBeUndefined();
  });
});
