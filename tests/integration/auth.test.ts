/** Accounts and sessions through the local gateway, the real handlers, DynamoDB Local and the outbox. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import { ApiClient } from '../support/api';
import {
  activationTokenFor,
  adminCode,
  PASSWORD,
  registerStudent,
  signedInAs,
  signedInRegisteredStudent,
  signedInStudent,
  studentOfThisFile,
} from '../support/accounts';
import { latestMail, linkIn, mailsTo, uniqueEmail } from '../support/outbox';
import { getItem, itemsWhere, setAttributes } from '../support/table';
import { TEST_SEED } from '../support/seed-settings';
import { SESSION_HINT_COOKIE } from '../../shared/shell-limits';

type Grant = { user: Record<string, unknown>; accessToken: string };
/** For the tests that act on their own session only: one account, a fresh session each. */
const sessionStudent = studentOfThisFile();

describe('registration and activation', () => {
  it('registers a student, mails an activation link, refuses login until activated, then lets them in', async () => {
    const email = uniqueEmail('new.student');
    const client = new ApiClient();
    const registered = await client.post('/auth/register', { name: 'Jane Q Doe', email, password: PASSWORD, role: 'user' });
    expect(registered).toMatchObject({ status: 201, body: { msg: MSG.registrationSuccessful } });

    const mail = await latestMail(email, 'Activate your account');
    expect(mail.html).toContain('/activate/');
    const token = linkIn(mail, '/activate/').split('/activate/')[1];

    expect(await client.post('/auth/login', { email, password: PASSWORD })).toMatchObject({ status: 403, body: { msg: MSG.activateFirst } });
    expect(await client.post('/auth/activate', { token, password: PASSWORD })).toMatchObject({ status: 200, body: { msg: MSG.activationSuccessful } });
    expect(await client.post('/auth/activate', { token, password: PASSWORD })).toMatchObject({ status: 400, body: { msg: MSG.activationLinkInvalid } });

    const login = await client.post<Grant>('/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, role: 'user', name: 'Jane Q Doe', firstName: 'Jane Q', lastName: 'Doe', isActivated: true });
    expect(typeof login.body.accessToken).toBe('string');
  });

  it('registers a mentor as a professor', async () => {
    const email = uniqueEmail('new.mentor');
    const client = new ApiClient();
    const registered = await client.post('/auth/register-professor', { firstName: 'Marc', lastName: 'Mentor', email, password: PASSWORD, role: 'professor' });
    expect(registered.status).toBe(201);
    await client.post('/auth/activate', { token: await activationTokenFor(email), password: PASSWORD });
    const login = await client.post<Grant>('/auth/login', { email, password: PASSWORD });
    expect(login.body.user).toMatchObject({ role: 'professor', firstName: 'Marc', lastName: 'Mentor' });
  });

  it('never lets a registration choose another role than its form', async () => {
    const response = await new ApiClient().post('/auth/register', { name: 'Eve Admin', email: uniqueEmail('eve'), password: PASSWORD, role: 'admin' });
    expect(response).toMatchObject({ status: 400, body: { msg: MSG.invalidAccountType } });
  });

  it('validates with the spec messages and lists every problem', async () => {
    const response = await new ApiClient().post('/auth/register', { name: '', email: 'not-an-address', password: 'short' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([{ msg: MSG.invalidEmail }, { msg: MSG.passwordMin }, { msg: MSG.nameRequired }]));
  });

  it('strips markup from names', async () => {
    const email = uniqueEmail('markup');
    await new ApiClient().post('/auth/register', { name: '<b>Bold</b> <script>x</script>Name', email, password: PASSWORD });
    const { userId } = (await getItem({ pk: `EMAIL#${email}`, sk: 'EMAIL' })) as { userId: string };
    const user = await getItem({ pk: `USER#${userId}`, sk: 'PROFILE' });
    expect(user?.name).toBe('Bold xName');
  });

  it('keeps e-mail addresses unique whatever their case, answering as for a new address and telling the owner', async () => {
    const { client, email, user } = await signedInRegisteredStudent();
    const again = await new ApiClient().post('/auth/register', { name: 'Copy Cat', email: email.toUpperCase(), password: 'another-Password-2026' });
    expect(again).toMatchObject({ status: 201, body: { msg: MSG.registrationSuccessful } });
    const asMentor = await new ApiClient().post('/auth/register-professor', { firstName: 'Copy', lastName: 'Cat', email, password: 'another-Password-2026' });
    expect(asMentor).toMatchObject({ status: 201, body: { msg: MSG.registrationSuccessful } });
    // The owner hears of it; no link that could change the account goes out.
    const notices = (await mailsTo(email)).filter((m) => m.subject === 'Someone tried to register with your address');
    expect(notices).toHaveLength(2);
    expect(notices[0].text).not.toContain('/activate/');
    expect((await mailsTo(email)).filter((m) => m.subject === 'Activate your account')).toHaveLength(1);
    // Nothing changed: same account, same password, same session.
    expect((await new ApiClient().post('/auth/login', { email, password: 'another-Password-2026' })).status).toBe(401);
    expect((await client.get('/auth/user')).body).toMatchObject({ _id: user._id, role: 'user' });
  });

  it('never lets a second registration of a pending address change what the first one’s link activates', async () => {
    // The owner registers; a stranger who knows the address registers again with a password of their own.
    const { email, activationToken: ownersLink } = await registerStudent(uniqueEmail('owner'), 'Olivia Owner');
    expect((await new ApiClient().post('/auth/register', { name: 'Stranger', email, password: 'strangers-Password-2026' })).status).toBe(201);
    expect(await mailsTo(email)).toHaveLength(2);
    const strangersLink = await activationTokenFor(email);
    expect(strangersLink).not.toBe(ownersLink);

    // The owner follows the link of their own registration: their credentials, their name.
    expect((await new ApiClient().post('/auth/activate', { token: ownersLink, password: PASSWORD })).status).toBe(200);
    expect((await new ApiClient().post('/auth/login', { email, password: 'strangers-Password-2026' })).status).toBe(401);
    const login = await new ApiClient().post<Grant>('/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ name: 'Olivia Owner' });
    // The first activation ends every other registration's link.
    expect(await new ApiClient().post('/auth/activate', { token: strangersLink, password: 'strangers-Password-2026' })).toMatchObject({
      status: 400,
      body: { msg: MSG.activationLinkInvalid },
    });
    expect((await new ApiClient().post('/auth/login', { email, password: 'strangers-Password-2026' })).status).toBe(401);
  });

  it('activates the credentials of the registration whose link is followed, whoever registered first', async () => {
    // A stranger registers first; the owner registers later and follows the link of their own registration.
    const email = uniqueEmail('pre.hijack');
    expect((await new ApiClient().post('/auth/register', { name: 'Stranger', email, password: 'strangers-Password-2026' })).status).toBe(201);
    const { activationToken: ownersLink } = await registerStudent(email, 'Olivia Owner');
    expect((await new ApiClient().post('/auth/activate', { token: ownersLink, password: PASSWORD })).status).toBe(200);
    expect((await new ApiClient().post('/auth/login', { email, password: 'strangers-Password-2026' })).status).toBe(401);
    expect((await new ApiClient().post<Grant>('/auth/login', { email, password: PASSWORD })).body.user).toMatchObject({ name: 'Olivia Owner' });
  });

  it('lets a pending student registration become a mentor one, with nothing left of the first', async () => {
    const { email } = await registerStudent(uniqueEmail('changed.mind'), 'Chris Student');
    expect((await new ApiClient().post('/auth/register-professor', { firstName: 'Chris', lastName: 'Mentor', email, password: PASSWORD })).status).toBe(201);
    const client = new ApiClient();
    await client.post('/auth/activate', { token: await activationTokenFor(email), password: PASSWORD });
    const login = await client.post<Grant>('/auth/login', { email, password: PASSWORD });
    expect(login.body.user).toMatchObject({ role: 'professor', firstName: 'Chris', lastName: 'Mentor' });
    expect(login.body.user.name).toBeUndefined();
    const { userId } = (await getItem({ pk: `EMAIL#${email}`, sk: 'EMAIL' })) as { userId: string };
    expect(await getItem({ pk: `USER#${userId}`, sk: 'PROFILE' })).toMatchObject({ gsi1pk: 'ROLE#professor' });
  });

  it('caps account mails to one address at 5 an hour', async () => {
    const email = uniqueEmail('flooded');
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await new ApiClient().post('/auth/register', { name: 'Flood Target', email, password: PASSWORD })).status).toBe(201);
    }
    const sixth = await new ApiClient().post('/auth/register', { name: 'Flood Target', email, password: PASSWORD });
    expect(sixth).toMatchObject({ status: 429, body: { msg: MSG.tooManyAccountMails } });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it('refuses an expired activation link', async () => {
    const { activationToken } = await registerStudent();
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(activationToken).digest('base64url');
    await setAttributes({ pk: `TOKEN#${hash}`, sk: 'TOKEN' }, { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect(await new ApiClient().post('/auth/activate', { token: activationToken, password: PASSWORD })).toMatchObject({
      status: 400,
      body: { msg: MSG.activationLinkInvalid },
    });
  });

  it('stores activation tokens hashed, never as sent', async () => {
    const { activationToken } = await registerStudent();
    expect(await getItem({ pk: `TOKEN#${activationToken}`, sk: 'TOKEN' })).toBeUndefined();
  });
});

describe('login', () => {
  it('answers one generic message for a wrong password and for an unknown address', async () => {
    const { email } = await signedInStudent();
    const wrong = await new ApiClient().post('/auth/login', { email, password: 'wrong-password' });
    const unknown = await new ApiClient().post('/auth/login', { email: uniqueEmail('nobody'), password: 'wrong-password' });
    expect(wrong).toMatchObject({ status: 401, body: { msg: MSG.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, body: { msg: MSG.invalidCredentials } });
  });

  it('answers 429 to a client after its 5 wrong passwords for an address within 15 minutes, even with the right one', async () => {
    const { email } = await signedInStudent();
    const device = new ApiClient();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await device.post('/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
    }
    const blocked = await device.post('/auth/login', { email, password: PASSWORD });
    expect(blocked).toMatchObject({ status: 429, body: { msg: MSG.tooManyLoginAttempts } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);

    // Once the window has passed, the right password works again.
    await setAttributes({ pk: `LOGIN#user#${email}`, sk: `CLIENT#${device.clientAddress}` }, { firstAt: Math.floor(Date.now() / 1000) - 15 * 60 - 1 });
    expect((await device.post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('refuses a banned account', async () => {
    const { email, user } = await signedInStudent();
    await setAttributes({ pk: `USER#${user._id}`, sk: 'PROFILE' }, { isBanned: true });
    expect(await new ApiClient().post('/auth/login', { email, password: PASSWORD })).toMatchObject({ status: 403, body: { msg: MSG.accountBanned } });
  });

  it('sets the refresh token in an HttpOnly, Secure, SameSite cookie and never returns secrets', async () => {
    const client = new ApiClient();
    const { email } = await registerStudent().then(async (r) => {
      await client.post('/auth/activate', { token: r.activationToken, password: PASSWORD });
      return r;
    });
    const login = await client.post<Grant>('/auth/login', { email, password: PASSWORD });
    const cookie = login.setCookies.find((c) => c.startsWith('__Secure-refreshToken='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api\/auth/);
    // Beside it, the hint a prerendered page reads (decision 290): "1", for the whole site, and nothing else.
    const lifetime = cookie.match(/Max-Age=(\d+)/)![1];
    expect(login.setCookies.filter((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))).toEqual([
      `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${lifetime}; Secure; SameSite=Lax`,
    ]);
    const body = JSON.stringify(login.body.user);
    expect(body).not.toMatch(/passwordHash|TokenHash|scrypt/);
  });
});

describe('current user and sessions', () => {
  it('returns the current user for a bearer token, and 401 without one or with a forged one', async () => {
    const { client, user } = await sessionStudent();
    const me = await client.get('/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: user._id, email: user.email, role: 'user' });
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash|TokenHash/);

    expect(await new ApiClient().get('/auth/user')).toMatchObject({ status: 401, body: { msg: MSG.notAuthenticated } });
    const forged = new ApiClient();
    forged.accessToken = `${client.accessToken!.slice(0, -4)}AAAA`;
    expect((await forged.get('/auth/user')).status).toBe(401);
  });

  it('rotates the refresh token on every refresh and keeps the user signed in', async () => {
    const { client, user } = await sessionStudent();
    const first = client.cookie('__Secure-refreshToken');
    const refreshed = await client.post<{ accessToken: string }>('/auth/refresh-token');
    expect(refreshed.status).toBe(200);
    expect(client.cookie('__Secure-refreshToken')).not.toBe(first);
    client.accessToken = refreshed.body.accessToken;
    expect((await client.get('/auth/user')).body).toMatchObject({ _id: user._id });
  });

  it('tolerates a concurrent refresh with the just-rotated token without issuing a second cookie', async () => {
    const { client } = await sessionStudent();
    const tab2 = new ApiClient();
    tab2.setCookie('__Secure-refreshToken', client.cookie('__Secure-refreshToken')!, '/api/auth');
    expect((await client.post('/auth/refresh-token')).status).toBe(200);
    const concurrent = await tab2.post('/auth/refresh-token');
    expect(concurrent.status).toBe(200);
    expect(concurrent.setCookies).toEqual([]);
  });

  it('revokes the whole session when an already-used refresh token is presented again', async () => {
    const { client } = await sessionStudent();
    const stolen = client.cookie('__Secure-refreshToken')!;
    await client.post('/auth/refresh-token');
    await client.post('/auth/refresh-token');
    const thief = new ApiClient();
    thief.setCookie('__Secure-refreshToken', stolen, '/api/auth');
    expect(await thief.post('/auth/refresh-token')).toMatchObject({ status: 401, body: { msg: MSG.sessionExpired } });
    // The legitimate holder's newest token is revoked with the family, and its access tokens at once.
    expect((await client.post('/auth/refresh-token')).status).toBe(401);
    expect((await client.get('/auth/user')).status).toBe(401);
  });

  it('logs out: the refresh token stops working and the cookie is cleared', async () => {
    const { client } = await sessionStudent();
    const token = client.cookie('__Secure-refreshToken')!;
    const logout = await client.post('/auth/logout');
    expect(logout).toMatchObject({ status: 200, body: { msg: MSG.loggedOut } });
    expect(logout.setCookies[0]).toMatch(/^__Secure-refreshToken=; .*Max-Age=0/);
    expect(logout.setCookies).toContain(`${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; Secure; SameSite=Lax`);
    const replay = new ApiClient();
    replay.setCookie('__Secure-refreshToken', token, '/api/auth');
    expect((await replay.post('/auth/refresh-token')).status).toBe(401);
  });

  it('answers 401 to a refresh without a cookie or with a malformed one, and logout still succeeds', async () => {
    expect((await new ApiClient().post('/auth/refresh-token')).status).toBe(401);
    for (const garbage of ['garbage', 'a.b.c', `${'x'.repeat(3000)}.${'y'.repeat(36)}.${'z'.repeat(43)}`, '%00%ff']) {
      const client = new ApiClient();
      client.setCookie('__Secure-refreshToken', garbage, '/api/auth');
      expect((await client.post('/auth/refresh-token')).status, garbage.slice(0, 20)).toBe(401);
      expect((await client.post('/auth/logout')).status, garbage.slice(0, 20)).toBe(200);
    }
  });
});

describe('password reset', () => {
  it('answers the same whatever the address and mails only real accounts', async () => {
    const nobody = uniqueEmail('nobody');
    const response = await new ApiClient().post('/auth/forgot-password', { email: nobody });
    expect(response).toMatchObject({ status: 200, body: { msg: MSG.resetEmailSent } });
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it('resets the password through the mailed link once, and revokes every session', async () => {
    const { client, email } = await signedInStudent();
    expect((await new ApiClient().post('/auth/forgot-password', { email: email.toUpperCase() })).body).toEqual({ msg: MSG.resetEmailSent });
    const token = linkIn(await latestMail(email, 'Reset your password'), '/reset-password/').split('/reset-password/')[1];

    const reset = await new ApiClient().post('/auth/reset-password', { token, password: 'a-brand-new-password' });
    expect(reset).toMatchObject({ status: 200, body: { msg: MSG.passwordResetDone } });
    expect(await new ApiClient().post('/auth/reset-password', { token, password: 'yet-another-password' })).toMatchObject({
      status: 400,
      body: { msg: MSG.resetLinkInvalid },
    });

    expect((await client.post('/auth/refresh-token')).status).toBe(401);
    expect((await new ApiClient().post('/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await new ApiClient().post('/auth/login', { email, password: 'a-brand-new-password' })).status).toBe(200);
  });

  it('checks the hourly mail cap before a new link replaces the current one, so the newest mailed link keeps working', async () => {
    const { email } = await signedInRegisteredStudent();
    // The activation mail of the sign-up counted: 1 + 4 reset mails make the 5 of the hour.
    for (let attempt = 0; attempt < 4; attempt++) expect((await new ApiClient().post('/auth/forgot-password', { email })).status).toBe(200);
    const lastMailed = linkIn(await latestMail(email, 'Reset your password'), '/reset-password/').split('/reset-password/')[1];
    for (let attempt = 0; attempt < 6; attempt++) {
      // Past the cap every address answers alike (the count does not depend on an account existing).
      expect(await new ApiClient().post('/auth/forgot-password', { email })).toMatchObject({ status: 429, body: { msg: MSG.tooManyAccountMails } });
    }
    expect((await mailsTo(email)).filter((m) => m.subject === 'Reset your password')).toHaveLength(4);
    expect((await new ApiClient().post('/auth/reset-password', { token: lastMailed, password: 'a-brand-new-password' })).status).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const { email } = await signedInStudent();
    await new ApiClient().post('/auth/forgot-password', { email });
    const token = linkIn(await latestMail(email, 'Reset your password'), '/reset-password/').split('/reset-password/')[1];
    const { createHash } = await import('node:crypto');
    await setAttributes(
      { pk: `TOKEN#${createHash('sha256').update(token).digest('base64url')}`, sk: 'TOKEN' },
      { expiresAt: Math.floor(Date.now() / 1000) - 1 },
    );
    expect((await new ApiClient().post('/auth/reset-password', { token, password: 'a-brand-new-password' })).status).toBe(400);
  });
});

describe('admin sessions', () => {
  it('logs the admin in with its own cookie, refreshes it, and refuses anyone else', async () => {
    const admin = await signedInAs('admin');
    expect(admin.cookie('__Secure-adminRefreshToken')).toBeDefined();
    expect(admin.cookie('__Secure-refreshToken')).toBeUndefined();
    const refreshed = await admin.post<{ accessToken: string }>('/admin/auth/refresh-token');
    expect(refreshed.status).toBe(200);
    admin.accessToken = refreshed.body.accessToken;
    expect((await admin.get('/auth/user')).body).toMatchObject({ role: 'admin', email: TEST_SEED.adminEmail });

    // To the admin login a member account does not exist, and to the user login an admin account does not.
    const student = await new ApiClient().post('/admin/auth/login', { email: 'alice.student@demo.test', password: TEST_SEED.demoPassword, code: '123456' });
    expect(student).toMatchObject({ status: 401, body: { msg: MSG.adminLoginFailed } });
    const adminAtUserLogin = await new ApiClient().post('/auth/login', { email: TEST_SEED.adminEmail, password: TEST_SEED.adminPassword });
    expect(adminAtUserLogin).toMatchObject({ status: 401, body: { msg: MSG.invalidCredentials } });
    const wrong = await new ApiClient().post('/admin/auth/login', { email: TEST_SEED.adminEmail, password: 'wrong-password', code: await adminCode() });
    expect(wrong).toMatchObject({ status: 401, body: { msg: MSG.adminLoginFailed } });
  });

  it('does not accept a user session cookie on the admin refresh', async () => {
    const { client } = await sessionStudent();
    const crossed = new ApiClient();
    crossed.setCookie('__Secure-adminRefreshToken', client.cookie('__Secure-refreshToken')!, '/api/admin/auth');
    expect((await crossed.post('/admin/auth/refresh-token')).status).toBe(401);
  });
});

describe('contact', () => {
  it('stores the message and mails it to support, without markup', async () => {
    const before = Math.floor(Date.now() / 1000);
    const email = uniqueEmail('visitor');
    const response = await new ApiClient().post('/auth/contact', {
      firstName: 'Vera',
      lastName: 'Visitor',
      email,
      phone: '+33 6 00 00 00 00',
      message: 'Hello <img src=x onerror=alert(1)>team, how do refunds work?',
    });
    expect(response).toMatchObject({ status: 200, body: { msg: MSG.contactSent } });
    const mail = await latestMail(TEST_SEED.adminEmail.replace(/^admin@/, 'support@'), 'Contact form: Vera Visitor');
    expect(mail.text).toContain(email);
    expect(mail.text).toContain('Hello team, how do refunds work?');
    expect(mail.html).not.toContain('<img');
    const [stored] = await itemsWhere({ pkStartsWith: ['CONTACT#'], equal: { email } });
    expect(stored).toMatchObject({ firstName: 'Vera', message: 'Hello team, how do refunds work?' });
    // Kept six months (privacy policy), then removed by the table's TTL.
    expect(Number(stored?.expiresAt) - before).toBeGreaterThanOrEqual(182 * 24 * 3600);
    expect(Number(stored?.expiresAt) - before).toBeLessThanOrEqual(184 * 24 * 3600);
  });

  it('stores and mails a form sent again with its Idempotency-Key once, counting it once; a new key is a new message', async () => {
    const support = TEST_SEED.adminEmail.replace(/^admin@/, 'support@');
    const email = uniqueEmail('again');
    const message = { firstName: 'Vera', lastName: 'Visitor', email, message: 'Is my refund on its way?' };
    // Each from a client of its own: the address's limit is the one that counts them all.
    const send = (key: string) => new ApiClient().request('POST', '/auth/contact', message, { headers: { 'idempotency-key': key } });
    const sent = { status: 200, body: { msg: MSG.contactSent } };

    // Two copies at once, as a double press, then a third after an answer lost on the way.
    expect(await Promise.all([send('contact-form-1'), send('contact-form-1')])).toMatchObject([sent, sent]);
    expect(await send('contact-form-1')).toMatchObject(sent);
    const stored = () => itemsWhere({ pkStartsWith: ['CONTACT#'], equal: { email } });
    expect(await stored()).toHaveLength(1);
    expect((await mailsTo(support)).filter((mail) => mail.text.includes(email))).toHaveLength(1);

    // The copies counted nothing: four new forms reach the address's hourly limit of five, a sixth is refused.
    for (const key of ['contact-form-2', 'contact-form-3', 'contact-form-4', 'contact-form-5']) expect(await send(key)).toMatchObject(sent);
    expect(await send('contact-form-6')).toMatchObject({ status: 429, body: { msg: MSG.tooManyContactMessages } });
    expect(await stored()).toHaveLength(5);
    expect((await mailsTo(support)).filter((mail) => mail.text.includes(email))).toHaveLength(5);
  });

  it('requires the fields the spec requires', async () => {
    const response = await new ApiClient().post('/auth/contact', { firstName: 'Vera', email: uniqueEmail('v'), message: '' });
    expect(response).toMatchObject({ status: 400, body: { msg: MSG.fillRequired } });
  });

  it('refuses a name with a line break, which would reach the mail’s subject, storing and mailing nothing; the message keeps its lines', async () => {
    const support = TEST_SEED.adminEmail.replace(/^admin@/, 'support@');
    const email = uniqueEmail('crlf');
    const message = { firstName: 'Vera', lastName: 'Visitor', email, message: 'Hello team,\n\thow do refunds work?' };
    const stored = () => itemsWhere({ pkStartsWith: ['CONTACT#'], equal: { email } });
    expect(await new ApiClient().post('/auth/contact', { ...message, firstName: 'Vera\r\nBcc: someone@example.com' })).toMatchObject({
      status: 400,
      body: { msg: MSG.oneLineOnly, code: 'validation_failed' },
    });
    expect(await stored()).toEqual([]);
    expect((await mailsTo(support)).filter((mail) => mail.text.includes(email))).toEqual([]);

    expect((await new ApiClient().post('/auth/contact', message)).status).toBe(200);
    expect(await stored()).toMatchObject([{ firstName: 'Vera', message: 'Hello team,\n\thow do refunds work?' }]);
  });
});
