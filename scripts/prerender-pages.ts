/**
 * The build's last step (`npm run build:web`): renders each public page of
 * shared/prerendered-pages.ts as a signed-out visitor first sees it (web/src/prerender.tsx, built
 * for Node by Vite with the app's own config), and writes it into a copy of the built index.html,
 * under web/dist/pages/ (decision 290). The browser paints that HTML before any script runs, and
 * React hydrates it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDERED_PAGES } from '../shared/prerendered-pages';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'web/dist');
const SERVER_BUILD = join(ROOT, 'web/.prerender');

/**
 * The loading screen a member's browser shows instead of the signed-out page while the app resumes
 * the session (shared/first-paint-script.ts): hidden unless the session hint is there.
 */
const BOOT_SCREEN = '<div class="boot-screen" id="boot" role="status"><span class="boot-spinner"></span><span>Loading…</span></div>';

const MANIFEST = join(DIST, '.vite/manifest.json');
/** A route's stylesheet up to this size is put in the page (no request before the first paint); a larger one is linked. */
const INLINE_CSS_MAX_BYTES = 8_000;

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

/**
 * The route's stylesheets, linked (the page paints styled, not restyled when its chunk arrives),
 * and its code preloaded, with the chunks it imports; what the entry already holds is left out.
 */
function routeTags(manifest: Manifest, module: string): string {
  if (!manifest[module])
    throw new Error(`${module} is not a chunk of the client build: shared/prerendered-pages.ts names another module than the router loads`);
  const closure = (from: string[], skip: Set<string> = new Set()) => {
    const keys = new Set<string>();
    const visit = (key: string) => {
      if (!manifest[key] || keys.has(key) || skip.has(key)) return;
      keys.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of from) visit(key);
    return keys;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key].isEntry));
  const chunks = closure([module], entry);
  const css = [...new Set([...chunks].flatMap((key) => manifest[key].css ?? []))];
  return [
    ...css.map((href) => {
      const text = readFileSync(join(DIST, href), 'utf8');
      return Buffer.byteLength(text) <= INLINE_CSS_MAX_BYTES ? `    <style>${text}</style>` : `    <link rel="stylesheet" href="/${href}">`;
    }),
    ...[...chunks].map((key) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[key].file}">`),
  ].join('\n');
}

/**
 * A prerendered page paints from its HTML and stylesheets alone: its scripts only take it over, so
 * they are fetched after what the paint needs (low priority), never before it.
 */
const hydrationLater = (html: string) =>
  html
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');

/** index.html's #root and its loading screen, which a prerendered page replaces. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div><\/div>/;

async function main(): Promise<void> {
  await build({
    configFile: join(ROOT, 'web/vite.config.ts'),
    logLevel: 'error',
    build: { ssr: 'src/prerender.tsx', outDir: SERVER_BUILD, emptyOutDir: true, copyPublicDir: false },
  });
  const { renderPage } = (await import(pathToFileURL(join(SERVER_BUILD, 'prerender.js')).href)) as { renderPage(path: string): Promise<string> };
  const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
  if (!ROOT_ELEMENT.test(shell)) throw new Error('web/dist/index.html has no #root with its loading screen to replace');
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  for (const page of PRERENDERED_PAGES) {
    const html = await renderPage(page.path);
    const file = join(DIST, page.file);
    mkdirSync(dirname(file), { recursive: true });
    const withRoute = hydrationLater(shell).replace('</head>', () => `${routeTags(manifest, page.module)}\n  </head>`);
    writeFileSync(
      file,
      withRoute.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered>${html}</div>${BOOT_SCREEN}`),
    );
    console.log(`  prerendered ${page.path} -> web/dist/${page.file} (${Buffer.byteLength(html)} bytes)`);
  }
  rmSync(SERVER_BUILD, { recursive: true, force: true });
  // The manifest served its purpose: it is not deployed.
  rmSync(dirname(MANIFEST), { recursive: true, force: true });
}

await main();
