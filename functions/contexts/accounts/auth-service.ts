/** The rules of accounts and sessions. No AWS calls here: storage is the repository, mail the mailer. */
import { clientNetworkOf } from '../../../shared/edge';
import { AUTH_TIMINGS, LOGIN_FLOOD, RATE_LIMITS, RETENTION } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import type { ActivateBody, AdminLoginBody, ContactBody, LoginBody, RegisterExpertBody, RegisterStudentBody } from '../../../shared/schemas/auth';
import type { Caller, SessionKind } from '../../platform/access-token';
import { hashPassword, newId, randomSecret, sha256, verifyAgainstDummy, verifyPassword } from '../../platform/crypto';
import { nowSeconds } from '../../platform/table';
import { nowIso, nowMs } from '../../platform/clock';
import { giveBackToLimit, takeFromLimit } from '../../platform/rate-windows';
import { BadRequest, Conflict, Forbidden, ServiceUnavailable, TooManyRequests, Unauthorized, ValidationFailed } from '../../platform/errors';
import { config } from '../../platform/config';
import { logger } from '../../platform/logger';
import { type Mail, sendMail } from '../../platform/mailer';
import type { Account, SessionGrant as AccountSessionGrant } from '../../../shared/schemas/account';
import { splitFullName, toCurrentAccount, type AccountRecord } from './account';
import { signAccessToken } from './access-token-signer';
import { isCommonPassword } from './common-passwords';
import { accountExistsMail, activationMail, contactMail, loginFloodMail, passwordChangedMail, passwordResetMail } from './mails';
import * as repo from './repository';
import { proveSecondFactor } from './second-factor-service';
import { endAllSessions, endSessions } from './session-service';
import { type Client, provePassword } from './service';

export type { Client } from './service';

/** A user agent is kept this long at most: enough to name the device. */
const USER_AGENT_KEPT = 300;

// Registration and activation -------------------------------------------------------------------

export type RegistrationDetails = Omit<repo.Registration, 'passwordHash'>;

export function registerStudent(body: RegisterStudentBody, client: Client) {
  return register(body.email, body.password, studentDetails(body), client);
}

export function registerExpert(body: RegisterExpertBody, client: Client) {
  return register(body.email, body.password, expertDetails(body), client);
}

/** What a student's registration records of the account, as its activation will set it. */
export const studentDetails = (body: Pick<RegisterStudentBody, 'name'>): RegistrationDetails => ({
  role: 'user',
  name: body.name,
  ...splitFullName(body.name),
});

/** What an expert's registration records of the account, as its activation will set it. */
export const expertDetails = (body: Pick<RegisterExpertBody, 'firstName' | 'lastName'>): RegistrationDetails => ({
  role: 'professor',
  firstName: body.firstName,
  lastName: body.lastName,
});

/**
 * The first registration of an address is the account's pending record (login answers "activate
 * first"). Retention counts from its creation until a sign-in: a registration never activated leaves
 * after a year too.
 */
export function pendingAccount(email: string, registration: repo.Registration): AccountRecord {
  const createdAt = nowIso();
  return { userId: newId(), email, ...registration, status: 'pending', createdAt, lastActiveAt: createdAt };
}

/**
 * Every registration answers the same, in the same time, whether the address is new, pending or
 * taken: a new or pending address gets an activation link for this registration's own credentials;
 * a taken one gets a notice to its owner. Only the link's owner can make credentials take effect.
 */
async function register(email: string, password: string, details: RegistrationDetails, client: Client): Promise<{ msg: string }> {
  const answerAt = Date.now() + config.authAnswerFloors.registrationMs;
  if (isCommonPassword(password)) throw new ValidationFailed(MSG.passwordTooCommon, [{ msg: MSG.passwordTooCommon }], 'password_too_common');
  const undoCount = await countAccountMail(email, client);
  const registration: repo.Registration = { ...details, passwordHash: await hashPassword(password) };
  const existing = await repo.findAccountByEmail(email);
  if (existing && existing.status === 'active') {
    await mailOrUndo(accountExistsMail(email), undoCount);
  } else {
    await mailActivation(email, registration, existing, undoCount);
  }
  await waitUntil(answerAt);
  return { msg: MSG.registrationSuccessful };
}

