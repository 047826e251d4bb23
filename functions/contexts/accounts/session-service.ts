/**
 * Ending sessions, whatever the reason (logout, password reset, a reused refresh token, a ban):
 * the account records it first, so the sessions' access tokens are refused from that moment; then
 * the realtime channel closes their sockets and refuses their unused tickets. Every ending goes
 * through here, so no live channel outlives its session.
 */
import { endSessions as closeRealtimeSessions } from '../realtime/service';
import * as repo from './repository';

export async function endSessions(userId: string, sessionIds: string[]): Promise<void> {
  await repo.endSessions(userId, sessionIds);
  await closeRealtimeSessions(userId, sessionIds);
}

/** Ends every session of the user, but `except` (the session that asked, when a password change keeps it). */
export async function endAllSessions(userId: string, except?: string): Promise<void> {
  await closeRealtimeSessions(userId, await repo.endAllSessions(userId, except));
}
