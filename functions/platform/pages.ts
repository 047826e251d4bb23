/**
 * The plumbing of a page rendered per request (decision 297): its template from the build, filled
 * with the page's title, HTML and route data, and answered as CloudFront caches it. Only the edge
 * may ask (the origin secret, as for the APIs). What a page shows is its handler's; any failure
 * answers the app's shell, which loads the page in the browser as on any other path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { escapeHtml } from '../../shared/markup';
import { LOADING_SCREEN, PAGE_SLOTS, RENDERED_PAGE_MAX_AGE_SECONDS, ROUTE_DATA_ELEMENT_ID } from '../../shared/prerendered-pages';
import { documentTitle } from '../../shared/shell-texts';
import { config } from './config';
import { logger, UNHANDLED_ERROR_MESSAGE } from './logger';
import { cameThroughEdge } from './origin-secret';

/** What a page's handler renders: its status (404 for a page of nothing), the tab's title, #root's HTML, and its route data. */
export interface RenderedPage {
  status: 200 | 404;
  title: string;
  /** Its own description for search engines; the template keeps the site's without one. */
  description?: string;
  html: string;
  hydrationData: unknown;
}

type PageHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** What a page is rendered for: the path the browser shows (the router matches it again there), and its parameters. */
export interface PageRequest {
  path: string;
  params: Record<string, string>;
}

/** A page rendered per request from `template` (a file of PAGE_TEMPLATES_DIR), by `render`. */
export function createPageHandler(template: string, render: (request: PageRequest) => Promise<RenderedPage>): PageHandler {
  let text: string | undefined;
  const templateText = () => (text ??= readFileSync(join(config.pageTemplatesDir, template), 'utf8'));
  return async (event) => {
    logger.resetKeys();
    logger.appendKeys({ requestId: event.requestContext?.requestId, routeKey: event.routeKey });
    const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    if (!(await cameThroughEdge(headers[ORIGIN_VERIFY_HEADER])))
      return { statusCode: 403, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Forbidden' };
    const params = Object.fromEntries(Object.entries(event.pathParameters ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
    try {
      return pageAnswer(fill(templateText(), await render({ path: event.rawPath, params })));
    } catch (error) {
      logger.error(UNHANDLED_ERROR_MESSAGE, error as Error);
      return shellAnswer(templateText());
    }
  };
}

/** The page's own HTML, cached by CloudFront for a short while (its 404 too: a burst of guesses costs one rendering each). */
function pageAnswer({ status, body }: { status: number; body: string }): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': `public, max-age=0, s-maxage=${RENDERED_PAGE_MAX_AGE_SECONDS}` },
    body,
  };
}

/** The app's shell: the browser renders the page and asks for its data itself. Never cached: the next request renders again. */
function shellAnswer(template: string): APIGatewayProxyStructuredResultV2 {
  const shell = template
    .replace(`<div id="root" data-prerendered>${PAGE_SLOTS.html}</div>`, () => `<div id="root">${LOADING_SCREEN}</div>`)
    .replace(PAGE_SLOTS.title, () => escapeHtml(documentTitle('')))
    .replace(PAGE_SLOTS.data, '');
  return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: shell };
}

/** The template's description (index.html's, the site's), up to the end of its content attribute. */
const DESCRIPTION = /<meta name="description" content="[^"]*"/;

function fill(template: string, page: RenderedPage): { status: number; body: string } {
  const data = `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">${jsonInScript(page.hydrationData)}</script>`;
  const { description } = page;
  const body = template
    .replace(PAGE_SLOTS.title, () => escapeHtml(page.title))
    .replace(DESCRIPTION, (meta) => (description ? `<meta name="description" content="${escapeHtml(description)}"` : meta))
    .replace(PAGE_SLOTS.html, () => page.html)
    .replace(PAGE_SLOTS.data, () => data);
  return { status: page.status, body };
}

/**
 * JSON that cannot end its script element, nor open a comment or markup in it: every `<`, `>` and
 * `&` is written as its \u escape, which JSON.parse reads back as the same character (and so are the
 * two line separators that some parsers of script text take for line ends).
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
