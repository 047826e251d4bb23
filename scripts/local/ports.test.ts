import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, listenFirst } from './ports';

const [ephemeralStart] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);

describe('freePort', () => {
  it('picks ports an outgoing connection cannot take, and that can be listened on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeralStart);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('listenFirst', () => {
  it('listens at once on a port the kernel picked, and answers the requests that came before it was ready', async () => {
    const app = await listenFirst(0, '127.0.0.1');
    try {
      expect(app.port).toBeGreaterThan(0);
      const early = fetch(`http://127.0.0.1:${app.port}/early`).then(async (response) => `${response.status} ${await response.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      app.serve((request, response) => response.end(`served ${request.url}`));
      expect(await early).toBe('200 served /early');
      expect(await (await fetch(`http://127.0.0.1:${app.port}/later`)).text()).toBe('served /later');
    } finally {
      await new Promise((resolve) => app.server.close(resolve));
    }
  });

  it('fails at once when the port is taken', async () => {
    const app = await listenFirst(0, '127.0.0.1');
    try {
      await expect(listenFirst(app.port, '127.0.0.1')).rejects.toThrow('EADDRINUSE');
    } finally {
      await new Promise((resolve) => app.server.close(resolve));
    }
  });
});
