import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { PAGE_SLOTS, RENDERED_PAGE_MAX_AGE_SECONDS, ROUTE_DATA_ELEMENT_ID } from '../../shared/prerendered-pages';

const ORIGIN_SECRET = 'unit-test-origin-secret';
const templates = mkdtempSync(join(tmpdir(), 'page-templates-'));
const TEMPLATE = `<html><head><meta name="description" content="The site." /><title>${PAGE_SLOTS.title}</title></head><body><div id="root" data-prerendered>${PAGE_SLOTS.html}</div>${PAGE_SLOTS.data}</body></html>`;
writeFileSync(join(templates, 'page.html'), TEMPLATE);
vi.stubEnv('ORIGIN_SECRET', ORIGIN_SECRET);
vi.stubEnv('PAGE_TEMPLATES_DIR', templates);
const { createPageHandler, jsonInScript } = await import('./pages');
const { logger, UNHANDLED_ERROR_MESSAGE } = await import('./logger');

const event = (headers: Record<string, string> = { [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET }) =>
  ({
    rawPath: '/teacher/e1',
    routeKey: 'GET /teacher/{id+}',
    pathParameters: { id: 'e1' },
    headers,
    requestContext: { requestId: 'r1' },
  }) as unknown as APIGatewayProxyEventV2;

describe('a page rendered per request', () => {
  it('fills its template with the title as text, the page’s HTML and its route data, cached a few seconds by the edge', async () => {
    const render = vi.fn(async () => ({
      status: 200 as const,
      title: 'Tom & "Jerry" <b>',
      html: '<h1>Tom</h1>',
      hydrationData: { loaderData: { page: { bio: '</script><!--' } } },
    }));
    const answer = await createPageHandler('page.html', render)(event());
    expect(render).toHaveBeenCalledWith({ path: '/teacher/e1', params: { id: 'e1' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': `public, max-age=0, s-maxage=${RENDERED_PAGE_MAX_AGE_SECONDS}`,
    });
    expect(answer.body).toBe(
      '<html><head><meta name="description" content="The site." /><title>Tom &#38; &#34;Jerry&#34; &#60;b&#62;</title></head><body><div id="root" data-prerendered><h1>Tom</h1></div>' +
        `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">{"loaderData":{"page":{"bio":"\\u003c/script\\u003e\\u003c!--"}}}</script></body></html>`,
    );
  });

  it('describes itself by its own description, as text, and keeps the site’s without one', async () => {
    const page = { status: 200 as const, title: 'Tom', html: '<h1>Tom</h1>', hydrationData: {} };
    const described = await createPageHandler('page.html', async () => ({ ...page, description: 'Cats & "mice" <3' }))(event());
    expect(described.body).toContain('<meta name="description" content="Cats &#38; &#34;mice&#34; &#60;3" />');
    expect(described.body).not.toContain('The site.');
    expect((await createPageHandler('page.html', async () => page)(event())).body).toContain('<meta name="description" content="The site." />');
  });

  it('answers a page of nothing with its own status', async () => {
    const answer = await createPageHandler('page.html', async () => ({ status: 404, title: 'Not found', html: '<h1>Not found</h1>', hydrationData: {} }))(
      event(),
    );
    expect([answer.statusCode, answer.headers?.['cache-control']]).toEqual([404, `public, max-age=0, s-maxage=${RENDERED_PAGE_MAX_AGE_SECONDS}`]);
  });

  it('answers the app’s shell, never cached, when the page cannot be rendered: the browser renders it then', async () => {
    // The line the stage's alarms count.
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const answer = await createPageHandler('page.html', async () => {
      throw new Error('the table is away');
    })(event());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers?.['cache-control']).toBe('no-store');
    expect(answer.body).toContain('<div id="root"><div class="boot-screen" role="status">');
    expect(answer.body).not.toContain('data-prerendered');
    expect(answer.body).not.toContain('<!--page-');
    expect(answer.body).toContain('<title>Mentorship: verified industry experts</title>');
    expect(logged).toHaveBeenCalledWith(UNHANDLED_ERROR_MESSAGE, expect.objectContaining({ message: 'the table is away' }));
    logged.mockRestore();
  });

  it('answers nothing that did not come through the edge', async () => {
    const render = vi.fn();
    for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: 'guessed' }] as Record<string, string>[]) {
      expect((await createPageHandler('page.html', render)(event(headers))).statusCode).toBe(403);
    }
    expect(render).not.toHaveBeenCalled();
  });
});

describe('route data in a script element', () => {
  it('reads back as the same value, and never holds a character that could end the element or open markup', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = jsonInScript(value);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
