/**
 * The local server plays CloudFront's part: it answers only its own host names (so a DNS-rebinding
 * page cannot read the mail outbox or the @connections API), gives the SPA a CSP naming its own
 * WebSocket origin, and serves only the allow-listed upload types, with their headers.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient, stackUrl } from '../support/api';
import { latestMail, uniqueEmail } from '../support/outbox';
import { TEST_SEED } from '../support/seed-settings';
import { putObjects } from '../support/media';
import { signedInAs } from '../support/accounts';
import { ticketFor } from '../support/chats';

const port = () => new URL(stackUrl()).port;

/** GET on the stack's loopback address, with the Host header a browser would send for `host`. */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: port(), path, headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** The status a WebSocket handshake on /ws gets, 101 when it opens. */
/** Opens /ws with a valid ticket, naming `host`: only the host decides the answer. */
async function upgradeStatus(host: string): Promise<number> {
  const ticket = await ticketFor(await signedInAs('student'));
  const socket = new WebSocket(`ws://127.0.0.1:${port()}/ws?ticket=${ticket}`, { origin: stackUrl(), headers: { host } });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('error', reject);
  });
}

/** The sources of one CSP directive. */
function sourcesOf(policy: string, directive: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found ? found.slice(1) : [];
}

describe('host check (DNS rebinding)', () => {
  it('answers 421 to another host name on the outbox, the API and the WebSocket', async () => {
    const evil = `evil.example:${port()}`;
    for (const path of ['/_local/mails.json', '/_local/mails', '/api/health', '/', '/_local/ws-management/@connections/x']) {
      const response = await getWithHost(path, evil);
      expect(response.status, path).toBe(421);
      expect(response.body, path).toContain('Misdirected Request');
    }
    expect(await upgradeStatus(evil)).toBe(421);
  });

  it('still answers its own names', async () => {
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`]) {
      expect((await getWithHost('/_local/mails.json', host)).status, host).toBe(200);
      expect(await upgradeStatus(host), host).toBe(101);
    }
  });
});

describe('SPA headers', () => {
  it("names the app's own WebSocket origin in connect-src, never any ws: or wss: host", async () => {
    const response = await fetch(`${stackUrl()}/login`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(sourcesOf(policy, 'connect-src')).toEqual(["'self'", `ws://localhost:${port()}`]);
    expect(policy).not.toMatch(/(^|\s)wss?:(\s|;|$)/);
  });

  it('follows the host the page was asked for', async () => {
    const response = await fetch(`http://127.0.0.1:${port()}/`);
    expect(sourcesOf(response.headers.get('content-security-policy') ?? '', 'connect-src')).toEqual(["'self'", `ws://127.0.0.1:${port()}`]);
  });

  it('sends no more than the origin as referrer', async () => {
    const response = await fetch(`${stackUrl()}/`);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin');
  });
});

describe('/uploads types', () => {
  beforeAll(async () => {
    await putObjects('MEDIA_BUCKET', [
      { key: 'edge/page.html', type: 'text/html', body: '<script>alert(1)</script>' },
      { key: 'edge/image.svg', type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
      { key: 'edge/photo.png', type: 'image/png', body: 'png bytes' },
      { key: 'edge/brief.pdf', type: 'application/pdf', body: '%PDF-1.7' },
    ]);
  });

  it('never serves a type that could run as a page', async () => {
    for (const path of ['/uploads/edge/page.html', '/uploads/edge/image.svg']) {
      const response = await fetch(`${stackUrl()}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('alert');
    }
  });

  it('serves an image inline, never sniffed, in a sandbox', async () => {
    const response = await fetch(`${stackUrl()}/uploads/edge/photo.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(await response.text()).toBe('png bytes');
  });

  it('serves a PDF as a download', async () => {
    const response = await fetch(`${stackUrl()}/uploads/edge/brief.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe('attachment');
  });
});

describe('the mail outbox page', () => {
  it('shows each mail as text and, in a sandboxed frame, as its HTML', async () => {
    const email = uniqueEmail('outbox');
    const lastName = `Preview${Date.now()}`;
    const sent = await new ApiClient().post('/auth/contact', { firstName: 'Otto', lastName, email, message: 'Does the <b>outbox</b> show HTML?' });
    expect(sent.status).toBe(200);
    const subject = `Contact form: Otto ${lastName}`;
    const mail = await latestMail(TEST_SEED.adminEmail.replace(/^admin@/, 'support@'), subject);
    const page = await getWithHost('/_local/mails', `localhost:${port()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<h2>${subject}</h2>`);
    // The mail's own page is an attribute's text, never markup of the outbox page.
    expect(page.body).toContain(
      `<iframe sandbox title="${subject} as HTML" srcdoc="${mail.html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}"></iframe>`,
    );
    expect(page.body.match(/<!doctype html>/gi)).toHaveLength(1);
  });
});
