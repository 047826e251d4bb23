import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';

/**
 * The kernel's range for the ports of outgoing connections. A port picked inside it can be taken by
 * any outgoing connection between the pick and the listen (seen in CI: EADDRINUSE while `npm start`
 * seeded), so picks stay below it.
 */
function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > 12_000) return low;
  } catch {
    // Not Linux: the IANA dynamic range, where macOS and Windows start theirs.
  }
  return 49_152;
}

const FIRST_PORT = 10_000;

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on the loopback interface, outside the range the kernel hands to outgoing
 * connections, for a process that must be told its port and listens on it later (DynamoDB Local's
 * JVM): another process can still take it in between, so that process is started again on another.
 * A server of this process listens on port 0 instead, or through `listenFirst`.
 */
export async function freePort(): Promise<number> {
  const span = ephemeralRangeStart() - FIRST_PORT;
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * span);
    if (await listensOn(port)) return port;
  }
  throw new Error(`No free port between ${FIRST_PORT} and ${FIRST_PORT + span}`);
}

/**
 * An HTTP server that listens at once on `port` (0: any free one, which the kernel picks as it binds),
 * before the work that readies it: a port picked free and listened on only later can be taken by
 * another process in between (seen in CI: EADDRINUSE as a test stack started). A request that comes
 * before `serve` is given waits for it.
 */
export async function listenFirst(port: number, host: string): Promise<{ server: Server; port: number; serve(listener: RequestListener): void }> {
  let listener: RequestListener | undefined;
  const waiting: [IncomingMessage, ServerResponse][] = [];
  const server = createHttpServer((request, response) => (listener ? listener(request, response) : waiting.push([request, response])));
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    serve(ready) {
      listener = ready;
      for (const [request, response] of waiting.splice(0)) ready(request, response);
    },
  };
}

export async function waitFor(what: string, probe: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  let lastError: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${what} did not start within ${timeoutMs} ms: ${String(lastError)}`);
}
