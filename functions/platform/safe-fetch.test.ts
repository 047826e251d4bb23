import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicText, isPublicAddress, type PublicFetchOptions, type PublicFetchReason, type ResolvedAddress } from './safe-fetch';

const MB = 1024 * 1024;
const CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

/** The reason fetchPublicText refused or failed with, or 'read' when it read the text. */
async function outcome(url: string, options?: PublicFetchOptions): Promise<PublicFetchReason | 'read'> {
  try {
    await fetchPublicText(url, options);
    return 'read';
  } catch (error) {
    if (error instanceof Error && 'reason' in error) return error.reason as PublicFetchReason;
    throw error;
  }
}

const resolvesTo =
  (...addresses: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('public addresses', () => {
  it('are the public ones, IPv4, IPv6, IPv4-mapped and NAT64 alike', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '142.250.74.14', '2606:4700:4700::1111', '2a00:1450:4007:80c::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('are never private, loopback, link-local, unique-local, CGNAT, multicast, unspecified or a cloud’s metadata', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '169.254.170.2',
      '100.64.0.1',
      '100.100.100.200',
      '192.0.0.192',
      '224.0.0.251',
      '239.255.255.250',
      '255.255.255.255',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '2002:a00:1::1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('reading a user’s address under the production rules', () => {
  it('refuses anything but https', async () => {
    for (const url of [
      'http://calendar.example/basic.ics',
      'webcal://calendar.example/basic.ics',
      'ftp://calendar.example/basic.ics',
      'file:///etc/passwd',
      'basic.ics',
    ])
      expect(await outcome(url, { lookup: resolvesTo('8.8.8.8') }), url).toBe('not_https');
  });

  it('refuses IP literals that are not public, however they are written', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
      'https://[::]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://[fd00:ec2::254]/',
      'https://[fe80::1]/',
      'https://0.0.0.0/',
      'https://100.100.100.200/',
    ])
      expect(await outcome(url, { lookup: resolvesTo('127.0.0.1') }), url).toBe('private_address');
  });

  it('refuses a name any of whose addresses is not public', async () => {
    const url = 'https://calendar.example/basic.ics';
    expect(await outcome(url, { lookup: resolvesTo('10.1.2.3') })).toBe('private_address');
    expect(await outcome(url, { lookup: resolvesTo('2606:4700::1111', 'fd00:ec2::254') })).toBe('private_address');
    expect(await outcome(url, { lookup: resolvesTo('8.8.8.8', '169.254.169.254') })).toBe('private_address');
    expect(await outcome(url, { lookup: resolvesTo('::ffff:192.168.0.10') })).toBe('private_address');
    // The system's resolver, as on AWS.
    expect(await outcome('https://localhost/basic.ics')).toBe('private_address');
  });

  it('refuses a name that does not resolve', async () => {
    const url = 'https://nowhere.example/basic.ics';
    const notFound = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    expect(await outcome(url, { lookup: notFound })).toBe('unresolvable');
    expect(await outcome(url, { lookup: resolvesTo() })).toBe('unresolvable');
  });

  it('counts a resolver that hangs against its time', async () => {
    const hangs = () => new Promise<ResolvedAddress[]>(() => {});
    expect(await outcome('https://slow-dns.example/basic.ics', { lookup: hangs, timeoutMs: 100 })).toBe('timeout');
  });
});

