import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLIENT_ADDRESS_HEADER, ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { createWsGateway } from './ws-gateway';

type Handler = Parameters<typeof createWsGateway>[0];

/** Runs `use` against a local gateway with `handler` behind it, on a free port, and closes both after. */
async function withGateway(handler: Handler, use: (port: number) => Promise<void>): Promise<void> {
  const gateway = createWsGateway(handler, { originSecret: 'the-edge-secret' });
  const server = createServer((request, response) => void gateway.management(request, response));
  server.on('upgrade', (request, socket, head) => void gateway.upgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use((server.address() as AddressInfo).port);
  } finally {
    await gateway.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('local WebSocket gateway as the edge', () => {
  it('gives $connect the origin secret and the viewer address, replacing what the client sent under those names', async () => {
    const connects: APIGatewayProxyWebsocketEventV2[] = [];
    const handler: Handler = async (event) => {
      if (event.requestContext.routeKey === '$connect') connects.push(event);
      return { statusCode: 200 };
    };
    await withGateway(handler, async (port) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
        headers: { [ORIGIN_VERIFY_HEADER]: 'forged-secret', [CLIENT_ADDRESS_HEADER]: '203.0.113.9:443' },
      });
      let clientPort = 0;
      socket.once('upgrade', (response) => (clientPort = response.socket.localPort!));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const headers = (connects[0] as unknown as { headers: Record<string, string> }).headers;
      expect(headers[ORIGIN_VERIFY_HEADER]).toBe('the-edge-secret');
      expect(headers[CLIENT_ADDRESS_HEADER]).toBe(`127.0.0.1:${clientPort}`);
      socket.close();
    });
  });

  it('closes a connection on DELETE @connections/{id} as API Gateway does: 204, $disconnect, then 410 to a post', async () => {
    const routes: string[] = [];
    let connectionId = '';
    const handler: Handler = async (event) => {
      routes.push(event.requestContext.routeKey);
      connectionId = event.requestContext.connectionId;
      return { statusCode: 200 };
    };
    await withGateway(handler, async (port) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      const url = `http://127.0.0.1:${port}/_local/ws-management/@connections/${encodeURIComponent(connectionId)}`;
      expect((await fetch(url, { method: 'DELETE' })).status).toBe(204);
      expect((await fetch(url, { method: 'POST', body: '{}' })).status).toBe(410);
      expect(await closed).toBe(1000);
      await expect.poll(() => routes).toEqual(['$connect', '$disconnect']);
    });
  });

  it('runs $disconnect for a client that left while $connect ran, so no record of the connection stays', async () => {
    const routes: string[] = [];
    let connectRan: () => void = () => undefined;
    const connectStarted = new Promise<void>((resolve) => (connectRan = resolve));
    let finishConnect: () => void = () => undefined;
    const handler: Handler = async (event) => {
      routes.push(event.requestContext.routeKey);
      if (event.requestContext.routeKey === '$connect') {
        connectRan();
        await new Promise<void>((resolve) => (finishConnect = resolve));
      }
      return { statusCode: 200 };
    };
    await withGateway(handler, async (port) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      socket.on('error', () => undefined);
      await connectStarted;
      socket.terminate();
      await new Promise((resolve) => setTimeout(resolve, 50));
      finishConnect();
      await expect.poll(() => routes).toEqual(['$connect', '$disconnect']);
    });
  });
});
