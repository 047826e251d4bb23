/**
 * The realtime context's service: tickets, the WebSocket's connections, and pushing events to them.
 *
 * - A ticket (POST /realtime/ticket) names the session it was asked in; the socket it opens belongs
 *   to that session and lives no longer: when accounts end a session (logout, password reset, a
 *   reused refresh token, a ban) they call `endSessions`, which closes its sockets and refuses its
 *   unused tickets; its absolute end caps the connection's lifetime.
 * - An account holds at most REALTIME.maxConnectionsPerAccount sockets: a new one closes the oldest.
 * - Events reach their recipients twice over: pushed by the write path once its transaction has
 *   committed (`announcement(...).pushNow`, best-effort), and by the notifications function from the
 *   table's stream (`pushStreamedEvent`, from the notifications function), which covers whatever the first push missed. Clients keep
 *   the first push of an event id.
 *
 * Other contexts come in as arguments where they are needed (the chats' membership for joinChat), so
 * that chats and accounts may call this service without a cycle.
 */
import { REALTIME } from '../../../shared/limits';
import type { Notice } from '../../../shared/schemas/notices';
import type { AuditEntryView } from '../../../shared/schemas/audit';
import { MSG } from '../../../shared/texts';
import { type Announcement, type PushedEvent, type RealtimeEvent, realtimeActionSchema } from '../../../shared/schemas/realtime';
import { config } from '../../platform/config';
import { newId } from '../../platform/crypto';
import { logger } from '../../platform/logger';
import { nowSeconds } from '../../platform/table';
import * as connections from './connections';
import type { ConnectionRecord } from './connections';
import { type EventRecord, eventPut, newAuditEventRecord, newEventRecord, pushedEventOf } from './events';
import * as tickets from './tickets';

// Tickets -----------------------------------------------------------------------------------------

/** A one-time ticket for a socket of a sign-in session that accounts found open, until its end (epoch seconds). */
export const issueTicket = tickets.issueTicket;

// Connections -------------------------------------------------------------------------------------

/**
 * Spends the ticket and stores the connection for its user and session; false when the ticket is
 * missing, spent, expired, or its session has ended. (The handler checked edge and Origin before.)
 */
export async function connect(connectionId: string, ticket: string | undefined): Promise<boolean> {
  const redeemed = await tickets.redeemTicket(ticket);
  if (!redeemed) return false;
  const { userId, sessionId, sessionEndsAt } = redeemed;
  const connection: ConnectionRecord = {
    connectionId,
    userId,
    sessionId,
    connectedAt: Date.now(),
    expiresAt: Math.min(nowSeconds() + REALTIME.connectionTtlSeconds, sessionEndsAt),
  };
  await connections.saveConnection(connection);
  // Stored first, checked then: a session ending meanwhile either finds this connection, or is found here.
  if (await connections.hasSessionEnded(userId, sessionId)) {
    await connections.removeConnection(connectionId, userId);
    return false;
  }
  await closeBeyondCap(connection);
  return true;
}

/**
 * Past the cap, the account's oldest connections give way to the new one, as a messenger's web
 * client does when opened once more: the newest tab is the one in use. The closed one is told
 * (`superseded`), and does not reconnect until its tab is shown again.
 */
async function closeBeyondCap(newest: ConnectionRecord): Promise<void> {
  const { connections: stored, endedSessions } = await connections.connectionsOf(newest.userId);
  const open = stored.filter((connection) => connections.isOpen(connection) && !endedSessions.has(connection.sessionId));
  const excess = open.length - REALTIME.maxConnectionsPerAccount;
  if (excess <= 0) return;
  const oldest = open.filter((connection) => connection.connectionId !== newest.connectionId).sort((a, b) => a.connectedAt - b.connectedAt);
  await Promise.all(
    oldest.slice(0, excess).map(async (connection) => {
      const superseded: RealtimeEvent = { type: 'superseded', eventId: newId() };
      await connections
        .postTo(connection.connectionId, JSON.stringify(superseded))
        .catch((error: unknown) => logger.warn('Superseded notice not sent', { error: error as Error }));
      await close(connection);
    }),
  );
}