describe('reading from a server the local stack allows over http', () => {
  let server: Server;
  let origin: string;
  let allowed: PublicFetchOptions;
  const requests: { path: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://server');
      requests.push({ path: url.pathname, headers: request.headers });
      const hop = url.pathname.match(/^\/hop\/(\d+)$/);
      if (url.pathname === '/calendar') response.end(CALENDAR);
      else if (hop) {
        const left = Number(hop[1]);
        if (left === 0) response.end(CALENDAR);
        else response.writeHead(302, { location: `/hop/${left - 1}` }).end();
      } else if (url.pathname === '/redirect') response.writeHead(301, { location: url.searchParams.get('to') ?? '/' }).end();
      else if (url.pathname === '/bytes') {
        // Chunked, no length declared: the limit must hold while reading.
        const total = Number(url.searchParams.get('n'));
        for (let sent = 0; sent < total; sent += 64 * 1024) response.write(Buffer.alloc(Math.min(64 * 1024, total - sent), 'a'));
        response.end();
      } else if (url.pathname === '/declared-large') response.writeHead(200, { 'content-length': String(3 * MB) }).write('BEGIN:VCALENDAR');
      else if (url.pathname === '/status') response.writeHead(Number(url.searchParams.get('code'))).end('no');
      else if (url.pathname === '/silent') return;
      else if (url.pathname === '/trickle') response.writeHead(200).write('BEGIN:VCALENDAR\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    allowed = { allowHttpTo: [`127.0.0.1:${port}`] };
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the text, and refuses the same server under the production rules', async () => {
    expect(await fetchPublicText(`${origin}/calendar`, allowed)).toBe(CALENDAR);
    expect(await outcome(`${origin}/calendar`)).toBe('not_https');
    expect(await outcome(`${origin}/calendar`, { allowHttpTo: ['127.0.0.1:1'] })).toBe('not_https');
  });

  it('connects to the address it judged, resolving the name once, and sends the name as the host', async () => {
    const port = new URL(origin).port;
    let lookups = 0;
    const lookup = async (): Promise<ResolvedAddress[]> => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // calendar.test resolves nowhere but through the injected resolver: reaching the server proves the connection used its answer.
    expect(await fetchPublicText(`http://calendar.test:${port}/calendar`, { allowHttpTo: [`calendar.test:${port}`], lookup })).toBe(CALENDAR);
    expect(lookups).toBe(1);
    expect(requests.at(-1)?.headers.host).toBe(`calendar.test:${port}`);
  });

  it('follows 3 redirects, not 4', async () => {
    expect(await fetchPublicText(`${origin}/hop/3`, allowed)).toBe(CALENDAR);
    expect(await outcome(`${origin}/hop/4`, allowed)).toBe('too_many_redirects');
  });

  it('judges every redirect again: an allowed first hop never opens the way to a private address', async () => {
    const redirect = (to: string) => `${origin}/redirect?to=${encodeURIComponent(to)}`;
    const port = new URL(origin).port;
    const served = requests.length;
    expect(await outcome(redirect('https://169.254.169.254/latest/meta-data/'), allowed)).toBe('private_address');
    expect(await outcome(redirect(`https://127.0.0.1:${port}/calendar`), allowed)).toBe('private_address');
    expect(await outcome(redirect(`https://[::ffff:7f00:1]:${port}/calendar`), allowed)).toBe('private_address');
    expect(await outcome(redirect('https://internal.example/calendar'), { ...allowed, lookup: resolvesTo('10.0.0.7') })).toBe('private_address');
    expect(await outcome(redirect(`http://localhost:${port}/calendar`), allowed)).toBe('not_https');
    expect(await outcome(redirect('http://169.254.169.254/latest/meta-data/'), allowed)).toBe('not_https');
    // Only the redirecting hops reached the server: none of the refused targets was asked.
    expect(requests.slice(served).map(({ path }) => path)).toEqual(Array(6).fill('/redirect'));
  });

  it('reads 2 MB and refuses more, declared or not', async () => {
    expect((await fetchPublicText(`${origin}/bytes?n=${2 * MB}`, allowed)).length).toBe(2 * MB);
    expect(await outcome(`${origin}/bytes?n=${2 * MB + 1}`, allowed)).toBe('too_large');
    expect(await outcome(`${origin}/declared-large`, allowed)).toBe('too_large');
    expect(await outcome(`${origin}/bytes?n=2000`, { ...allowed, maxBytes: 1000 })).toBe('too_large');
  });

  it('gives up when the server is silent or slow to finish, redirects included', async () => {
    expect(await outcome(`${origin}/silent`, { ...allowed, timeoutMs: 200 })).toBe('timeout');
    expect(await outcome(`${origin}/trickle`, { ...allowed, timeoutMs: 200 })).toBe('timeout');
    expect(await outcome(`${origin}/redirect?to=/silent`, { ...allowed, timeoutMs: 200 })).toBe('timeout');
  });

  it('refuses an answer that is not a success', async () => {
    for (const code of [404, 403, 500, 304]) expect(await outcome(`${origin}/status?code=${code}`, allowed), String(code)).toBe('bad_status');
  });
});
