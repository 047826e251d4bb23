/**
 * The build's last step (`npm run build:web`): renders each public page of
 * shared/prerendered-pages.ts as a signed-out visitor first sees it (web/src/prerender.tsx, built
 * for Node by Vite with the app's own config), and writes it into a copy of the built index.html,
 * under web/dist/pages/ (decision 290). The browser paints that HTML before any script runs, and
 * React hydrates it. It also writes the template of the page rendered per request, an expert's
 * profile, which the pages Lambda fills (decision 297).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { APP_SCRIPTS_META, FIRST_PAINT_SCRIPT } from '../shared/first-paint-script';
import { EXPERT_PAGE, LOADING_SCREEN, PAGE_SLOTS, PAGE_TEMPLATES_DIR, PRERENDERED_PAGES } from '../shared/prerendered-pages';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'web/dist');
const SERVER_BUILD = join(ROOT, 'web/.prerender');

/**
 * The loading screen a member's browser shows instead of the signed-out page while the app resumes
 * the session (shared/first-paint-script.ts): hidden unless the session hint is there.
 */
const BOOT_SCREEN = LOADING_SCREEN.replace('<div class="boot-screen"', '<div class="boot-screen" id="boot"');

const MANIFEST = join(DIST, '.vite/manifest.json');
/** A route's stylesheet up to this size is put in the page (no request before the first paint); a larger one is linked. */
const INLINE_CSS_MAX_BYTES = 8_000;

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

/**
 * The route's stylesheets (in the page, or linked when large: it paints styled, not restyled when
 * its chunk arrives) and its chunks with those they import; what the entry already holds is left out.
 */
function routeAssets(manifest: Manifest, module: string): { styles: string; chunks: string[] } {
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
  const styles = css.map((href) => {
    const text = readFileSync(join(DIST, href), 'utf8');
    return Buffer.byteLength(text) <= INLINE_CSS_MAX_BYTES ? `    <style>${text}</style>` : `    <link rel="stylesheet" href="/${href}">`;
  });
  return { styles: styles.join('\n'), chunks: [...chunks].map((key) => `/${manifest[key].file}`) };
}

/**
 * A prerendered page paints from its HTML and stylesheets alone: its scripts only take it over. So
 * it names them in a meta element instead of loading them, and the first-paint line adds them once
 * the page has painted (shared/first-paint-script.ts): the entry first, then every chunk to preload
 * (the entry's and the route's). No script's bytes come before the first paint.
 */
function scriptsAfterPaint(html: string, routeChunks: string[]): string {
  const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  if (entries.length !== 1) throw new Error(`index.html has ${entries.length} module scripts, expected the entry alone`);
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const scripts = [entries[0][1], ...new Set([...preloads, ...routeChunks])];
  return html
    .replace(entries[0][0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(`<script>${FIRST_PAINT_SCRIPT}</script>`, (line) => `<meta name="${APP_SCRIPTS_META}" content="${scripts.join(' ')}">\n    ${line}`);
}

/** index.html's #root and its loading screen, which a prerendered page replaces. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div><\/div>/;
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;

/** The page of a route module: index.html with the route's stylesheets and scripts, and `root` as its #root. */
function pageOf(shell: string, manifest: Manifest, module: string, root: string): string {
  const route = routeAssets(manifest, module);
  const withRoute = scriptsAfterPaint(shell, route.chunks).replace('</head>', () => `${route.styles}\n  </head>`);
  return withRoute.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered>${root}</div>${BOOT_SCREEN}`);
}

async function main(): Promise<void> {
  await build({
    configFile: join(ROOT, 'web/vite.config.ts'),
    logLevel: 'error',
    build: { ssr: 'src/prerender.tsx', outDir: SERVER_BUILD, emptyOutDir: true, copyPublicDir: false },
  });
  const { renderPage } = (await import(pathToFileURL(join(SERVER_BUILD, 'prerender.js')).href)) as { renderPage(path: string): Promise<string> };
  const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
  if (!ROOT_ELEMENT.test(shell) || !shell.includes(`<div id="root">${LOADING_SCREEN}</div>`))
    throw new Error('web/dist/index.html has no #root with the loading screen of shared/prerendered-pages.ts to replace');
  if (!TITLE_ELEMENT.test(shell)) throw new Error('web/dist/index.html has no <title> for a rendered page to name itself in');
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  for (const page of PRERENDERED_PAGES) {
    const html = await renderPage(page.path);
    const file = join(DIST, page.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, pageOf(shell, manifest, page.module, html));
    console.log(`  prerendered ${page.path} -> web/dist/${page.file} (${Buffer.byteLength(html)} bytes)`);
  }
  // The template of the page rendered per request, which the pages Lambda fills (decision 297).
  const templates = join(ROOT, PAGE_TEMPLATES_DIR);
  rmSync(templates, { recursive: true, force: true });
  mkdirSync(templates, { recursive: true });
  const template = pageOf(shell, manifest, EXPERT_PAGE.module, PAGE_SLOTS.html)
    .replace(TITLE_ELEMENT, () => `<title>${PAGE_SLOTS.title}</title>`)
    .replace('</body>', () => `  ${PAGE_SLOTS.data}\n  </body>`);
  writeFileSync(join(templates, EXPERT_PAGE.template), template);
  console.log(`  template of ${EXPERT_PAGE.routeKey} -> ${PAGE_TEMPLATES_DIR}/${EXPERT_PAGE.template}`);
  rmSync(SERVER_BUILD, { recursive: true, force: true });
  // The manifest served its purpose: it is not deployed.
  rmSync(dirname(MANIFEST), { recursive: true, force: true });
}

await main();
