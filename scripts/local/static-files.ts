/** Serves the built SPA: hashed assets cached for good, every other path falls back to index.html. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { SECURITY_HEADERS } from '../../shared/security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export function createStaticFiles(root: string) {
  return function serve(request: IncomingMessage, response: ServerResponse): void {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://local').pathname);
    const candidate = normalize(join(root, pathname));
    const isFile = candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile();
    const file = isFile ? candidate : join(root, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build:web`.');
      return;
    }
    const immutable = isFile && pathname.startsWith('/assets/');
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  };
}