async function mailActivation(
  email: string,
  registration: repo.Registration,
  pending: AccountRecord | undefined,
  undoCount: () => Promise<void>,
): Promise<void> {
  let user = pending;
  let created: AccountRecord | undefined;
  if (!user) {
    created = pendingAccount(email, registration);
    try {
      await repo.createUser(created);
      user = created;
    } catch (error) {
      if (!(error instanceof repo.EmailTaken)) throw error;
      created = undefined;
      user = await repo.findAccountByEmail(email);
      if (!user) throw error;
    }
  }
  // Activated by someone else in the meantime: the owner hears of it, and no link goes out.
  if (user.status === 'active') return mailOrUndo(accountExistsMail(email), undoCount);
  const token = randomSecret();
  const tokenHash = sha256(token);
  await repo.putToken(tokenHash, { purpose: 'activation', userId: user.userId, registration, expiresAt: nowSeconds() + AUTH_TIMINGS.activationTokenSeconds });
  await mailOrUndo(activationMail(email, token), () => Promise.all([undoCount(), repo.deleteToken(tokenHash), created && repo.deletePendingUser(created)]));
}

/**
 * Activates the registration a link was mailed for, given the password chosen at that registration.
 * Anyone can register someone else's pending address and have a link mailed there; a link alone
 * therefore proves only the mailbox, not the password. Asking for the password proves both, so only
 * credentials the mailbox owner chose can ever take effect. A wrong password counts against the
 * login throttle, changes nothing, and leaves the link usable.
 */
export async function activate(body: ActivateBody, client: Client): Promise<{ msg: string }> {
  const hash = sha256(body.token);
  const record = await repo.getToken(hash);
  const account =
    record?.purpose === 'activation' && record.registration && record.expiresAt > nowSeconds()
      ? await repo.getAccount(record.userId, { consistent: true })
      : undefined;
  if (!record?.registration || !account) throw new BadRequest(MSG.activationLinkInvalid, 'activation_link_invalid');
  const limit = RATE_LIMITS.loginGuessesPerClient;
  const network = clientNetworkOf(client.ip);
  const guess = await repo.countLoginGuess('user', account.email, network, limit.windowSeconds);
  if (guess.count > limit.max) throw new TooManyRequests(MSG.tooManyLoginAttempts, Math.max(1, guess.firstAt + limit.windowSeconds - nowSeconds()));
  if (!(await verifyPassword(body.password, record.registration.passwordHash))) throw new BadRequest(MSG.activationPasswordWrong, 'activation_password_wrong');
  if (!(await repo.activate(hash, account, record.registration))) throw new BadRequest(MSG.activationLinkInvalid, 'activation_link_invalid');
  await repo.forgetLoginGuesses('user', account.email, network);
  return { msg: MSG.activationSuccessful };
}

// Mail limits -----------------------------------------------------------------------------------

/**
 * Counts one account mail against the client's and the address's hourly caps, before anything
 * changes; past a cap, 429 and nothing changes (an earlier link keeps working). Returns how to give
 * the mail back when it could not be sent.
 */
async function countAccountMail(email: string, client: Client): Promise<() => Promise<void>> {
  const network = clientNetworkOf(client.ip);
  await takeFromLimit('account-mails-client', RATE_LIMITS.accountMailsPerClient, network, MSG.tooManyMailsFromClient);
  await takeFromLimit('account-mails-address', RATE_LIMITS.accountMailsPerAddress, email, MSG.tooManyAccountMails);
  return () => Promise.all([giveBackToLimit('account-mails-client', network), giveBackToLimit('account-mails-address', email)]).then(() => undefined);
}

/** Sends the mail; when the mail service fails, undoes what the request did and answers 503, so a retry succeeds. */
async function mailOrUndo(mail: Mail, undo: () => Promise<unknown>): Promise<void> {
  try {
    await sendMail(mail);
  } catch (error) {
    logger.error('Mail service unavailable; the request was undone', error as Error);
    await undo();
    throw new ServiceUnavailable(MSG.mailUnavailable, 'mail_unavailable');
  }
}

const waitUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

// Login, refresh, logout ------------------------------------------------------------------------

export interface SessionGrant extends AccountSessionGrant {
  /** The refresh token for the cookie: "<userId>.<sessionId>.<secret>". */
  refreshToken: string;
  /** Seconds until the session's absolute end (the cookie's Max-Age). */
  lifetimeSeconds: number;
}

/**
 * The guess is counted before the password is checked, atomically, so no burst of parallel guesses
 * gets past the per-client limit. The user login opens no session for an admin account and the
 * admin login none for anyone else: to the wrong login such an account does not exist. An admin
 * also proves the second factor, only once the password is right (a wrong password uses no code up);
 * a wrong or replayed code is a failure like a wrong password, and answers the same.
 */
