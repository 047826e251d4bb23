import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptJsonOnly, isSameOriginPost, postForm, UNSUPPORTED_MEDIA_TYPE } from './cross-site';

let server: Server;
let origin: string;

beforeAll(async () => {
  // /json: a control; /form: a hosted page's form. Each answers what it let through.
  server = createServer((request, response) => {
    if (request.url === '/json') {
      if (acceptJsonOnly(request, response)) response.writeHead(200).end('accepted');
    } else response.writeHead(isSameOriginPost(request) ? 200 : 403).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const postAs = (contentType: string | undefined) =>
  fetch(`${origin}/json`, { method: 'POST', ...(contentType !== undefined && { headers: { 'content-type': contentType } }), body: '{}' });

const postFrom = (headers: Record<string, string>) => fetch(`${origin}/form`, { method: 'POST', headers, body: new URLSearchParams({ action: 'pay' }) });

describe('JSON only', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"'])('takes %s', async (type) => {
    const response = await postAs(type);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('accepted');
  });

  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain; application/json',
    'application/json-patch+json',
    'application/jsonp',
    'application/json; boundary=x',
    '',
  ])('refuses %j with 415 and a code', async (type) => {
    const response = await postAs(type);
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ code: UNSUPPORTED_MEDIA_TYPE, error: expect.stringContaining('application/json') });
  });
});

describe('same-origin form posts', () => {
  it('takes a post from its own origin, by Origin or, without it, by Referer', async () => {
    expect((await postForm(`${origin}/form`, { action: 'pay' })).status).toBe(200);
    expect((await postFrom({ referer: `${origin}/checkout/cs_1` })).status).toBe(200);
  });

  it('refuses another origin, an opaque one, a foreign Referer, and a post that names none', async () => {
    expect((await postFrom({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await postFrom({ origin: origin.replace('127.0.0.1', 'localhost') })).status).toBe(403);
    expect((await postFrom({ origin: 'null' })).status).toBe(403);
    expect((await postFrom({ origin: 'https://evil.example', referer: `${origin}/checkout/cs_1` })).status).toBe(403);
    expect((await postFrom({ referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await postFrom({})).status).toBe(403);
  });
});