/** Forgets the connection and closes it at the API (its $disconnect then finds nothing left to do). */
async function close(connection: ConnectionRecord): Promise<void> {
  await connections.removeConnection(connection.connectionId, connection.userId);
  await connections.closeAtApi(connection.connectionId);
}

export const disconnect = (connectionId: string) => connections.removeConnection(connectionId);

/** Whether the user has a socket open now, of a session that has not ended: a new message reaches them live. */
export async function isOnline(userId: string): Promise<boolean> {
  const { connections: stored, endedSessions } = await connections.connectionsOf(userId);
  return stored.some((connection) => connections.isOpen(connection) && !endedSessions.has(connection.sessionId));
}

/** Whether an account takes part in a chat: the chats context's rule, handed in by the caller. */
export type ChatMembership = (userId: string, chatId: string) => Promise<boolean>;

/**
 * Acknowledges a chat the connection's user takes part in; the client re-joins after every
 * reconnect. A connection the table no longer knows (its session ended) is closed.
 */
export async function joinChat(connectionId: string, body: string | undefined, isParticipant: ChatMembership): Promise<RealtimeEvent> {
  const action = parseAction(body);
  if (action?.action !== 'joinChat') return { type: 'error', msg: MSG.chatNotFound };
  const connection = await connections.getConnection(connectionId);
  if (!connection) {
    await connections.closeAtApi(connectionId);
    return { type: 'error', msg: MSG.realtimeAuthFailed };
  }
  return (await isParticipant(connection.userId, action.chatId)) ? { type: 'joined', chatId: action.chatId } : { type: 'error', msg: MSG.notYourChat };
}

/**
 * Answers a ping once the socket is known to be of a session still open. A session that ends while
 * one of its sockets is still in its $connect finds the socket stored, forgets it, and cannot close
 * it at the API yet (410, as for a gone one): it would open, deaf but open. The client pings as soon
 * as a socket opens, so such a socket is closed here, at once (decision 309).
 */
export async function pong(connectionId: string): Promise<RealtimeEvent> {
  const connection = await connections.getConnection(connectionId);
  if (connection && !(await connections.hasSessionEnded(connection.userId, connection.sessionId))) return { type: 'pong' };
  if (connection) await connections.removeConnection(connectionId, connection.userId);
  await connections.closeAtApi(connectionId);
  return { type: 'error', msg: MSG.realtimeAuthFailed };
}

/** The account and session of a socket while it is open, or undefined (it closed, or its session ended). */
export async function openConnection(connectionId: string): Promise<{ userId: string; sessionId: string } | undefined> {
  const connection = await connections.getConnection(connectionId);
  return connection && { userId: connection.userId, sessionId: connection.sessionId };
}

/**
 * Sends an event to those of the user's sockets named that are open, of a session that has not
 * ended, checked now (a room's signalling: only its sockets in the room hear it). Never throws for a
 * socket gone meanwhile.
 */
export async function sendToSockets(userId: string, connectionIds: readonly string[], event: RealtimeEvent): Promise<number> {
  if (connectionIds.length === 0) return 0;
  const { connections: stored, endedSessions } = await connections.connectionsOf(userId);
  const named = new Set(connectionIds);
  const open = stored.filter((connection) => named.has(connection.connectionId) && connections.isOpen(connection) && !endedSessions.has(connection.sessionId));
  const data = JSON.stringify(event);
  const outcomes = await Promise.all(open.map((connection) => connections.postTo(connection.connectionId, data).catch(() => 'gone' as const)));
  return outcomes.filter((outcome) => outcome === 'sent').length;
}

/** Tells one socket something outside a two-way route's answer (a refused relay); a socket gone meanwhile is fine. */
export async function tellSocket(connectionId: string, event: RealtimeEvent): Promise<void> {
  await connections
    .postTo(connectionId, JSON.stringify(event))
    .catch((error: unknown) => logger.warn('Socket not told', { connectionId, error: error as Error }));
}

