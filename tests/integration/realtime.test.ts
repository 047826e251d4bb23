import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { stackUrl } from '../support/api';

describe('local WebSocket gateway', () => {
  it('connects on /ws and delivers a handler push through the @connections management API', async () => {
    const socket = new WebSocket(`${stackUrl().replace('http', 'ws')}/ws`, { origin: stackUrl() });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
    socket.send(JSON.stringify({ action: 'ping' }));
    expect(JSON.parse(await reply)).toMatchObject({ event: 'pong' });
    socket.close();
  });

  it('refuses a connection from another origin or with none', async () => {
    for (const origin of ['https://evil.example', undefined]) {
      const socket = new WebSocket(`${stackUrl().replace('http', 'ws')}/ws`, origin ? { origin } : {});
      const status = await new Promise<number>((resolve) => {
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('open', () => resolve(101));
      });
      expect(status, origin).toBe(403);
    }
  });
});
