/**
 * The public pages as they first paint, rendered at build time by scripts/prerender-pages.ts
 * (decisions 290 and 292): the signed-out view, with no data of the API, which React then hydrates
 * in the browser (main.tsx). Built for Node on its own; never part of the browser's bundle.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppFrame } from '@/app/app';
import { loadRoutesOf, routes } from '@/app/router';

/**
 * The HTML of #root for a page, as a signed-out visitor's first paint. The page's code is loaded
 * but no loader runs: a page with one is its `HydrateFallback`, the shell the browser hydrates
 * before that loader has run there (decision 292).
 */
export async function renderPage(path: string): Promise<string> {
  await loadRoutesOf(path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')), { dataStrategy: async () => ({}) });
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} when prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppFrame prerendered>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
