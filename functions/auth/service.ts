/** The rules of accounts and sessions. No AWS calls here: storage is the repository, mail the mailer. */
import { AUTH_TIMINGS, RETENTION } from '../../shared/limits';
import { MSG } from '../../shared/messages';
import type { ContactBody, LoginBody, RegisterProfessorBody, RegisterStudentBody } from '../../shared/schemas/auth';
import { type Caller, signAccessToken } from '../lib/access-token';
import { hashPassword, newId, randomSecret, sha256, verifyAgainstDummy, verifyPassword } from '../lib/crypto';
import { nowSeconds } from '../lib/dynamo';
import { BadRequest, Conflict, Forbidden, TooManyRequests, Unauthorized } from '../lib/errors';
import { logger } from '../lib/logger';
import { sendMail } from '../lib/mailer';
import { splitFullName, toUserDto, type UserRecord } from '../lib/user-record';
import { activationMail, contactMail, passwordResetMail } from './mails';
import * as repo from './repository';
import type { SessionKind } from './repository';

// Registration and activation -------------------------------------------------------------------

export function registerStudent(body: RegisterStudentBody) {
  return register({ role: 'user', email: body.email, password: body.password, name: body.name, ...splitFullName(body.name) });
}

export function registerProfessor(body: RegisterProfessorBody) {
  return register({ role: 'professor', email: body.email, password: body.password, firstName: body.firstName, lastName: body.lastName });
}

interface Registration {
  role: 'user' | 'professor';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  name?: string;
}

async function register(registration: Registration): Promise<{ msg: string }> {
  const { password, ...details } = registration;
  const passwordHash = await hashPassword(password);
  const token = randomSecret();
  const user: UserRecord = { userId: newId(), ...details, passwordHash, status: 'pending', createdAt: new Date().toISOString(), activationTokenHash: sha256(token) };
  let userId = user.userId;
  try {
    await repo.createUser(user);
  } catch (error) {
    if (!(error instanceof repo.EmailTaken)) throw error;
    userId = await replacePendingRegistration(user);
  }
  await repo.putToken(sha256(token), { purpose: 'activation', userId, expiresAt: nowSeconds() + AUTH_TIMINGS.activationTokenSeconds });
  const allowance = await accountMailAllowance(user.email);
  if (allowance.retryAfterSeconds) throw new TooManyRequests(MSG.tooManyAccountMails, allowance.retryAfterSeconds);
  await sendMail(activationMail(user.email, token));
  return { msg: MSG.registrationSuccessful };
}

/**
 * The address exists. If it was never activated, nobody proved they own it: the new registration
 * replaces the pending one and a fresh link goes out. An activated address is refused.
 */
async function replacePendingRegistration(user: UserRecord): Promise<string> {
  const existingId = await repo.findUserIdByEmail(user.email);
  if (!existingId || !(await repo.replacePendingRegistration({ ...user, userId: existingId }))) throw new Conflict(MSG.emailTaken);
  return existingId;
}

export async function activate(token: string): Promise<{ msg: string }> {
  const hash = sha256(token);
  const record = await repo.getToken(hash);
  const spent = record?.purpose === 'activation' && (await repo.spendToken(hash, 'activation', record.userId, { set: { status: 'active' }, remove: [] }));
  if (!spent) throw new BadRequest(MSG.activationLinkInvalid);
  return { msg: MSG.activationSuccessful };
}

/** Each activation or reset mail counts; past the hourly cap, how long until mail is allowed again. */
async function accountMailAllowance(email: string): Promise<{ retryAfterSeconds?: number }> {
  const { count, firstAt } = await repo.recordAccountMail(email, AUTH_TIMINGS.accountMailWindowSeconds);
  if (count <= AUTH_TIMINGS.accountMailLimit) return {};
  return { retryAfterSeconds: Math.max(1, firstAt + AUTH_TIMINGS.accountMailWindowSeconds - nowSeconds()) };
}

