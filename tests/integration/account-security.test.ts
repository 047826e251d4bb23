/**
 * The account layer against an attacker (OWASP ASVS 5.0 level 2): guessing, common passwords, mail
 * abuse, session revocation and mixing, cookies and cross-site requests; enumeration, which needs the
 * product's answer floors, has its own file (account-enumeration.test.ts). Through the local gateway,
 * the real handlers, DynamoDB Local and the outbox; each ApiClient is its own client address, as
 * separate devices are.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import { LOGIN_FLOOD, RATE_LIMITS } from '../../shared/limits';
import { ApiClient, randomClientAddress, sendFrom, stackUrl } from '../support/api';
import { activationTokenFor, adminCode, PASSWORD, signedInAs, signedInStudent, studentOfThisFile } from '../support/accounts';
import { duringMailOutage, latestMail, linkIn, mailsTo, uniqueEmail } from '../support/outbox';
import { getItem, itemsWhere, setAttributes } from '../support/table';
import { TEST_SEED } from '../support/seed-settings';
import { claimsOf } from '../support/tokens';

type Grant = { user: Record<string, unknown>; accessToken: string };
/** For the tests that act on their own session only: one account, a fresh session each. */
const sessionStudent = studentOfThisFile();

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await call();
  return { ms: performance.now() - started, result };
}

async function resetLinkFor(email: string): Promise<string> {
  return linkIn(await latestMail(email, 'Reset your password'), '/reset-password/').split('/reset-password/')[1];
}

describe('passwords', () => {
  it('refuses a common password at registration and at reset, with a clear message', async () => {
    for (const password of ['iloveyou', 'Password1', 'qwertyuiop']) {
      const email = uniqueEmail('common');
      const response = await new ApiClient().post('/auth/register', { name: 'Common Choice', email, password });
      expect(response).toMatchObject({ status: 400, body: { msg: MSG.passwordTooCommon } });
      expect(await getItem({ pk: `EMAIL#${email}`, sk: 'EMAIL' })).toBeUndefined();
    }
    const { email } = await signedInStudent();
    await new ApiClient().post('/auth/forgot-password', { email });
    const token = await resetLinkFor(email);
    expect(await new ApiClient().post('/auth/reset-password', { token, password: 'sunshine' })).toMatchObject({
      status: 400,
      body: { msg: MSG.passwordTooCommon },
    });
    // The link is not spent by a refused password.
    expect((await new ApiClient().post('/auth/reset-password', { token, password: 'a-rare-Password-2026' })).status).toBe(200);
  });

  it('requires at least 8 characters for accounts an admin creates too', async () => {
    const admin = await signedInAs('admin');
    const response = await admin.post('/admin/create-user', {
      firstName: 'Short',
      lastName: 'Pass',
      email: uniqueEmail('short'),
      password: 'Abc-123',
      role: 'user',
    });
    expect(response).toMatchObject({ status: 400, body: { msg: MSG.adminPasswordMin } });
  });
});