export async function login(body: LoginBody | AdminLoginBody, kind: SessionKind, client: Client): Promise<SessionGrant> {
  const failMsg = kind === 'admin' ? MSG.adminLoginFailed : MSG.invalidCredentials;
  const limit = RATE_LIMITS.loginGuessesPerClient;
  const network = clientNetworkOf(client.ip);
  const guess = await repo.countLoginGuess(kind, body.email, network, limit.windowSeconds);
  if (guess.count > limit.max) throw new TooManyRequests(MSG.tooManyLoginAttempts, Math.max(1, guess.firstAt + limit.windowSeconds - nowSeconds()));

  const [user, addressFailures] = await Promise.all([
    repo.findAccountByEmail(body.email),
    repo.readAddressFailures(kind, body.email, LOGIN_FLOOD.windowSeconds),
  ]);
  await waitUntil(Date.now() + floodDelayMs(addressFailures?.count ?? 0));
  const eligible = user && !user.isDeleted && (user.role === 'admin') === (kind === 'admin');
  const passwordOk = eligible ? await verifyPassword(body.password, user.passwordHash) : await verifyAgainstDummy(body.password);
  const factorOk = eligible && passwordOk && (kind === 'user' || ('code' in body && (await proveSecondFactor(user, body.code))));
  if (!eligible || !passwordOk || !factorOk) {
    await recordFailure(kind, body.email, eligible ? user : undefined);
    throw new Unauthorized(failMsg, 'invalid_credentials');
  }
  // From here on the caller proved the password: telling them why they cannot enter leaks nothing.
  await repo.forgetLoginGuesses(kind, body.email, network);
  if (user.status !== 'active') throw new Forbidden(MSG.activateFirst, 'activation_required');
  if (user.isBanned) throw new Forbidden(MSG.accountBanned, 'account_banned');
  const now = nowIso();
  const [session] = await Promise.all([startSession(user, kind, client), repo.recordLogin(user.userId, now)]);
  return { user: toCurrentAccount({ ...user, lastLoginAt: now }), ...session };
}

/** No delay for the first failures of an address; past LOGIN_FLOOD.slowAfter, doubling up to the cap. */
export function floodDelayMs(addressFailures: number): number {
  if (addressFailures < LOGIN_FLOOD.slowAfter) return 0;
  return Math.min(LOGIN_FLOOD.maxDelayMs, LOGIN_FLOOD.firstDelayMs * 2 ** (addressFailures - LOGIN_FLOOD.slowAfter));
}

/** Counts a failure for the address from all clients; the owner hears of a flood once per window. */
async function recordFailure(kind: SessionKind, email: string, owner: AccountRecord | undefined): Promise<void> {
  const { count } = await repo.countAddressFailure(kind, email, LOGIN_FLOOD.windowSeconds);
  if (count !== LOGIN_FLOOD.slowAfter || !owner) return;
  await sendMail(loginFloodMail(owner.email)).catch((error) => logger.error('Login flood notice not sent', error as Error));
}

async function startSession(user: AccountRecord, kind: SessionKind, client: Client): Promise<Omit<SessionGrant, 'user'>> {
  const sessionId = newId();
  const secret = randomSecret();
  const startedAt = nowSeconds();
  const lifetimeSeconds = kind === 'admin' ? AUTH_TIMINGS.adminSessionAbsoluteSeconds : AUTH_TIMINGS.sessionAbsoluteSeconds;
  await repo.putSession({
    userId: user.userId,
    sessionId,
    kind,
    tokenHash: sha256(secret),
    startedAt,
    expiresAt: startedAt + lifetimeSeconds,
    // The code of this sign-in counts for the money decisions of the next minutes (decision 265).
    ...(kind === 'admin' && { codeAt: Math.floor(nowMs() / 1000) }),
    ...(client.userAgent && { userAgent: client.userAgent.slice(0, USER_AGENT_KEPT) }),
    ip: client.ip,
    lastUsedAt: startedAt,
  });
  const accessToken = await signAccessToken({ userId: user.userId, role: user.role, sessionId, kind }, startedAt + lifetimeSeconds);
  return { accessToken, refreshToken: `${user.userId}.${sessionId}.${secret}`, lifetimeSeconds };
}

