/**
 * The public pages as they first paint, rendered on the server and hydrated by React in the browser
 * (main.tsx): at build time by scripts/prerender-pages.ts (decisions 290 and 292), the signed-out
 * view with no data of the API; and per request by the pages Lambda, an expert's profile with its
 * data (decision 297). Runs on Node only; never part of the browser's bundle.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import { AppFrame } from '@/app/app';
import { loadRoutesOf, routes } from '@/app/router';
import { documentTitle } from '@shared/shell-texts';

/** A page with its route data: the HTML of #root, the tab's title, and what the router hydrates with. */
export interface RenderedPage {
  html: string;
  title: string;
  /** Its own description for search engines, when it has one. */
  description?: string;
  /** React Router's hydration data (`loaderData` by route id), which the browser's router starts from. */
  hydrationData: { loaderData: StaticHandlerContext['loaderData'] };
}

/**
 * The HTML of #root for a page, as a signed-out visitor's first paint. The page's code is loaded
 * but no loader runs: a page with one is its `HydrateFallback`, the shell the browser hydrates
 * before that loader has run there (decision 292).
 */
export async function renderPage(path: string): Promise<string> {
  return html(await staticContext(path, async () => ({})));
}

/**
 * A page whose loader's answer is already known (the pages Lambda read it from the services its API
 * calls answer with): rendered with it, as the browser renders it once its loader has answered.
 */
export async function renderPageWithData(path: string, data: unknown): Promise<RenderedPage> {
  const rendered = await staticContext(path, async ({ matches }) =>
    Object.fromEntries(matches.filter((match) => match.route.loader).map((match) => [match.route.id, { type: 'data', result: data }])),
  );
  const { loaderData, matches } = rendered.context;
  // The page's own loader answered `data`: its title and description read that answer.
  const handle = matches.at(-1)?.route.handle as { title?: (answer: unknown) => string; description?: (answer: unknown) => string | undefined } | undefined;
  const description = handle?.description?.(data);
  return { html: await html(rendered), title: documentTitle(handle?.title?.(data) ?? ''), ...(description && { description }), hydrationData: { loaderData } };
}

type DataStrategy = NonNullable<Parameters<ReturnType<typeof createStaticHandler>['query']>[1]>['dataStrategy'];

type Rendered = { handler: ReturnType<typeof createStaticHandler>; context: StaticHandlerContext };

async function staticContext(path: string, dataStrategy: DataStrategy): Promise<Rendered> {
  await loadRoutesOf(path);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')), { dataStrategy });
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} when prerendered`);
  return { handler, context };
}

async function html({ handler, context }: Rendered): Promise<string> {
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppFrame prerendered>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
  );
  let text = '';
  for await (const chunk of prelude) text += String(chunk);
  return text;
}