describe('login throttling', () => {
  it('lets at most 5 of 30 parallel wrong guesses from one client reach the password check', async () => {
    const { email } = await signedInStudent();
    const device = randomClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => new ApiClient(stackUrl(), device).post('/auth/login', { email, password: 'wrong-password' })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.loginGuessesPerClient.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - RATE_LIMITS.loginGuessesPerClient.max);
    // The owner, on another device, is not locked out by these failures.
    expect((await new ApiClient().post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('lets the owner back in on the locked device after a password reset', async () => {
    const { email } = await signedInStudent();
    const device = new ApiClient();
    for (let attempt = 0; attempt < 6; attempt++) await device.post('/auth/login', { email, password: 'mistyped-password' });
    expect((await device.post('/auth/login', { email, password: PASSWORD })).status).toBe(429);
    await device.post('/auth/forgot-password', { email });
    expect((await device.post('/auth/reset-password', { token: await resetLinkFor(email), password: 'remembered-Password-2026' })).status).toBe(200);
    expect((await device.post('/auth/login', { email, password: 'remembered-Password-2026' })).status).toBe(200);
  });

  it('slows a flood of guesses from many clients, tells the owner once, and still lets the owner in', async () => {
    const { email } = await signedInStudent();
    for (let client = 0; client < LOGIN_FLOOD.slowAfter; client++) {
      expect((await new ApiClient().post('/auth/login', { email, password: `guess-${client}-password` })).status).toBe(401);
    }
    const notice = await latestMail(email, 'Unusual sign-in attempts on your account');
    expect(notice.text).toContain('/forgot-password');
    const slowed = await timed(() => new ApiClient().post('/auth/login', { email, password: 'one-more-guess' }));
    expect(slowed.result.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(LOGIN_FLOOD.firstDelayMs);
    const owner = await new ApiClient().post('/auth/login', { email, password: PASSWORD });
    expect(owner.status).toBe(200);
    expect((await mailsTo(email)).filter((m) => m.subject === 'Unusual sign-in attempts on your account')).toHaveLength(1);
  });

  it('counts admin logins apart from user logins', async () => {
    const device = randomClientAddress();
    for (let attempt = 0; attempt < 6; attempt++)
      await new ApiClient(stackUrl(), device).post('/auth/login', { email: TEST_SEED.adminEmail, password: 'wrong-password' });
    expect((await new ApiClient(stackUrl(), device).post('/auth/login', { email: TEST_SEED.adminEmail, password: 'wrong-password' })).status).toBe(429);
    const admin = await new ApiClient(stackUrl(), device).post('/admin/auth/login', {
      email: TEST_SEED.adminEmail,
      password: TEST_SEED.adminPassword,
      code: await adminCode(),
    });
    expect(admin.status).toBe(200);
  });
});

describe('mail and form abuse', () => {
  it('limits the account mails one client may ask for, whatever the addresses', async () => {
    const device = randomClientAddress();
    for (let request = 0; request < RATE_LIMITS.accountMailsPerClient.max; request++) {
      expect((await new ApiClient(stackUrl(), device).post('/auth/forgot-password', { email: uniqueEmail('spray') })).status).toBe(200);
    }
    const refused = await new ApiClient(stackUrl(), device).post('/auth/forgot-password', { email: uniqueEmail('spray') });
    expect(refused).toMatchObject({ status: 429, body: { msg: MSG.tooManyMailsFromClient } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('limits contact messages per client and per address', async () => {
    const message = (email: string) => ({ firstName: 'Rita', lastName: 'Repeat', email, message: 'Hello again, are you there?' });
    const device = randomClientAddress();
    for (let request = 0; request < RATE_LIMITS.contactPerClient.max; request++) {
      expect((await new ApiClient(stackUrl(), device).post('/auth/contact', message(uniqueEmail('rita')))).status).toBe(200);
    }
    expect(await new ApiClient(stackUrl(), device).post('/auth/contact', message(uniqueEmail('rita')))).toMatchObject({
      status: 429,
      body: { msg: MSG.tooManyContactMessages },
    });

    const email = uniqueEmail('one.address');
    for (let request = 0; request < RATE_LIMITS.contactPerAddress.max; request++)
      expect((await new ApiClient().post('/auth/contact', message(email))).status).toBe(200);
    expect(await new ApiClient().post('/auth/contact', message(email))).toMatchObject({ status: 429, body: { msg: MSG.tooManyContactMessages } });
  });
});

describe('a mail outage', () => {
  it('answers a registration 503, keeps nothing of it, and a retry succeeds', async () => {
    const email = uniqueEmail('outage.register');
    const client = new ApiClient();
    const body = { name: 'Patient Person', email, password: PASSWORD };
    const refused = await duringMailOutage(() => client.post('/auth/register', body));
    expect(refused).toMatchObject({ status: 503, body: { msg: MSG.mailUnavailable } });
    expect(await getItem({ pk: `EMAIL#${email}`, sk: 'EMAIL' })).toBeUndefined();
    expect(await itemsWhere({ equal: { email } })).toEqual([]);

    expect((await client.post('/auth/register', body)).status).toBe(201);
    expect((await client.post('/auth/activate', { token: await activationTokenFor(email), password: PASSWORD })).status).toBe(200);
    expect((await client.post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('answers forgot-password 503 and leaves the link already mailed working', async () => {
    const { email } = await signedInStudent();
    await new ApiClient().post('/auth/forgot-password', { email });
    const mailed = await resetLinkFor(email);
    expect(await duringMailOutage(() => new ApiClient().post('/auth/forgot-password', { email }))).toMatchObject({
      status: 503,
      body: { msg: MSG.mailUnavailable },
    });
    expect((await new ApiClient().post('/auth/reset-password', { token: mailed, password: 'still-working-Password-2026' })).status).toBe(200);
  });

  it('answers a contact message 503 without storing it, and a retry sends it once', async () => {
    const email = uniqueEmail('outage.contact');
    const message = { firstName: 'Otto', lastName: 'Outage', email, message: 'Please call me back about refunds.' };
    const client = new ApiClient();
    expect(await duringMailOutage(() => client.post('/auth/contact', message))).toMatchObject({ status: 503, body: { msg: MSG.mailUnavailable } });
    const stored = () => itemsWhere({ pkStartsWith: ['CONTACT#'], equal: { email } });
    expect(await stored()).toHaveLength(0);
    expect((await client.post('/auth/contact', message)).status).toBe(200);
    expect(await stored()).toHaveLength(1);
  });
});

describe('sessions end at once', () => {
  it('refuses the old access token as soon as the session logs out', async () => {
    const { client } = await sessionStudent();
    expect((await client.get('/auth/user')).status).toBe(200);
    await client.post('/auth/logout');
    expect(await client.get('/auth/user')).toMatchObject({ status: 401, body: { msg: MSG.notAuthenticated } });
  });

  it('refuses every access token of the account after a password reset', async () => {
    const { client, email } = await signedInStudent();
    await new ApiClient().post('/auth/forgot-password', { email });
    await new ApiClient().post('/auth/reset-password', { token: await resetLinkFor(email), password: 'a-fresh-Password-2026' });
    expect((await client.get('/auth/user')).status).toBe(401);
  });

  it('refuses a banned account’s access token at once', async () => {
    const { client, user } = await signedInStudent();
    await setAttributes({ pk: `USER#${user._id}`, sk: 'PROFILE' }, { isBanned: true });
    expect((await client.get('/auth/user')).status).toBe(401);
  });

  it('ends a session 30 days after its login however often it was refreshed', async () => {
    const { client, user } = await sessionStudent();
    const { sid } = claimsOf(client.accessToken!);
    const key = { pk: `USER#${user._id}`, sk: `SESSION#${sid}` };
    const session = await getItem(key);
    expect(Number(session!.expiresAt) - Number(session!.startedAt)).toBe(30 * 24 * 3600);
    const refreshed = await client.post<Grant>('/auth/refresh-token');
    expect((await getItem(key))!.expiresAt).toBe(session!.expiresAt);
    const maxAge = Number(refreshed.setCookies[0].match(/Max-Age=(\d+)/)![1]);
    expect(maxAge).toBeLessThanOrEqual(Number(session!.expiresAt) - Math.floor(Date.now() / 1000) + 1);

    // A minute before the end (as if 30 days had passed), a refresh gives an access token that ends with the session...
    const endsAt = Math.floor(Date.now() / 1000) + 60;
    await setAttributes(key, { startedAt: endsAt - 30 * 24 * 3600, expiresAt: endsAt });
    const last = await client.post<Grant>('/auth/refresh-token');
    expect(last.status).toBe(200);
    expect(claimsOf(last.body.accessToken).exp).toBe(endsAt);
    // ...and past the end nothing refreshes it any more.
    await setAttributes(key, { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect(await client.post('/auth/refresh-token')).toMatchObject({ status: 401, body: { msg: MSG.sessionExpired } });
  });

  it('keeps admin and user sessions apart: an admin session opens no member route', async () => {
    const admin = await signedInAs('admin');
    expect(claimsOf(admin.accessToken!).kind).toBe('admin');
    expect((await admin.get('/chats')).status).toBe(403);
    const student = await signedInAs('student');
    expect(claimsOf(student.accessToken!).kind).toBe('user');
    expect((await student.get('/admin/users')).status).toBe(403);
  });
});

describe('cookies and cross-site requests', () => {
  it('names the refresh cookie with the __Secure- prefix and refuses two cookies of that name', async () => {
    const { client } = await sessionStudent();
    const cookie = client.cookie('__Secure-refreshToken')!;
    const doubled = await client.request('POST', '/auth/refresh-token', undefined, {
      headers: { cookie: `__Secure-refreshToken=${cookie}; __Secure-refreshToken=planted` },
    });
    expect(doubled).toMatchObject({ status: 400, body: { msg: MSG.duplicateCookie } });
    expect((await client.post('/auth/refresh-token')).status).toBe(200);
  });

  it('refuses a text/plain form post to the login (login CSRF)', async () => {
    const body = JSON.stringify({ email: 'alice.student@demo.test', password: TEST_SEED.demoPassword });
    const response = await new ApiClient().request('POST', '/auth/login', undefined, {
      raw: body,
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
    });
    expect(response.status).toBe(415);
    const sameSite = await new ApiClient().request('POST', '/auth/login', undefined, { raw: body, headers: { 'content-type': 'text/plain' } });
    expect(sameSite).toMatchObject({ status: 415, body: { msg: MSG.jsonOnly } });
  });

  it('refuses a state change that carries a cookie from another origin', async () => {
    const { client } = await sessionStudent();
    const crossSite = await client.request('POST', '/auth/refresh-token', undefined, { headers: { origin: 'https://evil.example' } });
    expect(crossSite).toMatchObject({ status: 403, body: { msg: MSG.crossSiteRequest } });
    const fetchedCrossSite = await client.request('POST', '/auth/logout', {}, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchedCrossSite.status).toBe(403);
    expect((await client.post<Grant>('/auth/refresh-token')).status).toBe(200);
  });
});

describe('the edge', () => {
  it('refuses a request that did not come through the edge, at the handler itself', async () => {
    const { handler } = await import('../../functions/lambdas/auth/handler');
    const direct = await handler({
      version: '2.0',
      routeKey: 'GET /api/auth/user',
      rawPath: '/api/auth/user',
      rawQueryString: '',
      headers: { 'x-origin-verify': 'a-guess' },
      requestContext: { requestId: 'direct', http: { method: 'GET', path: '/api/auth/user', sourceIp: '198.51.100.1' } },
      isBase64Encoded: false,
    } as never);
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(String(direct.body))).toEqual({ msg: MSG.directAccess, code: 'direct_access' });
  });

  it('sees each client by the address the edge reports, whatever a client claims', async () => {
    const { email } = await signedInStudent();
    const device = randomClientAddress();
    const spoofing = (i: number) =>
      sendFrom(device, `${stackUrl()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}`, 'cloudfront-viewer-address': `198.51.100.${i}:443` },
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await spoofing(i)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('accounts of pending addresses', () => {
  it('activates a pending account through a reset link, with the password its owner chose there', async () => {
    const email = uniqueEmail('forgot.pending');
    await new ApiClient().post('/auth/register', { name: 'Someone Else', email, password: 'strangers-Password-2026' });
    await new ApiClient().post('/auth/forgot-password', { email });
    expect((await new ApiClient().post('/auth/reset-password', { token: await resetLinkFor(email), password: 'owners-Password-2026' })).status).toBe(200);
    expect((await new ApiClient().post('/auth/login', { email, password: 'strangers-Password-2026' })).status).toBe(401);
    expect((await new ApiClient().post('/auth/login', { email, password: 'owners-Password-2026' })).status).toBe(200);
  });
});
