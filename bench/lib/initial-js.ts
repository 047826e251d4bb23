/**
 * The JavaScript a browser must fetch before the app can start: the HTML's module scripts, every
 * module it preloads, and (through Vite's manifest) every chunk those import statically.
 * Lazy route chunks are not part of it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialJs {
  files: { file: string; bytes: number; gzipBytes: number }[];
  /** Inline module scripts of index.html, if any. */
  inlineBytes: number;
  totalBytes: number;
  totalGzipBytes: number;
}

type Manifest = Record<string, { file: string; imports?: string[] }>;

export function measureInitialJs(distDir: string): InitialJs {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const tags = (name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
  const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
  const initial = new Set<string>();
  for (const tag of tags('script')) {
    const src = attribute(tag, 'src');
    if (attribute(tag, 'type') === 'module' && src) initial.add(src.replace(/^\//, ''));
  }
  for (const tag of tags('link')) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel') === 'modulepreload' && href) initial.add(href.replace(/^\//, ''));
  }
  addStaticImports(initial, distDir);

  const inline = [...html.matchAll(/<script\b[^>]*type=["']module["'][^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).join('');
  const files = [...initial].sort().map((file) => {
    const code = readFileSync(join(distDir, file));
    return { file, bytes: code.length, gzipBytes: gzip(code) };
  });
  const inlineBytes = Buffer.byteLength(inline);
  return {
    files,
    inlineBytes,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, inlineBytes),
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, inline ? gzip(Buffer.from(inline)) : 0),
  };
}

export interface LazyPageJs {
  /** The page's module in the Vite manifest (a path under web/). */
  page: string;
  /** The page's chunk and every chunk it imports statically that the initial JS does not hold. */
  files: { file: string; bytes: number; gzipBytes: number }[];
  totalGzipBytes: number;
}

/**
 * The JavaScript a lazy route fetches when it opens, on top of the initial JS: what a library
 * imported only by lazy pages costs the visitors of those pages.
 */
export function measureLazyPage(distDir: string, page: string, initial: InitialJs): LazyPageJs {
  const manifest = readManifest(distDir);
  const entry = manifest?.[page];
  if (!manifest || !entry) throw new Error(`${page} is not a chunk of the build's manifest`);
  const loaded = new Set([entry.file]);
  addStaticImports(loaded, distDir);
  const initialFiles = new Set(initial.files.map((f) => f.file));
  const files = [...loaded]
    .filter((file) => !initialFiles.has(file))
    .sort()
    .map((file) => {
      const code = readFileSync(join(distDir, file));
      return { file, bytes: code.length, gzipBytes: gzip(code) };
    });
  return { page, files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

function readManifest(distDir: string): Manifest | undefined {
  const manifestFile = join(distDir, '.vite/manifest.json');
  return existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
}

/** Static imports of the given chunks, transitively, from .vite/manifest.json when it was written. */
function addStaticImports(chunks: Set<string>, distDir: string): void {
  const manifest = readManifest(distDir);
  if (!manifest) return;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const pending = [...chunks];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const key of byFile.get(next)?.imports ?? []) {
      const file = manifest[key]?.file;
      if (file && !chunks.has(file)) {
        chunks.add(file);
        pending.push(file);
      }
    }
  }
}

/** gzip at level 9, as Vite's own size report does. */
const gzip = (data: Buffer) => gzipSync(data, { level: 9 }).length;
