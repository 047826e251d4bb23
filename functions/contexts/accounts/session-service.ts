/**
 * Ending sessions, whatever the reason (logout, password reset, a reused refresh token, a ban, the
 * member in their sessions list): the account records it first, so the sessions' access tokens are
 * refused from that moment; then the realtime channel closes their sockets and refuses their unused
 * tickets. Every ending goes through here, so no live channel outlives its session.
 */
import type { SignedInSession } from '../../../shared/schemas/sessions';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { NotFound, Unauthorized } from '../../platform/errors';
import { nowSeconds } from '../../platform/table';
import { endSessions as closeRealtimeSessions, issueTicket } from '../realtime/service';
import { maskedAddress } from '../../../shared/device';
import * as repo from './repository';

export async function endSessions(userId: string, sessionIds: string[]): Promise<void> {
  await repo.endSessions(userId, sessionIds);
  await closeRealtimeSessions(userId, sessionIds);
}

/** Ends every session of the user, but `except` (the session that asked, when a password change keeps it). */
export async function endAllSessions(userId: string, except?: string): Promise<void> {
  await closeRealtimeSessions(userId, await repo.endAllSessions(userId, except));
}

/**
 * POST /realtime/ticket: a one-time ticket for a socket of the caller's session while it is open.
 * It records the session's absolute end, so that the socket it opens does not outlive the session.
 */
export async function issueRealtimeTicket(caller: Caller): Promise<{ ticket: string }> {
  const session = await repo.getSession(caller.userId, caller.sessionId);
  if (!session || session.kind !== caller.kind || session.expiresAt <= nowSeconds()) throw new Unauthorized(MSG.sessionExpired, 'session_expired');
  return { ticket: await issueTicket({ userId: caller.userId, sessionId: caller.sessionId, sessionEndsAt: session.expiresAt }) };
}

const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/**
 * GET /user/sessions: where the member is signed in, this one first, then the latest used. Open
 * sessions of the caller's kind only (a member has no admin session; the TTL deletes late).
 */
export async function listSessions(caller: Caller): Promise<{ sessions: SignedInSession[] }> {
  const sessions = (await repo.sessionsOf(caller.userId))
    .filter((session) => session.kind === caller.kind && session.expiresAt > nowSeconds())
    .map((session) => ({
      id: session.sessionId,
      userAgent: session.userAgent ?? '',
      place: maskedAddress(session.ip),
      startedAt: isoOf(session.startedAt),
      lastUsedAt: isoOf(session.lastUsedAt ?? session.rotatedAt ?? session.startedAt),
      current: session.sessionId === caller.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
  return { sessions };
}

/** Session ids are UUIDs: anything else names no session (and is never a key). */
const SESSION_ID = /^[0-9a-f-]{36}$/;

/** DELETE /user/sessions/{id}: one of the caller's own sessions ends; anyone else's is not found. */
export async function endOwnSession(caller: Caller, sessionId: string): Promise<{ msg: string }> {
  const session = SESSION_ID.test(sessionId) ? await repo.getSession(caller.userId, sessionId) : undefined;
  if (!session || session.kind !== caller.kind) throw new NotFound(MSG.sessionNotFound, 'session_not_found');
  await endSessions(caller.userId, [sessionId]);
  return { msg: MSG.sessionEnded };
}
