/**
 * The local stack served as CloudFront serves the product: HTTP/2 over TLS, so that a page's
 * requests share one connection instead of queueing on HTTP/1.1's six (issue 29). A `node:http2`
 * listener with a throwaway self-signed certificate (made by openssl for this run, deleted after)
 * forwards each request to the local stack, and serves the benchmark's own floors from memory
 * under FLOORS_PATH. The browser is told to accept the certificate (--ignore-certificate-errors).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the floors' files are served: never a path of the product. */
export const FLOORS_PATH = '/_floors/';

export interface StaticFile {
  body: Buffer;
  type: string;
  /** Brotli-compressed, as the local stack and CloudFront serve the product's files. */
  brotli?: Buffer;
}

export interface Http2Front {
  /** https://localhost:<port> */
  url: string;
  stop(): Promise<void>;
}

/** HTTP/1.1's hop-by-hop headers, which HTTP/2 forbids. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te']);

export async function startHttp2Front(stackUrl: string, floors: Map<string, StaticFile>): Promise<Http2Front> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-h2-'));
  const key = join(folder, 'key.pem');
  const cert = join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const stack = new URL(stackUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  const serveFloor = (request: Http2ServerRequest, response: Http2ServerResponse, file: StaticFile) => {
    const brotli = file.brotli !== undefined && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) ? file.brotli : undefined;
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': file.type.startsWith('text/html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(brotli && { 'content-encoding': 'br' }),
    });
    response.end(brotli ?? file.body);
  };

  const forward = (request: Http2ServerRequest, response: Http2ServerResponse) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue;
      headers[name] = value;
    }
    // The stack answers its own origin: the page's same-origin calls reach it as they would reach CloudFront's origin.
    headers.host = stack.host;
    if (headers.origin) headers.origin = stack.origin;
    const upstream = httpRequest({ agent, hostname: stack.hostname, port: stack.port, method: request.method, path: request.url, headers }, (answer) => {
      const answerHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) answerHeaders[name] = value;
      }
      response.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(response);
    });
    upstream.once('error', () => response.stream.close());
    request.pipe(upstream);
  };

  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true }, (request, response) => {
    const path = new URL(request.url, 'https://localhost').pathname;
    const floor = path.startsWith(FLOORS_PATH) ? (floors.get(path) ?? floors.get(`${path.replace(/\/$/, '')}/index.html`)) : undefined;
    if (floor) serveFloor(request, response, floor);
    else if (path.startsWith(FLOORS_PATH)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no such floor file\n');
    } else forward(request, response);
  });
  // The browser keeps its connection open: stopping closes every session, not only the listener.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    async stop() {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
