/**
 * Every key of the single table, and the only place where key formats appear.
 *
 * Table: pk / sk, GSI1 (gsi1pk / gsi1sk), TTL attribute `expiresAt` (epoch seconds).
 *
 * Access patterns (docs/data-model.md repeats this list):
 * - user by id ............................ GetItem  pk=USER#<id>        sk=PROFILE
 * - user id by e-mail (unique) ............ GetItem  pk=EMAIL#<lower>    sk=EMAIL
 * - sessions of a user (revoke all) ....... Query    pk=USER#<id>        sk begins_with SESSION#
 * - one session (refresh rotation) ........ GetItem  pk=USER#<id>        sk=SESSION#<sessionId>
 * - one-time token (activation, reset) .... GetItem  pk=TOKEN#<sha256>   sk=TOKEN
 * - failed logins of an address ........... GetItem  pk=LOGINFAIL#<lower> sk=LOGINFAIL
 * - account mails sent to an address ...... UpdateItem pk=MAILS#<lower>   sk=MAILS
 * - contact message (kept 6 months) ....... PutItem  pk=CONTACT#<id>     sk=CONTACT
 * - realtime connection ................... GetItem  pk=CONN#<connectionId> sk=CONN
 * - users by role, newest first ........... Query    GSI1 gsi1pk=ROLE#<role> gsi1sk=<createdAt>#<id>
 * - offer by id ........................... GetItem  pk=OFFER#<id>       sk=OFFER
 * - offers of an expert, newest first ..... Query    GSI1 gsi1pk=EXPERT#<professorId>#OFFERS gsi1sk=<createdAt>#<offerId>
 */
export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
export const userRoleIndex = (role: string, createdAt: string, userId: string) => ({ gsi1pk: `ROLE#${role}`, gsi1sk: `${createdAt}#${userId}` });
export const emailKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });
export const sessionKey = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` });
export const sessionsOfUser = (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'SESSION#' });
export const tokenKey = (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' });
export const loginFailuresKey = (email: string) => ({ pk: `LOGINFAIL#${email.toLowerCase()}`, sk: 'LOGINFAIL' });
export const accountMailsKey = (email: string) => ({ pk: `MAILS#${email.toLowerCase()}`, sk: 'MAILS' });
export const contactKey = (messageId: string) => ({ pk: `CONTACT#${messageId}`, sk: 'CONTACT' });
export const connectionKey = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });

export const offerKey = (offerId: string) => ({ pk: `OFFER#${offerId}`, sk: 'OFFER' });
export const expertOffersIndex = (professorId: string, createdAt: string, offerId: string) => ({ gsi1pk: `EXPERT#${professorId}#OFFERS`, gsi1sk: `${createdAt}#${offerId}` });

export const GSI1 = 'gsi1';