// Login, refresh, logout ------------------------------------------------------------------------

export interface SessionGrant {
  user: Record<string, unknown>;
  accessToken: string;
  /** The refresh token for the cookie: "<userId>.<sessionId>.<secret>". */
  refreshToken: string;
}

export async function login(body: LoginBody, kind: SessionKind): Promise<SessionGrant> {
  const failMsg = kind === 'admin' ? MSG.adminLoginFailed : MSG.invalidCredentials;
  const failures = await repo.getLoginFailures(body.email);
  const windowStart = nowSeconds() - AUTH_TIMINGS.loginFailureWindowSeconds;
  if (failures && failures.firstAt > windowStart && failures.count >= AUTH_TIMINGS.loginFailureLimit) {
    throw new TooManyRequests(MSG.tooManyLoginAttempts, failures.firstAt - windowStart);
  }
  const user = await repo.findUserByEmail(body.email);
  const passwordOk = user && !user.isDeleted ? await verifyPassword(body.password, user.passwordHash) : await verifyAgainstDummy(body.password);
  if (!user || !passwordOk) {
    await repo.recordLoginFailure(body.email, AUTH_TIMINGS.loginFailureWindowSeconds);
    throw new Unauthorized(failMsg);
  }
  // From here on the caller proved the password: telling them why they cannot enter leaks nothing.
  if (kind === 'admin' && user.role !== 'admin') throw new Forbidden(MSG.adminLoginFailed);
  if (user.status !== 'active') throw new Forbidden(MSG.activateFirst);
  if (user.isBanned) throw new Forbidden(MSG.accountBanned);
  const now = new Date().toISOString();
  const [session] = await Promise.all([startSession(user, kind), repo.recordLogin(user.userId, now), failures && repo.clearLoginFailures(body.email)]);
  return { user: toUserDto({ ...user, lastLoginAt: now }), ...session };
}

async function startSession(user: UserRecord, kind: SessionKind): Promise<{ accessToken: string; refreshToken: string }> {
  const sessionId = newId();
  const secret = randomSecret();
  await repo.putSession({ userId: user.userId, sessionId, kind, tokenHash: sha256(secret), expiresAt: nowSeconds() + AUTH_TIMINGS.refreshTokenSeconds });
  const accessToken = await signAccessToken({ userId: user.userId, role: user.role, sessionId });
  return { accessToken, refreshToken: `${user.userId}.${sessionId}.${secret}` };
}

/** A token presented again this soon after its rotation is a concurrent refresh (two tabs), not theft. */
const ROTATION_LEEWAY_SECONDS = 10;

/** "<userId>.<sessionId>.<secret>", or undefined for anything else a client may send. */
const REFRESH_TOKEN_SHAPE = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.([\w-]{43})$/;
function parseRefreshToken(refreshToken: string | undefined): { userId: string; sessionId: string; secret: string } | undefined {
  const match = refreshToken?.match(REFRESH_TOKEN_SHAPE);
  return match ? { userId: match[1], sessionId: match[2], secret: match[3] } : undefined;
}

export async function refresh(refreshToken: string | undefined, kind: SessionKind): Promise<{ accessToken: string; refreshToken?: string }> {
  const parsed = parseRefreshToken(refreshToken);
  if (!parsed) throw new Unauthorized(MSG.sessionExpired);
  const { userId, sessionId, secret } = parsed;
  const [session, user] = await Promise.all([repo.getSession(userId, sessionId), repo.getUser(userId)]);
  if (!session || session.kind !== kind || session.expiresAt <= nowSeconds()) throw new Unauthorized(MSG.sessionExpired);
  const presented = sha256(secret);
  if (!user || user.isDeleted || user.isBanned || user.status !== 'active' || (kind === 'admin' && user.role !== 'admin')) {
    await repo.deleteSession(userId, sessionId);
    throw new Unauthorized(MSG.sessionExpired);
  }
  const caller: Caller = { userId, role: user.role, sessionId };
  if (presented === session.previousHash && nowSeconds() - (session.rotatedAt ?? 0) <= ROTATION_LEEWAY_SECONDS) {
    return { accessToken: await signAccessToken(caller) };
  }
  if (presented !== session.tokenHash) {
    logger.warn('Refresh token reuse detected; revoking the session', { userId, sessionId });
    await repo.deleteSession(userId, sessionId);
    throw new Unauthorized(MSG.sessionExpired);
  }
  const newSecret = randomSecret();
  if (!(await repo.rotateSession(session, sha256(newSecret), nowSeconds() + AUTH_TIMINGS.refreshTokenSeconds))) {
    throw new Unauthorized(MSG.sessionExpired);
  }
  return { accessToken: await signAccessToken(caller), refreshToken: `${userId}.${sessionId}.${newSecret}` };
}

