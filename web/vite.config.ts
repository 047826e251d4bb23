import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { FIRST_PAINT_SCRIPT } from '../shared/first-paint-script.ts';

/**
 * Puts the entry stylesheet inside index.html instead of linking it: a linked stylesheet blocks the
 * first paint for one more round trip, and the module script that arrives meanwhile runs before
 * that paint. Inline, the loading screen paints as soon as the HTML is parsed. (The CSP allows
 * inline styles; route stylesheets stay separate files loaded with their chunks.)
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle) return html;
        return html.replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return tag;
          // No file left to name: not in the output, nor in the manifest as the entry's CSS.
          delete bundle[fileName];
          chunk?.viteMetadata?.importedCss.delete(fileName);
          return `\n    <style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * The first-paint line of script (shared/first-paint-script.ts, decision 290), at the head's start,
 * so that it runs before the body paints; the CSP allows it by its hash.
 */
function firstPaintScript(): Plugin {
  return {
    name: 'first-paint-script',
    // After the charset, which must stand in the document's first 1,024 bytes.
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/(<meta charset="UTF-8" \/>)/, (charset) => `${charset}\n    <script>${FIRST_PAINT_SCRIPT}</script>`),
    },
  };
}

/**
 * Marks the entry chunk with V8's explicit compile hint: almost every function in it (React DOM,
 * the router, the layout) runs during start-up, so Chrome compiles them on a background thread
 * while the file streams in, instead of one by one on the main thread when first called (which
 * made React's first render one long task). https://v8.dev/blog/explicit-compile-hints
 */
function compileEntryEagerly(): Plugin {
  return {
    name: 'compile-entry-eagerly',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own rewrites of the chunk: the hint must be the file's first line.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/**
 * react-router 7's package exports name only its development build (with its dev-only warnings
 * and checks), in production builds too (remix-run/react-router#12532, #14753): builds point at
 * the production build the package ships beside it; `npm run dev` keeps the warnings.
 */
const reactRouterDist = resolve(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

/** The import aliases of the root tsconfig.json: `@shared/…` is shared/, `@/…` is web/src/. */
const pathAliases = [
  { find: /^@shared\//, replacement: `${resolve(import.meta.dirname, '../shared')}/` },
  { find: /^@\//, replacement: `${resolve(import.meta.dirname, 'src')}/` },
];

export default defineConfig(({ command }) => ({
  root: resolve(import.meta.dirname),
  plugins: [react(), firstPaintScript(), inlineEntryCss(), compileEntryEagerly()],
  resolve: {
    alias: [
      ...pathAliases,
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: resolve(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: resolve(reactRouterDist, 'dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // For scripts/prerender-pages.ts, which names each prerendered page's stylesheets and chunks, then deletes it.
    manifest: true,
    target: 'es2022',
    // Every browser the app targets but Safari 16 preloads modules natively; without the polyfill a
    // Safari 16 fetches a route's chunks when it needs them, which works, and the entry is lighter.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Chunks named by their hash only: the entry carries the name of every chunk a route preloads,
      // and a name adds bytes every visitor downloads (~0.6 KB gzip for the app's hundred chunks).
      output: { chunkFileNames: 'assets/[hash].js' },
    },
  },
}));
