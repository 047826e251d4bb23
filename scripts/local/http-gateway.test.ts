import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { DOMAINS, type Domain } from '../../shared/routes';
import { createHttpGateway, matchRoute } from './http-gateway';

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

describe('local gateway as the edge', () => {
  it('sends the origin secret and the viewer address, replacing what the client sent under those names', async () => {
    const events: APIGatewayProxyEventV2[] = [];
    const handler = async (event: APIGatewayProxyEventV2) => {
      events.push(event);
      return { statusCode: 200 };
    };
    const gateway = createHttpGateway(Object.fromEntries(DOMAINS.map((domain) => [domain, handler])) as Record<Domain, typeof handler>, {
      originSecret: 'the-edge-secret',
    });
    const server = createServer((req, res) => void gateway(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const forged = { [ORIGIN_VERIFY_HEADER]: 'forged-secret', [CLIENT_ADDRESS_HEADER]: '203.0.113.9:443' };
      const { status, clientPort } = await get(`http://127.0.0.1:${port}/api/health`, forged);
      expect(status).toBe(200);
      expect(events).toHaveLength(1);
      expect(events[0].headers[ORIGIN_VERIFY_HEADER]).toBe('the-edge-secret');
      expect(events[0].headers[CLIENT_ADDRESS_HEADER]).toBe(`127.0.0.1:${clientPort}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** GET with the given headers; resolves with the status and the client's own port. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; clientPort: number }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, clientPort: sent.socket!.localPort! }));
    });
    sent.on('error', reject).end();
  });
}