export async function logout(refreshToken: string | undefined): Promise<{ msg: string }> {
  const parsed = parseRefreshToken(refreshToken);
  if (parsed) {
    const { userId, sessionId, secret } = parsed;
    const session = await repo.getSession(userId, sessionId);
    const hash = sha256(secret);
    if (session && (session.tokenHash === hash || session.previousHash === hash)) await repo.deleteSession(userId, sessionId);
  }
  return { msg: MSG.loggedOut };
}

export async function currentUser(caller: Caller): Promise<Record<string, unknown>> {
  const user = await repo.getUser(caller.userId);
  if (!user || user.isDeleted || user.isBanned) throw new Unauthorized(MSG.sessionExpired);
  return toUserDto(user);
}

// Password reset --------------------------------------------------------------------------------

/** Answers the same whatever the address, so that nobody can learn who has an account. */
export async function forgotPassword(email: string): Promise<{ msg: string }> {
  const user = await repo.findUserByEmail(email);
  if (user && !user.isDeleted && !user.isBanned) {
    const token = randomSecret();
    const purpose = user.status === 'active' ? 'password-reset' : 'activation';
    const lifetime = purpose === 'activation' ? AUTH_TIMINGS.activationTokenSeconds : AUTH_TIMINGS.resetTokenSeconds;
    await repo.putToken(sha256(token), { purpose, userId: user.userId, expiresAt: nowSeconds() + lifetime });
    await repo.setCurrentToken(user.userId, purpose, sha256(token));
    // Past the cap nothing more is mailed, and the answer stays the same: it must not tell.
    if (!(await accountMailAllowance(user.email)).retryAfterSeconds) {
      await sendMail(purpose === 'activation' ? activationMail(user.email, token) : passwordResetMail(user.email, token));
    }
  }
  return { msg: MSG.resetEmailSent };
}

export async function resetPassword(token: string, password: string): Promise<{ msg: string }> {
  const hash = sha256(token);
  const record = await repo.getToken(hash);
  if (record?.purpose !== 'password-reset' || record.expiresAt <= nowSeconds()) throw new BadRequest(MSG.resetLinkInvalid);
  const passwordHash = await hashPassword(password);
  if (!(await repo.spendToken(hash, 'password-reset', record.userId, { set: { passwordHash }, remove: [] }))) throw new BadRequest(MSG.resetLinkInvalid);
  await repo.deleteAllSessions(record.userId);
  const user = await repo.getUser(record.userId);
  if (user) await repo.clearLoginFailures(user.email);
  return { msg: MSG.passwordResetDone };
}

// Contact ---------------------------------------------------------------------------------------

/** Stored first (kept 6 months), then mailed: a mail outage never loses a message. */
export async function contact(message: ContactBody): Promise<{ msg: string }> {
  const now = nowSeconds();
  await repo.putContactMessage(newId(), { ...message, createdAt: new Date().toISOString() }, now + RETENTION.contactMessageSeconds);
  try {
    await sendMail(contactMail(message));
  } catch (error) {
    logger.error('Contact message stored but not mailed', error as Error);
  }
  return { msg: MSG.contactSent };
}
