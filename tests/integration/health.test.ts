import { describe, expect, it } from 'vitest';
import { ApiClient, stackUrl } from '../support/api';

describe('local stack', () => {
  it('answers GET /api/health once table, buckets and outbox are reachable', async () => {
    const response = await new ApiClient().get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { table: true, mediaBucket: true, filesBucket: true, outbox: true } });
  });

  it('serves the SPA with security headers: a public page its prerendered HTML, an expert’s page its own, other app routes index.html', async () => {
    for (const [path, status, root] of [
      ['/login', 200, '<div id="root" data-prerendered>'],
      ['/login/', 200, '<div id="root" data-prerendered>'],
      ['/profile', 200, '<div id="root">'],
      // Rendered per request (decision 297): this id is no expert's.
      ['/teacher/0b6f7c2e', 404, '<div id="root" data-prerendered>'],
    ] as const) {
      const response = await fetch(`${stackUrl()}${path}`);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(await response.text(), path).toContain(root);
    }
  });

  it('answers a malformed path with the app, not a gateway error', async () => {
    const response = await fetch(`${stackUrl()}/%E0%A4%A`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers an unknown API path with 404, a msg and its code (the $default route)', async () => {
    const response = await new ApiClient().get('/no/such/route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ msg: 'No such API route.', code: 'route_not_found' });
  });
});