/** A refresh is activity (retention counts from it): recorded at most once a day, so refreshes stay one read. */
async function recordActivity(user: AccountRecord): Promise<void> {
  const today = nowIso();
  if (user.lastActiveAt?.slice(0, 10) !== today.slice(0, 10)) await repo.recordActivity(user.userId, today);
}

/** A token presented again this soon after its rotation is a concurrent refresh (two tabs), not theft. */
const ROTATION_LEEWAY_SECONDS = 10;

/** "<userId>.<sessionId>.<secret>", or undefined for anything else a client may send. */
const REFRESH_TOKEN_SHAPE = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.([\w-]{43})$/;
function parseRefreshToken(refreshToken: string | undefined): { userId: string; sessionId: string; secret: string } | undefined {
  const match = refreshToken?.match(REFRESH_TOKEN_SHAPE);
  return match ? { userId: match[1], sessionId: match[2], secret: match[3] } : undefined;
}

export async function refresh(
  refreshToken: string | undefined,
  kind: SessionKind,
  client: Client,
): Promise<{ accessToken: string; refreshToken?: string; lifetimeSeconds: number }> {
  const parsed = parseRefreshToken(refreshToken);
  if (!parsed) throw new Unauthorized(MSG.sessionExpired, 'session_expired');
  const { userId, sessionId, secret } = parsed;
  const [session, user] = await Promise.all([repo.getSession(userId, sessionId), repo.getAccount(userId)]);
  if (!session || session.kind !== kind || session.expiresAt <= nowSeconds()) throw new Unauthorized(MSG.sessionExpired, 'session_expired');
  if (kind === 'admin' && nowSeconds() - (session.lastUsedAt ?? session.startedAt) > AUTH_TIMINGS.adminSessionIdleSeconds) {
    await endSessions(userId, [sessionId]);
    throw new Unauthorized(MSG.sessionExpired, 'session_expired');
  }
  const presented = sha256(secret);
  if (!user || user.isDeleted || user.isBanned || user.status !== 'active' || (user.role === 'admin') !== (kind === 'admin')) {
    await endSessions(userId, [sessionId]);
    throw new Unauthorized(MSG.sessionExpired, 'session_expired');
  }
  const caller: Caller = { userId, role: user.role, sessionId, kind };
  await recordActivity(user);
  const lifetimeSeconds = session.expiresAt - nowSeconds();
  if (presented === session.previousHash && nowSeconds() - (session.rotatedAt ?? 0) <= ROTATION_LEEWAY_SECONDS) {
    return { accessToken: await signAccessToken(caller, session.expiresAt), lifetimeSeconds };
  }
  if (presented !== session.tokenHash) {
    logger.warn('Refresh token reuse detected; revoking the session', { userId, sessionId });
    await endSessions(userId, [sessionId]);
    throw new Unauthorized(MSG.sessionExpired, 'session_expired');
  }
  const newSecret = randomSecret();
  if (!(await repo.rotateSession(session, sha256(newSecret), client.ip))) throw new Unauthorized(MSG.sessionExpired, 'session_expired');
  return { accessToken: await signAccessToken(caller, session.expiresAt), refreshToken: `${userId}.${sessionId}.${newSecret}`, lifetimeSeconds };
}

export async function logout(refreshToken: string | undefined): Promise<{ msg: string }> {
  const parsed = parseRefreshToken(refreshToken);
  if (parsed) {
    const { userId, sessionId, secret } = parsed;
    const session = await repo.getSession(userId, sessionId);
    const hash = sha256(secret);
    if (session && (session.tokenHash === hash || session.previousHash === hash)) await endSessions(userId, [sessionId]);
  }
  return { msg: MSG.loggedOut };
}

/** The account was read with the session by the request handling: no further read. */
export function currentUser(account: AccountRecord): Account {
  return toCurrentAccount(account);
}

// Password reset --------------------------------------------------------------------------------

/**
 * Answers the same, in the same time, whatever the address, so that nobody can learn who has an
 * account. A pending account gets a reset link too: choosing a password through a link sent to the
 * address activates it with credentials its owner chose.
 */
export async function forgotPassword(email: string, client: Client): Promise<{ msg: string }> {
  const answerAt = Date.now() + config.authAnswerFloors.forgotPasswordMs;
  const undoCount = await countAccountMail(email, client);
  const user = await repo.findAccountByEmail(email);
  if (user && !user.isDeleted && !user.isBanned) {
    const token = randomSecret();
    await repo.putToken(sha256(token), { purpose: 'password-reset', userId: user.userId, expiresAt: nowSeconds() + AUTH_TIMINGS.resetTokenSeconds });
    await mailOrUndo(passwordResetMail(user.email, token), () => Promise.all([undoCount(), repo.deleteToken(sha256(token))]));
    // Only once the link is on its way does it replace the current one: an outage leaves the old link working.
    await repo.setCurrentResetToken(user.userId, sha256(token));
  }
  await waitUntil(answerAt);
  return { msg: MSG.resetEmailSent };
}

