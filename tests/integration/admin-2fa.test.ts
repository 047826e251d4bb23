/**
 * The admins' second factor through the local gateway, the real auth handler and DynamoDB Local: the
 * admin login asks for an authenticator's code (RFC 6238) or a recovery code; a wrong or replayed
 * code fails like a wrong password and counts against the login throttle; a recovery code opens once.
 * An admin changes their own secret in the admin area, confirmed by a code of the new one.
 * Each ApiClient is its own client address, as separate devices are.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { NewSecondFactor, SecondFactorChanged } from '../../shared/schemas/admin';
import type { AuditPage } from '../../shared/schemas/audit';
import { MSG } from '../../shared/texts';
import { AUTH_TIMINGS, RATE_LIMITS, SECOND_FACTOR } from '../../shared/limits';
import type { Withdrawal, WithdrawalPage } from '../../shared/schemas/earnings';
import { codeAt, recoveryCodeHash } from '../../functions/contexts/accounts/second-factor';
import { emailKey, loginAddressKey, secondFactorKey, sessionKey } from '../../functions/platform/keys';
import { ApiClient, randomClientAddress, stackUrl } from '../support/api';
import { adminCode, PASSWORD } from '../support/accounts';
import { latestMail, linkIn, uniqueEmail } from '../support/outbox';
import { advanceClock, onboard } from '../support/payments';
import { expertWithOffer } from '../support/chats';
import { approvedOrder, settleFunds } from '../support/earnings';
import { chatOf } from '../support/orders';
import { bookedPhoneCall } from '../support/rooms';
import { claimsOf } from '../support/tokens';
import { stackEnv } from '../support/stack';
import { deleteItem, getItem, setAttributes } from '../support/table';
import { TEST_PASSWORD_HASH_COST, TEST_SEED } from '../support/seed-settings';

type Grant = { user: Record<string, unknown>; accessToken: string };
const FAILED = { status: 401, body: { msg: MSG.adminLoginFailed, code: 'invalid_credentials' } };

const adminLogin = (body: Record<string, unknown>, client = new ApiClient()) =>
  client.post<Grant>('/admin/auth/login', { email: TEST_SEED.adminEmail, password: TEST_SEED.adminPassword, ...body });

/** A six-digit code that is none of the three the login accepts now. */
function wrongCode(): string {
  const accepted = [-30_000, 0, 30_000].map((offset) => codeAt(TEST_SEED.adminTotpSecret, Date.now() + offset));
  let code = 100_000;
  while (accepted.includes(String(code))) code++;
  return String(code);
}

async function secondFactorItem(): Promise<Record<string, unknown>> {
  const claim = await getItem(emailKey(TEST_SEED.adminEmail));
  return (await getItem(secondFactorKey(String(claim?.userId)))) ?? {};
}

