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

/** Static imports of the initial chunks, transitively, from .vite/manifest.json when it was written. */
function addStaticImports(initial: Set<string>, distDir: string): void {
  const manifestFile = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const pending = [...initial];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const key of byFile.get(next)?.imports ?? []) {
      const file = manifest[key]?.file;
      if (file && !initial.has(file)) {
        initial.add(file);
        pending.push(file);
      }
    }
  }
}

/** gzip at level 9, as Vite's own size report does. */
const gzip = (data: Buffer) => gzipSync(data, { level: 9 }).length;
