/**
 * The integration tests' accounts: through the real API where the way there is what a test is about,
 * ready-made by the test stack where a test only needs someone signed in (readyAccount).
 */
import { expect } from 'vitest';
import { READY_ACCOUNTS_PATH } from '../../scripts/local/ready-accounts';
import type { RegisterExpertBody, RegisterStudentBody } from '../../shared/schemas/auth';
import { ApiClient, stackUrl } from './api';
import { codeAt } from '../../functions/contexts/accounts/second-factor';
import { emailKey, secondFactorKey } from '../../functions/platform/keys';
import { getItem, setAttributes } from './table';
import { latestMail, linkIn, uniqueEmail } from './outbox';
import { TEST_SEED } from './seed-settings';

export const PASSWORD = 'correct-horse-battery';

export async function registerStudent(email = uniqueEmail('student'), name = 'Sam Student'): Promise<{ email: string; activationToken: string }> {
  const response = await new ApiClient().post('/auth/register', { name, email, password: PASSWORD, role: 'user' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { email, activationToken: await activationTokenFor(email) };
}

export async function activationTokenFor(email: string): Promise<string> {
  const link = linkIn(await latestMail(email, 'Activate your account'), '/activate/');
  return link.split('/activate/')[1];
}

/**
 * An account as registration and activation leave it, made by the test stack without their mails
 * (POST READY_ACCOUNTS_PATH, scripts/local/ready-accounts.ts) from the body either registration
 * takes, in a third of the table calls of the way through the API, for the many tests that need
 * someone, not the way there. Registration and activation have their own tests through the API.
 */
async function readyAccount(registration: RegisterStudentBody | RegisterExpertBody): Promise<void> {
  const response = await fetch(`${stackUrl()}${READY_ACCOUNTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration),
  });
  expect(response.status, await response.text()).toBe(201);
}

/**
 * A student registered and activated through the API, then logged in: their activation mail is in
 * the outbox and counts in the address's hourly mail cap, as for a person who just signed up.
 */
export async function signedInRegisteredStudent(): Promise<{ client: ApiClient; email: string; user: Record<string, unknown> }> {
  const { email, activationToken } = await registerStudent();
  expect((await new ApiClient().post('/auth/activate', { token: activationToken, password: PASSWORD })).status).toBe(200);
  return signedInAsStudent(email);
}

/** An activated and logged-in student. */
export async function signedInStudent(): Promise<{ client: ApiClient; email: string; user: Record<string, unknown> }> {
  const email = uniqueEmail('student');
  await readyAccount({ name: 'Sam Student', email, password: PASSWORD, role: 'user' });
  return signedInAsStudent(email);
}

/** A new session of the student with that address, and the account as login answers it. */
async function signedInAsStudent(email: string): Promise<{ client: ApiClient; email: string; user: Record<string, unknown> }> {
  const client = new ApiClient();
  const login = await client.post<{ user: Record<string, unknown>; accessToken: string }>('/auth/login', { email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  client.accessToken = login.body.accessToken;
  return { client, email, user: login.body.user };
}

/**
 * One student account for the calling test file, registered and activated on first use (each
 * registration takes the product's 1.2 s answer time); every call signs in again, so each test gets
 * a session and a device of its own. Only for tests that act on their session (refresh, logout,
 * cookies), never on the account (password, ban, lockouts, its mails): those take signedInStudent().
 */
export function studentOfThisFile(): () => Promise<{ client: ApiClient; email: string; user: Record<string, unknown> }> {
  let account: Promise<{ email: string }> | undefined;
  return async () => {
    if (!account) {
      const first = signedInStudent();
      account = first;
      return first;
    }
    return signedInAsStudent((await account).email);
  };
}

/** The admin logins of this test file, one after the other: two at once would present one code twice. */
let adminLogins: Promise<unknown> = Promise.resolve();

/** A client logged in as one of the seeded demo accounts (or the admin, through the admin login and its second factor). */
export async function signedInAs(kind: 'student' | 'professor' | 'admin'): Promise<ApiClient> {
  if (kind !== 'admin') return signedInWith({ student: 'alice.student@demo.test', professor: 'claire.dubois@demo.test' }[kind]);
  const login = adminLogins.then(async () => {
    const admin = await signedInWith(TEST_SEED.adminEmail, TEST_SEED.adminPassword, '/admin/auth/login', await adminCode());
    admin.asAdminPage = { refreshPath: '/admin/auth/refresh-token', stepUp: adminCode };
    return admin;
  });
  adminLogins = login.catch(() => undefined);
  return login;
}

/**
 * The demo admin's authenticator code now, as the app shows it. Each code opens one session, and
 * tests sign in as the admin many times within one 30 s step, which no person does: so this first
 * forgets the step used last. The refusal of a replayed code has its own test (admin-2fa.test.ts).
 */
export async function adminCode(): Promise<string> {
  const claim = await getItem(emailKey(TEST_SEED.adminEmail));
  await setAttributes(secondFactorKey(String(claim?.userId)), { lastStep: 0 });
  return codeAt(TEST_SEED.adminTotpSecret, Date.now());
}

/** A client logged in with these credentials (a demo account's password by default; the admin login takes a code too). */
export async function signedInWith(email: string, password: string = TEST_SEED.demoPassword, loginPath = '/auth/login', code?: string): Promise<ApiClient> {
  const client = new ApiClient();
  const response = await client.post<{ accessToken: string }>(loginPath, { email, password, ...(code === undefined ? {} : { code }) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  client.accessToken = response.body.accessToken;
  return client;
}

/** A new expert, activated and logged in (no payouts: onboarding comes later). */
export async function signedInNewExpert(firstName = 'Nora', lastName = 'Newcomer'): Promise<{ client: ApiClient; email: string }> {
  const email = uniqueEmail('expert');
  await readyAccount({ firstName, lastName, email, password: PASSWORD, role: 'professor' });
  return { client: await signedInWith(email, PASSWORD), email };
}

/**
 * A new expert whose payouts are enabled (set in the table, as payout onboarding will set it), so a
 * test's offers belong to an account of its own and leave the demo experts' lists as seeded.
 */
export async function signedInPublishingExpert(firstName = 'Paula', lastName = 'Publisher'): Promise<{ client: ApiClient; userId: string; email: string }> {
  const { client, email } = await signedInNewExpert(firstName, lastName);
  const userId = JSON.parse(Buffer.from(client.accessToken!.split('.')[1], 'base64url').toString()).sub as string;
  await setAttributes({ pk: `USER#${userId}`, sk: 'PROFILE' }, { payoutsEnabled: true, isStripeConnected: true });
  return { client, userId, email };
}