function parseAction(body: string | undefined) {
  try {
    const parsed = realtimeActionSchema.safeParse(JSON.parse(body ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// Sessions ending -----------------------------------------------------------------------------------

/**
 * Sessions ended (accounts calls this after recording it): their unused tickets open nothing from
 * now on, and their sockets are forgotten, then closed. Recorded before the sockets are looked up,
 * so a socket opening meanwhile finds the record and closes itself (see `connect`).
 */
export async function endSessions(userId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await connections.recordEndedSessions(userId, sessionIds);
  const ended = new Set(sessionIds);
  const { connections: stored } = await connections.connectionsOf(userId);
  await Promise.all(stored.filter((connection) => ended.has(connection.sessionId)).map(close));
}

/** The Put that carries an admin action to the log (and its notice to the mail) through the table's stream, for the action's transaction. */
export const auditEventPut = (audit: AuditEntryView, notice?: Notice) => eventPut(config.tableName, newAuditEventRecord(audit, notice));

// Pushing events --------------------------------------------------------------------------------------

/**
 * An event announced with a change: `put` goes into the change's transaction; once that has
 * committed, `pushNow` sends the event to the recipients' open connections at once. It never
 * throws: whatever it misses, the table's stream delivers a moment later.
 */
export function announcement(recipients: string[], event: Announcement, notice?: Notice) {
  const record = newEventRecord(recipients, event, notice);
  return { put: eventPut(config.tableName, record), pushNow: () => pushNow(record) };
}

async function pushNow(record: EventRecord): Promise<void> {
  const event = pushedEventOf(record);
  if (!config.realtimeFastPath || !event) return;
  await Promise.all(
    record.recipients.map((userId) =>
      pushToUser(userId, event, 'fast-path').catch((error: unknown) =>
        logger.warn('Immediate push failed; the stream delivers it', { eventId: record.eventId, error: error as Error }),
      ),
    ),
  );
}

/**
 * Sends the event to every open connection of the user whose session has not ended, checked now.
 * The stream's push also forgets connections the API reports gone (410), and closes those it finds
 * past their session's end; the write path's push leaves that to it (it may only read connections).
 * A 410 from a connection stored a moment ago may mean its $connect has not returned yet: forgotten,
 * it would open deaf to every later push, so its $disconnect or a later push forgets it if gone.
 * Answers whether the user has the event live: a socket took it, or one still opening will fetch
 * what it missed once open.
 */
async function pushToUser(userId: string, event: PushedEvent, via: 'stream' | 'fast-path'): Promise<boolean> {
  const { connections: stored, endedSessions } = await connections.connectionsOf(userId);
  const data = JSON.stringify(event);
  const taken = await Promise.all(
    stored.map(async (connection) => {
      if (!connections.isOpen(connection) || endedSessions.has(connection.sessionId)) {
        if (via === 'stream') await close(connection);
        return false;
      }
      if ((await connections.postTo(connection.connectionId, data, via)) === 'sent') return true;
      if (connections.mayBeConnecting(connection)) return true;
      if (via === 'stream') {
        logger.debug('Connection gone, removed', { connectionId: connection.connectionId });
        await connections.removeConnection(connection.connectionId, userId);
      }
      return false;
    }),
  );
  return taken.includes(true);
}

/** The event a record of the table's stream inserted (undefined for any other record); throws when it is unreadable. */
export { eventOfStreamRecord } from './events';
export type { EventRecord } from './events';

/**
 * Pushes an event the table's stream handed over to every open connection of its recipients.
 * Answers the recipients who have it live (undefined for an event that is not pushed).
 */
export async function pushStreamedEvent(event: EventRecord): Promise<ReadonlySet<string> | undefined> {
  const pushed = pushedEventOf(event);
  if (!pushed) return undefined;
  const live = await Promise.all(event.recipients.map((userId) => pushToUser(userId, pushed, 'stream')));
  return new Set(event.recipients.filter((_, index) => live[index]));
}