describe('the admin login’s second factor', () => {
  it('asks for the code: without one, or blank, it answers 400 with what to enter', async () => {
    for (const body of [{}, { code: '' }, { code: '   ' }]) {
      expect(await adminLogin(body)).toMatchObject({ status: 400, body: { code: 'validation_failed', msg: MSG.adminCodeRequired } });
    }
    expect(await adminLogin({ code: 123456 })).toMatchObject({ status: 400, body: { code: 'validation_failed', msg: MSG.adminCodeRequired } });
  });

  it('opens a session with the password and the current code, never shows the secret, and refuses the same code again', async () => {
    const code = await adminCode();
    const first = await adminLogin({ code });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.user).toMatchObject({ role: 'admin', email: TEST_SEED.adminEmail });
    const admin = new ApiClient();
    admin.accessToken = first.body.accessToken;
    const current = await admin.get('/auth/user');
    expect(current.status).toBe(200);
    for (const view of [first.body, current.body]) expect(JSON.stringify(view)).not.toContain(TEST_SEED.adminTotpSecret);

    // Replayed from another device in the same step: the code opened its one session.
    expect(await adminLogin({ code })).toMatchObject(FAILED);
    // The authenticator's next code (one step of drift) opens once; a code of the step before the one used does not.
    expect((await adminLogin({ code: codeAt(TEST_SEED.adminTotpSecret, Date.now() + 30_000) })).status).toBe(200);
    expect(await adminLogin({ code })).toMatchObject(FAILED);
  });

  it('uses no code up on a wrong password', async () => {
    const code = await adminCode();
    expect(await adminLogin({ password: 'wrong-password', code })).toMatchObject(FAILED);
    expect((await adminLogin({ code })).status).toBe(200);
  });

  // Every failure also counts for the address from all clients (LOGIN_FLOOD): this file keeps under its threshold.
  it('counts wrong and replayed codes against the login throttle like wrong passwords: past the limit even the right code waits', async () => {
    const device = randomClientAddress();
    const replayed = await adminCode();
    expect((await adminLogin({ code: replayed }, new ApiClient(stackUrl(), device))).status).toBe(200);
    for (let attempt = 0; attempt < RATE_LIMITS.loginGuessesPerClient.max; attempt++) {
      const code = attempt % 2 === 0 ? wrongCode() : replayed;
      expect(await adminLogin({ code }, new ApiClient(stackUrl(), device))).toMatchObject(FAILED);
    }
    const blocked = await adminLogin({ code: await adminCode() }, new ApiClient(stackUrl(), device));
    expect(blocked).toMatchObject({ status: 429, body: { msg: MSG.tooManyLoginAttempts, code: 'rate_limited' } });
    // Another device of the admin's is not locked out by these guesses.
    expect((await adminLogin({ code: await adminCode() })).status).toBe(200);
  });

  it('opens once with a recovery code, typed in any case and without its dashes, and tells the admin by mail', async () => {
    // The seed printed the stack's recovery codes to its own output: this test adds one it knows, as enrolment stores them.
    const recoveryCode = 'test-2fa2-reco-very';
    const stored = (await secondFactorItem()).recoveryCodeHashes as Set<string>;
    expect(stored.size).toBeGreaterThan(0);
    const claim = await getItem(emailKey(TEST_SEED.adminEmail));
    await setAttributes(secondFactorKey(String(claim?.userId)), { recoveryCodeHashes: new Set([...stored, recoveryCodeHash(recoveryCode)]) });

    const opened = await adminLogin({ code: ' TEST2FA2RECOVERY ' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const notice = await latestMail(TEST_SEED.adminEmail, 'A recovery code was used to sign in');
    expect(notice.text).toContain(`${stored.size} recovery codes are left`);
    expect(await adminLogin({ code: recoveryCode })).toMatchObject(FAILED);
    const left = (await secondFactorItem()).recoveryCodeHashes as Set<string>;
    expect([...left].sort()).toEqual([...stored].sort());
  });
});

/** `npm run admin:enrol` against the test stack's table, as an operator runs it against a stage's: its output, or its error and exit code. */
async function enrolAsOperator(env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../scripts/admin-enrol.ts')], {
      // The test stacks' hash cost (their own setting), not the product's: the admin it creates signs in at once.
      env: { ...process.env, ...stackEnv(), PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST), ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

/**
 * The same enrolment again, in this process (scripts/admin-enrolment.ts, with the test stack's
 * environment): what the script would print and its exit code, without a process's start and
 * imports each time.
 */
async function enrolAdmin(email: string, password?: string): Promise<{ code: number; output: string }> {
  Object.assign(process.env, stackEnv(), { PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST) });
  const { runAdminEnrolment } = await import('../../scripts/admin-enrolment');
  return runAdminEnrolment(email, password);
}

const printed = (output: string) => ({
  secret: output.match(/TOTP secret +([A-Z2-7]+)/)?.[1] ?? '',
  uri: output.match(/Authenticator +(\S+)/)?.[1] ?? '',
  recoveryCodes: output.match(/Recovery codes +(.+?) {3}/)?.[1].split(' ') ?? [],
});

describe('npm run admin:enrol (how a stage gets its admin)', () => {
  it('creates an admin with a second factor, prints it once, and a new enrolment ends the old secret and codes', async () => {
    const email = uniqueEmail('admin');
    const created = await enrolAsOperator({ ADMIN_EMAIL: email, ADMIN_PASSWORD: PASSWORD });
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain(`Created the admin ${email}`);
    const first = printed(created.output);
    expect(first.uri).toContain(`secret=${first.secret}`);
    expect(first.recoveryCodes).toHaveLength(10);
    const login = (code: string) => new ApiClient().post<Grant>('/admin/auth/login', { email, password: PASSWORD, code });
    const opened = await login(codeAt(first.secret, Date.now()));
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.user).toMatchObject({ role: 'admin', email });

    const again = await enrolAdmin(email);
    expect(again.output).toContain(`Enrolled ${email}`);
    const second = printed(again.output);
    expect(second.secret).not.toBe(first.secret);
    expect(await login(first.recoveryCodes[0])).toMatchObject(FAILED);
    expect((await login(second.recoveryCodes[0])).status).toBe(200);
  });

  it('refuses a member’s address, and an unknown one without a password', async () => {
    expect(await enrolAdmin('alice.student@demo.test')).toMatchObject({ code: 1, output: expect.stringContaining('not an admin') });
    expect(await enrolAdmin(uniqueEmail('admin'))).toMatchObject({ code: 1, output: expect.stringContaining('set ADMIN_PASSWORD') });
  });
});

