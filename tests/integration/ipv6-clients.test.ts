/**
 * Per-client limits count an IPv6 client by its /64 network, which its holder may send from any
 * address of: login guesses, account mails and contact messages from several addresses of one /64
 * share one limit, while another /64 is another client. Through the local gateway's own code and the
 * real auth handler, in this process against the file's stack (its table and outbox): the loopback
 * has a single IPv6 address, so this gateway's server names each request's peer, as the network
 * would, from the loopback address the test sent it from.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/texts';
import { createHttpGateway } from '../../scripts/local/http-gateway';
import { randomClientAddress, sendFrom, stackUrl } from '../support/api';
import { stackEnv } from '../support/stack';
import { PASSWORD, signedInStudent } from '../support/accounts';
import { uniqueEmail } from '../support/outbox';

/** The IPv6 address the gateway sees for each loopback address the test sends from. */
const peers = new Map<string, string>();
let gateway: Server;
let gatewayUrl: string;

beforeAll(async () => {
  const { handler } = await import('../../functions/lambdas/auth/handler');
  const handleApi = createHttpGateway({ auth: handler } as Parameters<typeof createHttpGateway>[0], { originSecret: stackEnv().ORIGIN_SECRET });
  gateway = createServer((request, response) => {
    const socket = request.socket;
    // Once per socket: a kept-alive socket carries the next request of the same peer.
    if (!Object.hasOwn(socket, 'remoteAddress')) Object.defineProperty(socket, 'remoteAddress', { value: peers.get(socket.remoteAddress ?? '') });
    void handleApi(request, response);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

/** A /64 of the documentation prefix of its own, "2001:db8:x:y:", so that no earlier run's windows count. */
const randomGroup = () => Math.floor(Math.random() * 0x10000).toString(16);
const freshNetwork = () => `2001:db8:${randomGroup()}:${randomGroup()}:`;

/** POST from a client at `ip`, as the app's page sends it. */
async function postFrom(ip: string, path: string, body: unknown): Promise<{ status: number; body: { msg?: string } }> {
  const loopback = randomClientAddress();
  peers.set(loopback, ip);
  const response = await sendFrom(loopback, `${gatewayUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(stackUrl()).origin },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: JSON.parse(response.text) as { msg?: string } };
}

describe('an IPv6 client is its /64 network', () => {
  it('counts wrong login guesses from every address of one /64 together, and not those of another', async () => {
    const { email } = await signedInStudent();
    const network = freshNetwork();
    // One /64, written every way an address of it may come: compressed, in full, with leading zeros, in upper case.
    const addresses = [
      `${network}:1`,
      `${network}a:b:c:d`,
      `${network.toUpperCase().replace('2001:DB8:', '2001:0DB8:')}0:0:0:2`,
      `${network}FFFF::3`,
      `${network}:4`,
    ];
    expect(addresses).toHaveLength(RATE_LIMITS.loginGuessesPerClient.max);
    for (const ip of addresses) expect((await postFrom(ip, '/auth/login', { email, password: 'wrong-password' })).status, ip).toBe(401);
    expect(await postFrom(`${network}:5`, '/auth/login', { email, password: 'wrong-password' })).toMatchObject({
      status: 429,
      body: { msg: MSG.tooManyLoginAttempts },
    });
    // The right password from that /64 is refused too: the network, not the address, is throttled.
    expect((await postFrom(`${network}:6`, '/auth/login', { email, password: PASSWORD })).status).toBe(429);

    const elsewhere = freshNetwork();
    expect((await postFrom(`${elsewhere}:1`, '/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
    expect((await postFrom(`${elsewhere}:2`, '/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('caps the account mails of one /64, whatever the addresses, and not those of another', async () => {
    const network = freshNetwork();
    const asked = await Promise.all(
      Array.from({ length: RATE_LIMITS.accountMailsPerClient.max }, (_, i) =>
        postFrom(`${network}${(i + 1).toString(16)}::${i + 1}`, '/auth/forgot-password', { email: uniqueEmail('ipv6.spray') }),
      ),
    );
    expect(asked.map((answer) => answer.status)).toEqual(asked.map(() => 200));
    expect(await postFrom(`${network}ffff::1`, '/auth/forgot-password', { email: uniqueEmail('ipv6.spray') })).toMatchObject({
      status: 429,
      body: { msg: MSG.tooManyMailsFromClient },
    });
    expect((await postFrom(`${freshNetwork()}:1`, '/auth/forgot-password', { email: uniqueEmail('ipv6.spray') })).status).toBe(200);
  });

  it('takes as many contact messages from one /64 as from one client, and more from another /64', async () => {
    const message = () => ({ firstName: 'Rita', lastName: 'Rotating', email: uniqueEmail('ipv6.rita'), message: 'Hello from yet another address.' });
    const network = freshNetwork();
    for (let i = 1; i <= RATE_LIMITS.contactPerClient.max; i++) expect((await postFrom(`${network}:${i}`, '/auth/contact', message())).status).toBe(200);
    expect(await postFrom(`${network}1:2:3:4`, '/auth/contact', message())).toMatchObject({ status: 429, body: { msg: MSG.tooManyContactMessages } });
    expect((await postFrom(`${freshNetwork()}:1`, '/auth/contact', message())).status).toBe(200);
  });
});