export async function resetPassword(token: string, password: string): Promise<{ msg: string }> {
  const hash = sha256(token);
  const record = await repo.getToken(hash);
  if (record?.purpose !== 'password-reset' || record.expiresAt <= nowSeconds()) throw new BadRequest(MSG.resetLinkInvalid, 'reset_link_invalid');
  if (isCommonPassword(password)) throw new ValidationFailed(MSG.passwordTooCommon, [{ msg: MSG.passwordTooCommon }], 'password_too_common');
  const passwordHash = await hashPassword(password);
  const user = await repo.getAccount(record.userId, { consistent: true });
  if (!user || !(await repo.resetPassword(hash, user, passwordHash))) throw new BadRequest(MSG.resetLinkInvalid, 'reset_link_invalid');
  await Promise.all([endAllSessions(record.userId), repo.clearLoginAttempts(user.email)]);
  return { msg: MSG.passwordResetDone };
}

// Password change --------------------------------------------------------------------------------

/**
 * The signed-in member proves the password again before a security change. A wrong one counts as a
 * login guess of this client, so this door is no way around the login's throttle.
 */
export async function changePassword(caller: Caller, account: AccountRecord, body: { currentPassword: string; newPassword: string }, client: Client) {
  await provePassword(account, body.currentPassword, client);
  if (body.newPassword === body.currentPassword) throw new ValidationFailed(MSG.passwordUnchanged, [{ msg: MSG.passwordUnchanged }], 'password_unchanged');
  if (isCommonPassword(body.newPassword)) throw new ValidationFailed(MSG.passwordTooCommon, [{ msg: MSG.passwordTooCommon }], 'password_too_common');
  if (!(await repo.changePassword(account.userId, account.passwordHash, await hashPassword(body.newPassword))))
    throw new Conflict(MSG.currentPasswordWrong, 'current_password_wrong');
  await endAllSessions(account.userId, caller.sessionId);
  await sendMail(passwordChangedMail(account.email)).catch((error) => logger.error('Password change notice not sent', error as Error));
  return { msg: MSG.passwordChanged };
}

// Signing out everywhere ---------------------------------------------------------------------------

/** POST /user/sessions/end-all: with the password, every session of the account ends, this one too, sockets included. */
export async function signOutEverywhere(account: AccountRecord, password: string, client: Client): Promise<{ msg: string }> {
  await provePassword(account, password, client);
  await endAllSessions(account.userId);
  return { msg: MSG.signedOutEverywhere };
}

// Contact ---------------------------------------------------------------------------------------

/**
 * Limited per client and per address; stored (kept 6 months) and mailed, or neither when mail is down.
 * `sentKey`: the form's Idempotency-Key. Its message's id comes of the address and the key, so the
 * same form sent again (its answer lost) finds the message stored and mailed the first time, and
 * answers alike without counting or mailing it again (decision 317).
 */
export async function contact(message: ContactBody, client: Client, sentKey?: string): Promise<{ msg: string }> {
  const sent = { msg: MSG.contactSent };
  const messageId = sentKey ? sha256(`${message.email.toLowerCase()}\n${sentKey}`) : newId();
  if (sentKey && (await repo.contactMessageExists(messageId))) return sent;
  const network = clientNetworkOf(client.ip);
  await takeFromLimit('contact-client', RATE_LIMITS.contactPerClient, network, MSG.tooManyContactMessages);
  await takeFromLimit('contact-address', RATE_LIMITS.contactPerAddress, message.email, MSG.tooManyContactMessages);
  const giveBack = () => Promise.all([giveBackToLimit('contact-client', network), giveBackToLimit('contact-address', message.email)]);
  // Two copies at once: the first stored mails it, the other counts nothing.
  if (!(await repo.putContactMessage(messageId, { ...message, createdAt: new Date().toISOString() }, nowSeconds() + RETENTION.contactMessageSeconds))) {
    await giveBack();
    return sent;
  }
  await mailOrUndo(contactMail(message), () => Promise.all([repo.deleteContactMessage(messageId), giveBack()]));
  return sent;
}
