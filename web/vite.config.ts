import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

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
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return tag;
          delete bundle[fileName];
          return `\n    <style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * react-router 7's package exports name only its development build (with its dev-only warnings
 * and checks), in production builds too (remix-run/react-router#12532, #14753): point the app at
 * the production build the package ships beside it.
 */
const reactRouterDist = resolve(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

export default defineConfig({
  root: resolve(import.meta.dirname),
  plugins: [react(), inlineEntryCss()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: resolve(reactRouterDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: resolve(reactRouterDist, 'dom-export.mjs') },
    ],
  },
  build: { outDir: resolve(import.meta.dirname, 'dist'), emptyOutDir: true, target: 'es2022' },
});
