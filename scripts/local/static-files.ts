/**
 * Serves the built SPA as CloudFront does: compressed (brotli or gzip), hashed assets cached for
 * good, a prerendered public page its own HTML, every other path falls back to index.html, every response with the security headers and
 * the CSP naming the app's own WebSocket origin.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { extname, join, normalize, sep } from 'node:path';
import { prerenderedFileOf } from '../../shared/prerendered-pages';
import { contentSecurityPolicy, SECURITY_HEADERS, webSocketOriginOf } from '../../shared/security-headers';

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

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

/**
 * `compressedDir` keeps each file's brotli and gzip forms by the hash of its content, for every
 * server this machine starts: brotli at its best quality takes about 2 CPU-seconds for the whole
 * build, which each test stack of a run (and each `npm start`) would otherwise spend again.
 */
export function createStaticFiles(root: string, compressedDir: string) {
  // Built files never change while the server runs (a rebuild restarts it): compress each once.
  const cache = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>();
  const encoded = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      const raw = readFileSync(file);
      entry = COMPRESSIBLE.has(extname(file))
        ? { raw, br: compressedForm(raw, 'br', brotliCompressSync), gzip: compressedForm(raw, 'gz', gzipSync) }
        : { raw, br: raw, gzip: raw };
      cache.set(file, entry);
    }
    return entry;
  };
  /** The kept form of `raw`, or one made now and kept (written whole, then renamed: a server reading it never sees half). */
  const compressedForm = (raw: Buffer, suffix: string, compress: (raw: Buffer) => Buffer): Buffer => {
    const kept = join(compressedDir, `${createHash('sha256').update(raw).digest('hex')}.${suffix}`);
    if (existsSync(kept)) return readFileSync(kept);
    const made = compress(raw);
    mkdirSync(compressedDir, { recursive: true });
    const partial = `${kept}.${process.pid}.partial`;
    writeFileSync(partial, made);
    renameSync(partial, kept);
    return made;
  };

  /** `appOrigin`: the origin the request was addressed to (http://localhost:3000), checked by the caller. */
  return function serve(request: IncomingMessage, response: ServerResponse, appOrigin: string): void {
    const pathname = decodedPath(request.url ?? '/');
    const candidate = pathname === undefined ? root : normalize(join(root, pathname));
    const isFile = candidate.startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile();
    // A public page rendered at build time (decision 290) is served its own HTML, any other path the app's shell.
    const prerendered = pathname === undefined ? undefined : prerenderedFileOf(pathname);
    const file = isFile ? candidate : prerendered && existsSync(join(root, prerendered)) ? join(root, prerendered) : join(root, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build:web`.');
      return;
    }
    const immutable = isFile && pathname?.startsWith('/assets/') === true;
    const entry = encoded(file);
    send(request, response, appOrigin, 200, {
      headers: {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
      encodings: COMPRESSIBLE.has(extname(file)) ? entry : { raw: entry.raw },
    });
  };
}

/**
 * A page the pages Lambda rendered (decision 297), sent as CloudFront sends it from its `/teacher/*`
 * behaviour: compressed, with the security headers and the SPA's CSP (the distribution's response
 * headers policy and viewer-response function), and the Lambda's own type and caching.
 */
export function sendRenderedPage(request: IncomingMessage, response: ServerResponse, appOrigin: string, page: APIGatewayProxyStructuredResultV2): void {
  const raw = Buffer.from(page.body ?? '', 'utf8');
  send(request, response, appOrigin, page.statusCode ?? 200, {
    headers: page.headers as Record<string, string>,
    encodings: { raw, br: () => brotliCompressSync(raw), gzip: () => gzipSync(raw) },
  });
}

type Encoded = Buffer | (() => Buffer);

/** A body in the encoding the request accepts among those given, with the headers CloudFront adds to the SPA's answers. */
function send(
  request: IncomingMessage,
  response: ServerResponse,
  appOrigin: string,
  status: number,
  { headers, encodings }: { headers: Record<string, string>; encodings: { raw: Buffer; br?: Encoded; gzip?: Encoded } },
): void {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = encodings.br && /\bbr\b/.test(accepted) ? 'br' : encodings.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  const chosen = encoding ? (encodings[encoding] as Encoded) : encodings.raw;
  const body = typeof chosen === 'function' ? chosen() : chosen;
  response.writeHead(status, {
    ...headers,
    ...SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy(webSocketOriginOf(appOrigin)),
    'content-length': body.length,
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** The request's path, decoded; a malformed escape names no file and no page (the app's shell answers it). */
function decodedPath(url: string): string | undefined {
  const { pathname } = new URL(url, 'http://local');
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}