describe('an admin changes their own authenticator secret (/admin/security)', () => {
  it('proves the password and a current code, confirms the new secret by its own code, then ends every other session and the old secret', async () => {
    const email = uniqueEmail('admin');
    const enrolled = await enrolAdmin(email, PASSWORD);
    expect(enrolled.code, enrolled.output).toBe(0);
    const old = printed(enrolled.output);
    const login = (code: string) => new ApiClient().post<Grant>('/admin/auth/login', { email, password: PASSWORD, code });
    const signedIn = async (code: string) => {
      const grant = await login(code);
      expect(grant.status, JSON.stringify(grant.body)).toBe(200);
      const client = new ApiClient();
      client.accessToken = grant.body.accessToken;
      return client;
    };
    // Two devices of the admin: this one changes the secret, the other is signed out by it.
    const here = await signedIn(codeAt(old.secret, Date.now()));
    const elsewhere = await signedIn(codeAt(old.secret, Date.now() + 30_000));
    const adminId = String((await getItem(emailKey(email)))?.userId);
    // Both logins used the codes of this step and the next: the test, unlike a person, needs a third at once.
    const forgetUsedStep = () => setAttributes(secondFactorKey(adminId), { lastStep: 0 });
    await forgetUsedStep();

    const start = (body: Record<string, unknown>) => here.post<NewSecondFactor>('/admin/second-factor', body);
    expect(await start({ password: 'not-the-password', code: codeAt(old.secret, Date.now()) })).toMatchObject({
      status: 403,
      body: { code: 'current_password_wrong', msg: MSG.currentPasswordWrong },
    });
    const wrong = String((Number(codeAt(old.secret, Date.now())) + 500_000) % 1_000_000).padStart(6, '0');
    expect(await start({ password: PASSWORD, code: wrong })).toMatchObject({
      status: 403,
      body: { code: 'second_factor_wrong', msg: MSG.secondFactorCodeWrong },
    });
    expect(await here.post('/admin/second-factor/confirm', { code: '123456' })).toMatchObject({
      status: 409,
      body: { code: 'second_factor_change_expired', msg: MSG.secondFactorChangeExpired },
    });

    const started = await start({ password: PASSWORD, code: codeAt(old.secret, Date.now()) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const fresh = started.body;
    expect(fresh.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(fresh.secret).not.toBe(old.secret);
    expect(fresh.uri).toContain(`secret=${fresh.secret}`);
    // Until it is confirmed the secret in use still signs in, and a code of the old one does not confirm.
    expect(await here.post('/admin/second-factor/confirm', { code: codeAt(old.secret, Date.now()) })).toMatchObject({
      status: 403,
      body: { code: 'second_factor_wrong', msg: MSG.newSecondFactorCodeWrong },
    });
    expect(await here.post('/admin/second-factor/confirm', { code: 'abc' })).toMatchObject({ status: 400, body: { msg: MSG.newSecondFactorCodeRequired } });

    const confirmed = await here.post<SecondFactorChanged>('/admin/second-factor/confirm', { code: codeAt(fresh.secret, Date.now()) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.msg).toBe(MSG.secondFactorChanged);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(confirmed.body.recoveryCodes).not.toContain(old.recoveryCodes[0]);

    // This session goes on; the other device's has ended.
    expect((await here.get('/auth/user')).status).toBe(200);
    expect((await elsewhere.get('/auth/user')).status).toBe(401);
    // The old secret and recovery codes open nothing; the new ones do (the confirming code is used up).
    await forgetUsedStep();
    expect(await login(codeAt(old.secret, Date.now()))).toMatchObject(FAILED);
    expect(await login(old.recoveryCodes[1])).toMatchObject(FAILED);
    expect((await login(codeAt(fresh.secret, Date.now()))).status).toBe(200);
    expect((await login(confirmed.body.recoveryCodes[0])).status).toBe(200);
    // Confirming again has nothing left to confirm.
    expect((await here.post('/admin/second-factor/confirm', { code: codeAt(fresh.secret, Date.now() + 30_000) })).status).toBe(409);

    const log = await here.get<AuditPage>(`/admin/audit?targetId=${adminId}`);
    expect(log.body.entries).toEqual([expect.objectContaining({ action: 'admin.second-factor-change', target: expect.objectContaining({ _id: adminId }) })]);
    expect((await latestMail(email, 'Your authenticator secret was changed')).text).toContain('every other admin session was signed out');
  });
});

/** A fresh admin, so that its pauses and sessions touch no other test; each attempt from a device of its own, as an attacker spreads them. */
async function freshAdmin() {
  const email = uniqueEmail('admin');
  const enrolled = await enrolAdmin(email, PASSWORD);
  expect(enrolled.code, enrolled.output).toBe(0);
  const { secret } = printed(enrolled.output);
  const adminId = String((await getItem(emailKey(email)))?.userId);
  let password = PASSWORD;
  return {
    email,
    secret,
    adminId,
    login: (code: string) => new ApiClient(stackUrl(), randomClientAddress()).post<Grant>('/admin/auth/login', { email, password, code }),
    /** Ten wrong codes, authenticator- and recovery-shaped, each from another address. */
    async wrongCodes() {
      for (let attempt = 0; attempt < SECOND_FACTOR.wrongCodesMax; attempt++) {
        const right = codeAt(secret, Date.now());
        const wrong = attempt % 3 === 2 ? `WRONG-CODE-${attempt}` : String((Number(right) + 500_000 + attempt) % 1_000_000).padStart(6, '0');
        expect(await this.login(wrong)).toMatchObject(FAILED);
      }
    },
    lastStep: async () => (await getItem(secondFactorKey(adminId)))?.lastStep,
    /** The authenticator's code of the next step: a step not used yet, whatever this test used before. */
    nextCode: () => codeAt(secret, Date.now() + 30_000),
    /** The steps this test used are unused again: the test, unlike a person, needs more codes within a minute. */
    forgetUsedSteps: () => setAttributes(secondFactorKey(adminId), { lastStep: 0 }),
    setPassword(next: string) {
      password = next;
    },
  };
}

describe('the codes an admin account may have judged (decision 263)', () => {
  it('after 10 wrong codes from any addresses, judges none for 15 minutes, tells the admin, and never pauses longer', async () => {
    const admin = await freshAdmin();
    await admin.wrongCodes();
    const paused = await latestMail(admin.email, 'Someone knows your admin password');
    expect(paused.text).toContain('No code is accepted for 15 minutes');

    // The right code is answered as any failure, and not even used up: it was never judged.
    const stepBefore = await admin.lastStep();
    expect(await admin.login(admin.nextCode())).toMatchObject(FAILED);
    expect(await admin.lastStep()).toBe(stepBefore);

    // 15 minutes later codes are judged again: 10 more wrong ones pause it for 15 minutes again, not more.
    // (The address's flood count, which slows every failure after the tenth, is not this test's subject.)
    await advanceClock(`${SECOND_FACTOR.wrongCodesPauseSeconds}s`);
    await deleteItem(loginAddressKey('admin', admin.email));
    await admin.wrongCodes();
    expect(await admin.login(admin.nextCode())).toMatchObject(FAILED);
    await advanceClock(`${SECOND_FACTOR.wrongCodesPauseSeconds}s`);
    expect((await admin.login(admin.nextCode())).status).toBe(200);
  });

  it('counts right codes for nothing, and a password reset clears the count', async () => {
    const admin = await freshAdmin();
    // Eight wrong codes, the right one, then one more wrong: no pause, since only wrong codes spend the budget.
    for (let attempt = 0; attempt < SECOND_FACTOR.wrongCodesMax - 2; attempt++) expect(await admin.login(`WRONG-CODE-${attempt}`)).toMatchObject(FAILED);
    expect((await admin.login(codeAt(admin.secret, Date.now()))).status).toBe(200);
    expect(await admin.login('WRONG-CODE-LAST')).toMatchObject(FAILED);
    expect((await admin.login(admin.nextCode())).status).toBe(200);

    await deleteItem(loginAddressKey('admin', admin.email));
    await admin.wrongCodes();
    await admin.forgetUsedSteps();
    expect(await admin.login(codeAt(admin.secret, Date.now()))).toMatchObject(FAILED);
    // The owner resets the password, as the mail says: the new password and a code work at once.
    expect((await new ApiClient().post('/auth/forgot-password', { email: admin.email })).status).toBe(200);
    const token = linkIn(await latestMail(admin.email, 'Reset your password'), '/reset-password/').split('/reset-password/')[1];
    const newPassword = 'a-fresh-Admin-password-2026';
    expect((await new ApiClient().post('/auth/reset-password', { token, password: newPassword })).status).toBe(200);
    admin.setPassword(newPassword);
    expect((await admin.login(codeAt(admin.secret, Date.now()))).status).toBe(200);
  });
});

describe('an admin’s session (decision 264)', () => {
  it('lasts 12 hours from its login, with access tokens of 5 minutes, and ends at a refresh after 30 minutes without one', async () => {
    const admin = await freshAdmin();
    const device = new ApiClient(stackUrl(), randomClientAddress());
    const login = await device.post<Grant>('/admin/auth/login', { email: admin.email, password: PASSWORD, code: admin.nextCode() });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(Number(login.setCookies[0].match(/Max-Age=(\d+)/)?.[1])).toBe(AUTH_TIMINGS.adminSessionAbsoluteSeconds);
    const claims = claimsOf(login.body.accessToken) as ReturnType<typeof claimsOf> & { iat: number };
    expect(claims.exp - claims.iat).toBe(AUTH_TIMINGS.adminAccessTokenSeconds);
    device.accessToken = login.body.accessToken;
    const session = sessionKey(admin.adminId, claims.sid);
    const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;

    // Last refreshed 29 minutes ago: the refresh goes through.
    await setAttributes(session, { lastUsedAt: secondsAgo(AUTH_TIMINGS.adminSessionIdleSeconds - 60) });
    expect((await device.post('/admin/auth/refresh-token', {})).status).toBe(200);
    // 31 minutes: the session is over, and its access token with it.
    await setAttributes(session, { lastUsedAt: secondsAgo(AUTH_TIMINGS.adminSessionIdleSeconds + 60) });
    expect(await device.post('/admin/auth/refresh-token', {})).toMatchObject({ status: 401, body: { code: 'session_expired', msg: MSG.sessionExpired } });
    expect(await getItem(session)).toBeUndefined();
    expect((await device.get('/auth/user')).status).toBe(401);
  });
});

describe('an admin’s decisions that move money (decision 265)', () => {
  it('ask for a code again once the last is 5 minutes old: a fresh one, never the sign-in’s, which then counts for 5 minutes', async () => {
    const own = await expertWithOffer('Stella', 'Stepup', 'Thesis review by Stella');
    await onboard(own.expert);
    await approvedOrder(own);
    await settleFunds();
    const withdrawals: string[] = [];
    for (let ask = 0; ask < 3; ask++) {
      const asked = await own.expert.post<{ withdrawal: Withdrawal }>('/user/withdraw', { amount: 15 });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      withdrawals.push(asked.body.withdrawal._id);
    }
    const statusOf = async (id: string) => (await own.expert.get<WithdrawalPage>('/user/withdrawals')).body.withdrawals.find((row) => row._id === id)?.status;

    const admin = await freshAdmin();
    const device = new ApiClient(stackUrl(), randomClientAddress());
    // The sign-in's code is of the step before now (the authenticator's drift), so that a code of now is a later one.
    const signInCode = codeAt(admin.secret, Date.now() - 30_000);
    const login = await device.post<Grant>('/admin/auth/login', { email: admin.email, password: PASSWORD, code: signInCode });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    device.accessToken = login.body.accessToken;
    const approve = (id: string, body: Record<string, unknown> = {}) => device.post<{ msg: string }>(`/admin/withdrawals/${id}/approve`, body);

    // Just signed in: no code asked.
    expect((await approve(withdrawals[0])).status).toBe(200);
    await advanceClock(`${AUTH_TIMINGS.adminStepUpSeconds + 60}s`);
    expect(await approve(withdrawals[1])).toMatchObject({ status: 403, body: { code: 'step_up_required', msg: MSG.stepUpRequired } });
    expect(await statusOf(withdrawals[1])).toBe('pending');
    expect(await approve(withdrawals[1], { code: signInCode })).toMatchObject({
      status: 403,
      body: { code: 'second_factor_wrong', msg: MSG.secondFactorCodeWrong },
    });
    expect(await statusOf(withdrawals[1])).toBe('pending');
    expect((await approve(withdrawals[1], { code: codeAt(admin.secret, Date.now()) })).status).toBe(200);
    // That code counts for the next minutes: the third goes through without one.
    expect((await approve(withdrawals[2])).status).toBe(200);
    expect(await statusOf(withdrawals[2])).not.toBe('pending');

    // A ban that refunds orders asks too; it changes nothing until the code comes.
    const call = await bookedPhoneCall();
    await advanceClock(`${AUTH_TIMINGS.adminStepUpSeconds + 60}s`);
    expect(await device.post(`/admin/ban-user/${call.studentId}`, { reason: 'Chargeback fraud' })).toMatchObject({
      status: 403,
      body: { code: 'step_up_required' },
    });
    expect((await chatOf(call.student, call.orderId)).orderStatus).toBe('in_progress');
    await admin.forgetUsedSteps();
    expect((await device.post(`/admin/ban-user/${call.studentId}`, { reason: 'Chargeback fraud', code: codeAt(admin.secret, Date.now()) })).status).toBe(200);
    await expect.poll(async () => (await getItem({ pk: `ORDER#${call.orderId}`, sk: 'ORDER' }))?.status).toBe('canceled');
  });
});
