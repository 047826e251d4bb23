import type { Domain } from '../../shared/routes';

/**
 * Every key of the single table, and the only place where key formats appear.
 *
 * Table: pk / sk, GSI1 (gsi1pk / gsi1sk), GSI2 (gsi2pk / gsi2sk), GSI3 (gsi3pk / gsi3sk), GSI4 (gsi4pk / gsi4sk,
 * members and their search entries only, projecting MEMBER_INDEX_FIELDS), TTL attribute `expiresAt` (epoch seconds).
 * GSI2 is sparse: only items with a status list to be in carry its keys. GSI3 is sparse too: paid
 * orders, whose GSI1 and GSI2 keys are taken by lists they enter and leave (reported, due), and banned members.
 *
 * Access patterns (docs/data-model.md repeats this list):
 * - user by id ............................ GetItem  pk=USER#<id>        sk=PROFILE
 * - user id by e-mail (unique) ............ GetItem  pk=EMAIL#<lower>    sk=EMAIL
 * - sessions of a user (revoke all) ....... Query    pk=USER#<id>        sk begins_with SESSION#
 * - an admin's second factor ............ GetItem  pk=USER#<id>        sk=SECOND_FACTOR (conditional updates: replay, recovery codes)
 * - one session (refresh rotation) ........ GetItem  pk=USER#<id>        sk=SESSION#<sessionId>
 * - a member's data export request ........ GetItem  pk=USER#<id>        sk=DATA_EXPORT (one per member, conditional on its status; TTL)
 * - one-time token (activation, reset) .... GetItem  pk=TOKEN#<sha256>   sk=TOKEN
 * - login attempts of an address ........... UpdateItem pk=LOGIN#<kind>#<lower> sk=ADDRESS (all clients)
 *   ... and of one client .................. UpdateItem pk=LOGIN#<kind>#<lower> sk=CLIENT#<network> (clientNetworkOf)
 *   ... all of them (cleared by a reset) ... Query    pk=LOGIN#<kind>#<lower>
 * - a rate limit's window ................. UpdateItem pk=RATE#<limit>#<subject> sk=RATE
 * - contact message (kept 6 months) ....... PutItem  pk=CONTACT#<id>     sk=CONTACT
 * - realtime connection ................... GetItem  pk=CONN#<connectionId> sk=CONN
 * - open connections of a user (pushes) ... Query    pk=CONN#USER#<userId> sk begins_with CONN#  (TTL 2 h)
 *   ... with the sessions that ended ....... Query    pk=CONN#USER#<userId> (ENDED#<sessionId>, TTL 2 h: no socket of theirs opens or hears)
 * - realtime ticket (one-time) ............ DeleteItem pk=TICKET#<sha256> sk=TICKET  (TTL 60 s)
 * - event to push (stream-fed) ............ PutItem  pk=EVENT#<id>        sk=EVENT   (TTL 1 day)
 * - a mail of an event, sent once ......... PutItem  pk=MAILED#<eventId> sk=MAIL#<mailKey> (conditional, TTL 2 days)
 * - message mails of a conversation ....... PutItem  pk=MAILED#MESSAGES#<userId> sk=CHAT#<chatId> (conditional on the window, TTL a day after it)
 * - windows with a summary due ............ Query    GSI2 gsi2pk=MAILED#DUE gsi2sk <= <now> (sparse: messages came after the window's mail)
 * - notices whose mails failed, due again .. Query    GSI2 gsi2pk=MAILED#PARKED gsi2sk <= <now> (sparse: pk=MAILED#<eventId> sk=PARKED, TTL 2 days)
 * - chat (one order) ...................... GetItem  pk=CHAT#<chatId>     sk=CHAT
 * - messages of a chat, by time ........... Query    pk=CHAT#<chatId>     sk begins_with MSG# (before / after a message id)
 * - a student's open chat about an offer .. GetItem  pk=CHAT#OPEN#<studentId>#<offerId> sk=OPEN
 * - a member's place in a chat ............ GetItem  pk=CHATS#<userId>    sk=CHAT#<chatId>  (unread count, read up to)
 * - a member's chats, latest activity first Query    GSI1 gsi1pk=CHATS#<userId> gsi1sk=<lastActivityAt>#<chatId>
 * - a member's unread messages in total ... GetItem  pk=CHATS#<userId>    sk=UNREAD
 * - an order (one per chat) ............... GetItem  pk=ORDER#<chatId>    sk=ORDER
 * - order numbers handed out in blocks .... UpdateItem pk=COUNTER#ORDERS sk=COUNTER (ADD: never contended)
 * - an order by its number ................ GetItem  pk=ORDERNUMBER#<n>    sk=ORDERNUMBER
 * - users by role, newest first ........... Query    GSI1 gsi1pk=ROLE#<role> gsi1sk=<createdAt>#<id>
 * - members (not admins), newest first .... Query    GSI4 gsi4pk=MEMBERS#LISTED / MEMBERS#ARCHIVED gsi4sk=<createdAt>#<id> (slim: MEMBER_INDEX_FIELDS only; the admin's users)
 * - banned members, newest first ........... Query    GSI3 gsi3pk=MEMBERS#BANNED gsi3sk=<createdAt>#<id> (sparse: the banned filter)
 * - members by a word prefix, newest first . Query    GSI4 gsi4pk=MEMBERS#WORD#<prefix> gsi4sk=<createdAt>#<id> (entries pk=USER#<id> sk=WORD#<prefix>: the admin's search)
 * - offer by id ........................... GetItem  pk=OFFER#<id>       sk=OFFER
 * - offers of an expert, newest first ..... Query    GSI1 gsi1pk=EXPERT#<expertId>#OFFERS gsi1sk=<createdAt>#<offerId>
 * - offers by status (moderation queue, ... Query    GSI2 gsi2pk=OFFERS#<status> gsi2sk=<submittedAt>#<offerId>
 *   the published catalogue)                (pending and approved only; archived and rejected leave it)
 * - changes to the catalogue since a time . Query    pk=CATALOGUE#CHANGES sk > <ISO time> (TTL 1 day)
 * - the review of an order (once) ......... PutItem  pk=OFFER#<offerId>  sk=REVIEW#<orderId> (conditional: one per order)
 * - an offer's reviews, newest first ...... Query    GSI2 gsi2pk=REVIEWS#OFFER#<offerId> gsi2sk=<createdAt>#<orderId>
 * - an expert's reviews, newest first ..... Query    GSI1 gsi1pk=EXPERT#<expertId>#REVIEWS gsi1sk=<createdAt>#<orderId>
 * - ratings of an offer and of an expert .. in the offer item (ratingSum, reviewsCount) and the user item (ratingSum, reviews):
 *                                           ADD with the review's Put, the average derived as sum / count
 * - an account's favourites ............... in the user item: favorites = { <offerId>: <savedAt> }
 * - a ledger entry (one per business event)  PutItem  pk=LEDGER#<entryId>  sk=ENTRY (conditional: recorded once)
 * - an account's ledger lines, by time ..... Query    pk=BALANCE#<account> sk=<at>#<entryId>#<line>
 * - an account's running total ............. GetItem  pk=BALANCE#<account> sk=TOTAL (per order or expert)
 * - an expert's credits, newest first ...... Query    GSI1 gsi1pk=CREDITS#<pending account> gsi1sk=<line's sk> (sparse)
 * - every running total of an expert ....... Query    GSI1 gsi1pk=TOTALS#EXPERTS gsi1sk=<account> (sparse: reconciliation)
 * - the latest reconciliation ............. GetItem  pk=RECONCILIATION#LATEST sk=RESULT
 * - the audit log, newest first ............ Query    pk=AUDIT#LOG sk=<at>#<id> (TTL 1 year)
 * - an admin's actions / a target's history  Query    GSI1 gsi1pk=AUDIT#ADMIN#<adminId> / GSI2 gsi2pk=AUDIT#TARGET#<id>, sk=<at>#<id>
 * - a report case ........................ GetItem  pk=REPORT#<caseId> sk=REPORT
 * - an item's open report case ............ GetItem  pk=REPORT#OPEN#<type>#<id> sk=OPEN (conditional: one at a time)
 * - report cases by status (admin queue) .. Query    GSI2 gsi2pk=REPORTS#<status> gsi2sk=<createdAt or resolvedAt>#<caseId>
 * - a withdrawal .......................... GetItem  pk=WITHDRAWAL#<id>   sk=WITHDRAWAL
 * - an expert's withdrawals, newest first . Query    GSI1 gsi1pk=EXPERT#<expertId>#WITHDRAWALS gsi1sk=<createdAt>#<id>
 * - withdrawals by status (admin queue) ... Query    GSI2 gsi2pk=WITHDRAWALS#<status> gsi2sk=<createdAt>#<id>
 * - an expert's paid-out total ............ GetItem  pk=EARNINGS#<expertId> sk=TOTALS (ADD with each payout paid)
 * - a provider event, processed once ....... PutItem  pk=PROVIDEREVENT#<eventId> sk=EVENT (TTL 7 days)
 * - a money move's attempt at the provider . GetItem  pk=PROVIDERMOVE#<operation> sk=ATTEMPT (the next taken conditionally, after a server error)
 * - a free introduction taken (once) ....... PutItem  pk=INTRO#<studentId>#<expertId> sk=INTRO (conditional)
 * - an expert's availability .............. GetItem  pk=AVAILABILITY#<expertId> sk=AVAILABILITY
 * - an expert's busy calendar (its address, its busy times) GetItem pk=AVAILABILITY#<expertId> sk=BUSY
 *   ... with their availability, for slots . Query    pk=AVAILABILITY#<expertId> (both items, one call)
 * - busy calendars to read (every 15 min) . Query    GSI2 gsi2pk=CALENDARS#READ (sparse: experts with an address)
 * - a person's calendar version ........... GetItem  pk=CALENDAR#<userId> sk=VERSION (every reservation is conditional on it)
 * - a person's bookings by start .......... Query    pk=CALENDAR#<userId> sk between BOOKING#<from> and BOOKING#<to>
 * - a member's calendar feed ............... GetItem  pk=CALENDAR#<userId> sk=FEED; by its address pk=CALFEED#<token's sha256> sk=FEED
 * - a room's sockets in it, and stays ..... Query    pk=ROOM#<orderId> (PRESENT#<userId>#<connectionId>, TTL past its close; STAY#<userId>#<from>)
 * - the room a socket joined .............. GetItem  pk=ROOM#CONN#<connectionId> sk=ROOM (TTL past the room's close)
 * - a room's TURN credentials ............. GetItem  pk=ROOM#<orderId> sk=ICE (until a minute before they end)
 * - a one-time migration, done ........... GetItem  pk=MIGRATION#<name> sk=DONE (written once it has run)
 * - every order (an operator's migration) . Scan     pk begins_with ORDER#, sk=ORDER (never in a request)
 * - every expert's totals (a migration) ... Scan     pk begins_with EARNINGS#, sk=TOTALS (the free orders' recount, never in a request)
 * - orders whose deadline is due ........... Query    GSI2 gsi2pk=ORDERS#DUE gsi2sk <= <now> (sparse)
 * - orders waiting for an admin ............ Query    GSI1 gsi1pk=ORDERS#REPORTED gsi1sk=<reportedAt>#<orderId> (sparse)
 * - paid orders, newest payment first ...... Query    GSI3 gsi3pk=ORDERS#PAID and ORDERS#DISPUTED, gsi3sk=<paidAt>#<orderId>, merged (sparse)
 * - orders money was taken back from ....... Query    GSI3 gsi3pk=ORDERS#DISPUTED (a dispute or a reversal: they leave ORDERS#PAID for it)
 * - the marketplace's counters (admin) ..... Query    pk=STATS#COUNTERS (16 shards sk=SHARD#<n>: ADD to one at random in the transaction of each write that moves one)
 * - the daily snapshots, by day ............ Query    pk=STATS#DAYS sk >= <YYYY-MM-DD> (one item a day, written once by the daily job)
 */
export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
/** The partition of GSI1 a user sits in by role (a change of role moves the user; the sort key stays). */
export const usersOfRole = (role: string) => ({ gsi1pk: `ROLE#${role}` });
export const userRoleIndex = (role: string, createdAt: string, userId: string) => ({ ...usersOfRole(role), gsi1sk: `${createdAt}#${userId}` });
/**
 * Accounts by the month of their last activity (sparse, GSI2): the retention job reads the months
 * up to its cut-off instead of scanning every account. A sign-in moves the account to this month.
 */
export const accountsActiveIn = (month: string) => ({ gsi2pk: `ACTIVE#${month}` });
export const accountActivityIndex = (lastActiveAt: string, userId: string) => ({
  ...accountsActiveIn(lastActiveAt.slice(0, 7)),
  gsi2sk: `${lastActiveAt}#${userId}`,
});

/**
 * The admin's users (decisions 181 and 206). GSI4 is slim: it projects only MEMBER_INDEX_FIELDS. Each
 * member's account sits in the listed or the archived partition, newest first (admins in neither);
 * a banned member's account also sits in GSI3's banned partition; and each listed member has one
 * entry per prefix of the words of their names and address (`WORD#<prefix>` beside the account),
 * in that prefix's partition of GSI4, newest first: a search reads the partition of one prefix.
 * Every list is ordered by the position `<createdAt>#<userId>`.
 */
export const MEMBERS_LISTED = 'MEMBERS#LISTED';
export const MEMBERS_ARCHIVED = 'MEMBERS#ARCHIVED';
export const MEMBERS_BANNED = 'MEMBERS#BANNED';
export const membersWithWord = (prefix: string) => `MEMBERS#WORD#${prefix}`;
export const memberPosition = (createdAt: string, userId: string) => `${createdAt}#${userId}`;
export const memberIndex = ({ role, isDeleted, createdAt, userId }: MemberKeyFields) =>
  role === 'admin' ? {} : { gsi4pk: isDeleted ? MEMBERS_ARCHIVED : MEMBERS_LISTED, gsi4sk: memberPosition(createdAt, userId) };
export const bannedMemberIndex = (createdAt: string, userId: string) => ({ gsi3pk: MEMBERS_BANNED, gsi3sk: memberPosition(createdAt, userId) });
export const memberWordKey = (userId: string, prefix: string) => ({ pk: `USER#${userId}`, sk: `WORD#${prefix}` });
export const memberWordIndex = (prefix: string, createdAt: string, userId: string) => ({
  gsi4pk: membersWithWord(prefix),
  gsi4sk: memberPosition(createdAt, userId),
});
interface MemberKeyFields {
  role: string;
  isDeleted?: boolean;
  createdAt: string;
  userId: string;
}

/** One list of members the admin's users read: the index, its keys' names, and where a page starts after a position. */
export interface MemberList {
  index: typeof GSI3 | typeof GSI4;
  partitionKey: 'gsi3pk' | 'gsi4pk';
  sortKey: 'gsi3sk' | 'gsi4sk';
  partition: string;
  startAfter(position: string): Record<string, unknown>;
}
export type MemberListName = { list: 'listed' | 'archived' | 'banned' } | { list: 'word'; prefix: string };
export function memberList(name: MemberListName): MemberList {
  const userIdAt = (position: string) => position.slice(position.lastIndexOf('#') + 1);
  if (name.list === 'banned') {
    return {
      index: GSI3,
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      partition: MEMBERS_BANNED,
      startAfter: (position) => ({ gsi3pk: MEMBERS_BANNED, gsi3sk: position, ...userKey(userIdAt(position)) }),
    };
  }
  const partition = name.list === 'word' ? membersWithWord(name.prefix) : name.list === 'archived' ? MEMBERS_ARCHIVED : MEMBERS_LISTED;
  const tableKey = (userId: string) => (name.list === 'word' ? memberWordKey(userId, name.prefix) : userKey(userId));
  return {
    index: GSI4,
    partitionKey: 'gsi4pk',
    sortKey: 'gsi4sk',
    partition,
    startAfter: (position) => ({ gsi4pk: partition, gsi4sk: position, ...tableKey(userIdAt(position)) }),
  };
}
export const MEMBER_INDEX_FIELDS = ['userId', 'role', 'firstName', 'lastName', 'name', 'email', 'status', 'isBanned', 'isDeleted'] as const;
export const emailKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });
/** An admin's second factor (secret, last used step, recovery code hashes): an item of its own, so no read of the account carries the secret. */
export const secondFactorKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'SECOND_FACTOR' });
export const sessionKey = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` });
export const sessionsOfUser = (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'SESSION#' });
/** A member's latest data export request; the jobs Lambda's stream mapping is filtered on this sort key (platform/stream-filters.ts). */
export const DATA_EXPORT_SK = 'DATA_EXPORT';
export const dataExportKey = (userId: string) => ({ pk: `USER#${userId}`, sk: DATA_EXPORT_SK });
export const tokenKey = (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' });
export const loginAttemptsOf = (kind: string, email: string) => ({ pk: `LOGIN#${kind}#${email.toLowerCase()}` });
export const loginAddressKey = (kind: string, email: string) => ({ ...loginAttemptsOf(kind, email), sk: 'ADDRESS' });
export const loginClientKey = (kind: string, email: string, clientNetwork: string) => ({ ...loginAttemptsOf(kind, email), sk: `CLIENT#${clientNetwork}` });
/** An admin account's budget of second-factor codes (decision 263): beside its login attempts, so that a password reset clears it with them. */
export const loginCodesKey = (email: string) => ({ ...loginAttemptsOf('admin', email), sk: 'CODES' });
export const rateKey = (limit: string, subject: string) => ({ pk: `RATE#${limit}#${subject.toLowerCase()}`, sk: 'RATE' });
export const contactKey = (messageId: string) => ({ pk: `CONTACT#${messageId}`, sk: 'CONTACT' });
export const connectionKey = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'CONN' });
export const connectionsOfUser = (userId: string) => ({ pk: `CONN#USER#${userId}`, skPrefix: 'CONN#' });
export const userConnectionKey = (userId: string, connectionId: string) => ({ pk: `CONN#USER#${userId}`, sk: `CONN#${connectionId}` });
export const endedSessionKey = (userId: string, sessionId: string) => ({ pk: `CONN#USER#${userId}`, sk: `ENDED#${sessionId}` });
export const ENDED_SESSION_PREFIX = 'ENDED#';
export const ticketKey = (ticketHash: string) => ({ pk: `TICKET#${ticketHash}`, sk: 'TICKET' });
/** Items under this prefix are events: the table's stream hands their inserts to the notifications function. */
export const EVENT_PREFIX = 'EVENT#';
export const eventKey = (eventId: string) => ({ pk: `${EVENT_PREFIX}${eventId}`, sk: 'EVENT' });
/** A mail of an event, claimed before it is sent: a retried event never sends it twice. */
export const mailSentKey = (eventId: string, mailKey: string) => ({ pk: `MAILED#${eventId}`, sk: `MAIL#${mailKey}` });
/** A member's window of message mails for one conversation: one mail per window at most (decision 187). */
export const messageMailWindowKey = (userId: string, chatId: string) => ({ pk: `MAILED#MESSAGES#${userId}`, sk: `CHAT#${chatId}` });
/** Windows whose end is to mail a summary of the messages that came after their mail (sparse, GSI2; decision 219). */
export const MESSAGE_SUMMARIES_DUE = 'MAILED#DUE';
export const messageSummaryDueIndex = (closesAt: string, userId: string, chatId: string) => ({
  gsi2pk: MESSAGE_SUMMARIES_DUE,
  gsi2sk: `${closesAt}#${userId}#${chatId}`,
});

/** An event's mails that the mail service failed to take: the schedule tries them again (sparse, GSI2; decision 284). */
export const parkedMailKey = (eventId: string) => ({ pk: `MAILED#${eventId}`, sk: 'PARKED' });
export const PARKED_MAILS_DUE = 'MAILED#PARKED';
export const parkedMailDueIndex = (dueAt: string, eventId: string) => ({ gsi2pk: PARKED_MAILS_DUE, gsi2sk: `${dueAt}#${eventId}` });

export const chatKey = (chatId: string) => ({ pk: `CHAT#${chatId}`, sk: 'CHAT' });
/**
 * A request sent with the sender's Idempotency-Key, for a day: the same key again is the same request
 * (decisions 286 and 308). The scope is a message's conversation, or what the request makes.
 */
export const sentRequestKey = (senderId: string, scope: string, key: string) => ({ pk: `SENT#${senderId}`, sk: `KEY#${scope}#${key}` });
export const messagesOf = (chatId: string) => ({ pk: `CHAT#${chatId}`, skPrefix: 'MSG#' });
export const messageKey = (chatId: string, messageId: string) => ({ pk: `CHAT#${chatId}`, sk: `MSG#${messageId}` });
export const openChatKey = (studentId: string, offerId: string) => ({ pk: `CHAT#OPEN#${studentId}#${offerId}`, sk: 'OPEN' });
export const chatMemberKey = (userId: string, chatId: string) => ({ pk: `CHATS#${userId}`, sk: `CHAT#${chatId}` });
export const chatPlacesOf = (userId: string) => ({ pk: `CHATS#${userId}`, skPrefix: 'CHAT#' });
export const chatsOfMember = (userId: string) => ({ gsi1pk: `CHATS#${userId}` });
export const chatMemberIndex = (userId: string, lastActivityAt: string, chatId: string) => ({
  ...chatsOfMember(userId),
  gsi1sk: `${lastActivityAt}#${chatId}`,
});
export const unreadTotalKey = (userId: string) => ({ pk: `CHATS#${userId}`, sk: 'UNREAD' });
export const orderKey = (orderId: string) => ({ pk: `${ORDER_PREFIX}${orderId}`, sk: 'ORDER' });
export const orderCounterKey = () => ({ pk: 'COUNTER#ORDERS', sk: 'COUNTER' });
export const orderNumberKey = (orderNumber: number) => ({ pk: `ORDERNUMBER#${orderNumber}`, sk: 'ORDERNUMBER' });
/** Orders by the time their next automatic move is due (sparse: only orders waiting on a clock). */
export const ORDERS_DUE = 'ORDERS#DUE';
/** Orders waiting for an admin's decision on a reported problem, oldest first (sparse, GSI1). */
export const ORDERS_REPORTED = 'ORDERS#REPORTED';
export const reportedOrderIndex = (reportedAt: string, orderId: string) => ({ gsi1pk: ORDERS_REPORTED, gsi1sk: `${reportedAt}#${orderId}` });
export const ordersDueIndex = (dueAt: string, orderId: string) => ({ gsi2pk: ORDERS_DUE, gsi2sk: `${dueAt}#${orderId}` });
/** Paid orders by payment time (sparse, GSI3): the admin's payments. */
export const ORDERS_PAID = 'ORDERS#PAID';
/** Paid orders with a dispute or a reversal, by payment time (sparse, GSI3): what experts may owe comes from them alone. */
export const ORDERS_DISPUTED = 'ORDERS#DISPUTED';
export type PaidOrderList = typeof ORDERS_PAID | typeof ORDERS_DISPUTED;
export const paidOrderIndex = (list: PaidOrderList, paidAt: string, orderId: string) => ({ gsi3pk: list, gsi3sk: `${paidAt}#${orderId}` });
export const introKey = (studentId: string, expertId: string) => ({ pk: `INTRO#${studentId}#${expertId}`, sk: 'INTRO' });
export const availabilityKey = (expertId: string) => ({ pk: `AVAILABILITY#${expertId}`, sk: 'AVAILABILITY' });
/** An expert's own calendar: its secret address and the busy times last read there, beside their availability. */
export const busyCalendarKey = (expertId: string) => ({ pk: `AVAILABILITY#${expertId}`, sk: 'BUSY' });
export const availabilityPartition = (expertId: string) => ({ pk: `AVAILABILITY#${expertId}` });
/** Every busy calendar, for the scheduled reads (sparse, GSI2). */
export const BUSY_CALENDARS_TO_READ = 'CALENDARS#READ';
export const busyCalendarsToReadIndex = (expertId: string) => ({ gsi2pk: BUSY_CALENDARS_TO_READ, gsi2sk: expertId });
export const calendarVersionKey = (userId: string) => ({ pk: `CALENDAR#${userId}`, sk: 'VERSION' });
/** A member's calendar feed: the hash of its address's token, to revoke it when a new one is made. */
export const calendarFeedKey = (userId: string) => ({ pk: `CALENDAR#${userId}`, sk: 'FEED' });
/** A feed's token (hashed), to find whose feed an address is. */
export const feedTokenKey = (tokenHash: string) => ({ pk: `CALFEED#${tokenHash}`, sk: 'FEED' });
/** A booking's place in a person's calendar, ordered by its start (an ISO instant in UTC). */
export const calendarBookingKey = (userId: string, start: string, orderId: string) => ({ pk: `CALENDAR#${userId}`, sk: `BOOKING#${start}#${orderId}` });
/** A booked call's room (docs/rooms.md): the sockets in it, each participant's stays, its TURN credentials. */
export const roomPartition = (orderId: string) => ({ pk: `ROOM#${orderId}` });
export const roomPresenceKey = (orderId: string, userId: string, connectionId: string) => ({ pk: `ROOM#${orderId}`, sk: `PRESENT#${userId}#${connectionId}` });
export const ROOM_PRESENCE_PREFIX = 'PRESENT#';
export const roomStayKey = (orderId: string, userId: string, from: string) => ({ pk: `ROOM#${orderId}`, sk: `STAY#${userId}#${from}` });
export const ROOM_STAY_PREFIX = 'STAY#';
export const roomIceKey = (orderId: string) => ({ pk: `ROOM#${orderId}`, sk: 'ICE' });
export const roomSocketKey = (connectionId: string) => ({ pk: `ROOM#CONN#${connectionId}`, sk: 'ROOM' });
export const migrationKey = (name: string) => ({ pk: `MIGRATION#${name}`, sk: 'DONE' });
export const ORDER_PREFIX = 'ORDER#';
export const calendarBookingBound = (userId: string, at: string) => ({ pk: `CALENDAR#${userId}`, sk: `BOOKING#${at}` });

export const ledgerEntryKey = (entryId: string) => ({ pk: `LEDGER#${entryId}`, sk: 'ENTRY' });
export const ledgerLinesOf = (account: string) => ({ pk: `BALANCE#${account}` });
export const ledgerLineKey = (account: string, at: string, entryId: string, line: number) => ({ ...ledgerLinesOf(account), sk: `${at}#${entryId}#${line}` });
export const withdrawalKey = (withdrawalId: string) => ({ pk: `WITHDRAWAL#${withdrawalId}`, sk: 'WITHDRAWAL' });
/** The ids of an expert's withdrawals waiting for an admin (decision 269): a set, so that a decision takes its own out once. */
export const pendingWithdrawalsKey = (expertId: string) => ({ pk: `WITHDRAWAL#EXPERT#${expertId}`, sk: 'PENDING' });
/** An expert's withdrawals, newest first (GSI1). */
export const expertWithdrawalsOf = (expertId: string) => ({ gsi1pk: `EXPERT#${expertId}#WITHDRAWALS` });
export const expertWithdrawalIndex = (expertId: string, createdAt: string, withdrawalId: string) => ({
  ...expertWithdrawalsOf(expertId),
  gsi1sk: `${createdAt}#${withdrawalId}`,
});
/** Withdrawals by status, oldest first: the admin's queue (GSI2). */
export const withdrawalsWithStatus = (status: string) => ({ gsi2pk: `WITHDRAWALS#${status}` });
export const withdrawalStatusIndex = (status: string, createdAt: string, withdrawalId: string) => ({
  ...withdrawalsWithStatus(status),
  gsi2sk: `${createdAt}#${withdrawalId}`,
});
/** An expert's earnings counters (paid out so far), added to with each payout paid. */
export const earningsTotalsKey = (expertId: string) => ({ pk: `EARNINGS#${expertId}`, sk: 'TOTALS' });
/** An account's running total, after its lines in the partition (an ISO time sorts before `TOTAL`). */
/** The credit lines of an expert's pending account, newest first (sparse, GSI1): the earnings page's orders, without the settlements beside them. */
export const expertCreditsOf = (account: string) => ({ gsi1pk: `CREDITS#${account}` });
export const expertCreditIndex = (account: string, lineSortKey: string) => ({ ...expertCreditsOf(account), gsi1sk: lineSortKey });
export const ledgerTotalKey = (account: string) => ({ ...ledgerLinesOf(account), sk: 'TOTAL' });
/**
 * The running totals of every expert's accounts (`expert:…`, `connected:…`, `debt:…`), found by the
 * reconciliation job without a Scan: each such total carries these index keys (GSI1, sparse).
 */
export const EXPERT_TOTALS = 'TOTALS#EXPERTS';
export const expertTotalsIndex = (account: string) => ({ gsi1pk: EXPERT_TOTALS, gsi1sk: account });
/** The latest reconciliation of the ledger with the provider's balances: one item, replaced by each run. */
export const reconciliationKey = () => ({ pk: 'RECONCILIATION#LATEST', sk: 'RESULT' });
export const AUDIT_LOG = 'AUDIT#LOG';
export const auditKey = (position: string) => ({ pk: AUDIT_LOG, sk: position });
export const auditOfAdmin = (adminId: string) => `AUDIT#ADMIN#${adminId}`;
export const auditOfTarget = (targetId: string) => `AUDIT#TARGET#${targetId}`;
export const auditIndexes = (position: string, adminId: string, targetId: string) => ({
  gsi1pk: auditOfAdmin(adminId),
  gsi1sk: position,
  gsi2pk: auditOfTarget(targetId),
  gsi2sk: position,
});
/** A reported item's case (decision 172): its reports, kept together until an admin resolves them. */
export const reportCaseKey = (caseId: string) => ({ pk: `REPORT#${caseId}`, sk: 'REPORT' });
/** The open case of an item, if any: one at a time, so that every report of the item joins it. */
export const openReportKey = (targetType: string, targetId: string) => ({ pk: `REPORT#OPEN#${targetType}#${targetId}`, sk: 'OPEN' });
/** Cases by status (GSI2): open ones by their first report, oldest first; resolved ones by their resolution. */
export const reportCasesWithStatus = (status: string) => ({ gsi2pk: `REPORTS#${status}` });
export const reportCaseStatusIndex = (status: string, at: string, caseId: string) => ({ ...reportCasesWithStatus(status), gsi2sk: `${at}#${caseId}` });
export const providerEventKey = (eventId: string) => ({ pk: `PROVIDEREVENT#${eventId}`, sk: 'EVENT' });
/** A money move's attempt at the provider (decision 279): which key its next try uses, after a server error spent one. */
export const providerAttemptKey = (operation: string) => ({ pk: `PROVIDERMOVE#${operation}`, sk: 'ATTEMPT' });

export const offerKey = (offerId: string) => ({ pk: `OFFER#${offerId}`, sk: 'OFFER' });
export const expertOffersOf = (expertId: string) => ({ gsi1pk: `EXPERT#${expertId}#OFFERS` });
export const expertOffersIndex = (expertId: string, createdAt: string, offerId: string) => ({ ...expertOffersOf(expertId), gsi1sk: `${createdAt}#${offerId}` });

export const offersWithStatus = (status: string) => ({ gsi2pk: `OFFERS#${status}` });
export const offerStatusIndex = (status: string, submittedAt: string, offerId: string) => ({
  ...offersWithStatus(status),
  gsi2sk: `${submittedAt}#${offerId}`,
});

/** A review, keyed by its order (an order names one offer): a second review of the order is refused by the key. */
export const reviewKey = (offerId: string, orderId: string) => ({ pk: `OFFER#${offerId}`, sk: `REVIEW#${orderId}` });
/** A student's voice in an expert's rating (decision 272): the review of theirs that counts, their latest. */
export const expertVoiceKey = (expertId: string, studentId: string) => ({ pk: `VOICE#EXPERT#${expertId}`, sk: `STUDENT#${studentId}` });
/** A student's voice in an offer's rating (decision 272). */
export const offerVoiceKey = (offerId: string, studentId: string) => ({ pk: `VOICE#OFFER#${offerId}`, sk: `STUDENT#${studentId}` });
export const reviewsOfOffer = (offerId: string) => ({ gsi2pk: `REVIEWS#OFFER#${offerId}` });
export const offerReviewsIndex = (offerId: string, createdAt: string, orderId: string) => ({ ...reviewsOfOffer(offerId), gsi2sk: `${createdAt}#${orderId}` });
export const reviewsOfExpert = (expertId: string) => ({ gsi1pk: `EXPERT#${expertId}#REVIEWS` });
export const expertReviewsIndex = (expertId: string, createdAt: string, orderId: string) => ({
  ...reviewsOfExpert(expertId),
  gsi1sk: `${createdAt}#${orderId}`,
});

/** One partition of recent catalogue changes, read by every search index to stay fresh (decisions.md). */
export const CATALOGUE_CHANGES_PK = 'CATALOGUE#CHANGES';
export const catalogueChangeKey = (at: string, kind: 'expert' | 'offer', id: string) => ({ pk: CATALOGUE_CHANGES_PK, sk: `${at}#${kind}#${id}` });

/** The admin's statistics: the running counters, and one snapshot of them (with the day's orders and fees) per day. */
export const STATISTICS_COUNTERS = 'STATS#COUNTERS';
export const statisticsCounterShardKey = (shard: number) => ({ pk: STATISTICS_COUNTERS, sk: `SHARD#${shard}` });
export const STATISTICS_DAYS = 'STATS#DAYS';
export const statisticsDayKey = (day: string) => ({ pk: STATISTICS_DAYS, sk: day });

export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';
export const GSI3 = 'gsi3';
export const GSI4 = 'gsi4';

/**
 * Which partition-key prefixes each Lambda may touch: the infra grants table rights with a
 * `dynamodb:LeadingKeys` condition built from this map, and nothing else. `readWrite` items may be
 * read and written, `read` items only read, `index` prefixes of the GSIs' partition keys only
 * queried (GSI1 and GSI2 prefixes never overlap). Every API
 * domain reads the caller's session (USER#<id> / SESSION#<sid>) on each signed-in request.
 */
export interface TableAccess {
  readWrite: readonly string[];
  read: readonly string[];
  index: readonly string[];
}

export const TABLE_ACCESS: Record<Domain | 'websocket' | 'notifications' | 'searchIndexer' | 'pages', TableAccess> = {
  health: { readWrite: [], read: [], index: [] },
  // An expert's page rendered per request (decision 297): the account, its offers and its reviews, as the catalogue reads them.
  pages: { readWrite: [], read: ['USER#'], index: ['EXPERT#', 'REVIEWS#'] },
  // STATS#: an activation counts the account in the admin's statistics.
  auth: { readWrite: ['USER#', 'EMAIL#', 'TOKEN#', 'LOGIN#', 'RATE#', 'CONTACT#', 'CATALOGUE#', 'CONN#', 'STATS#'], read: [], index: [] },
  // REPORT#, RATE#: members' reports (decision 171), counted against their limit; CHAT#, REVIEWS#: the reported message or review.
  // EMAIL#, TOKEN#, LOGIN#, CATALOGUE#: a member's own profile (an e-mail change proven by the password, search hears of it).
  users: { readWrite: ['USER#', 'EMAIL#', 'TOKEN#', 'LOGIN#', 'RATE#', 'CATALOGUE#', 'REPORT#'], read: ['OFFER#', 'CHATS#', 'CHAT#'], index: ['REVIEWS#'] },
  // USER#: a review adds to its expert's rating counters (the accounts context's update, ADD only).
  // STATS#: each offer's create, approval, edit and retirement moves the admin's counters.
  // AUDIT#, EVENT#: an admin's moderation records its audit entry, and the event that mails the expert, with the change.
  // VOICE#: each student's counted review of an expert and of an offer (decision 272).
  // SENT#: an offer created with its expert's Idempotency-Key (decision 308).
  catalogue: {
    readWrite: ['OFFER#', 'CATALOGUE#', 'USER#', 'STATS#', 'AUDIT#', 'EVENT#', 'VOICE#', 'SENT#'],
    read: ['ORDER#', 'ORDERNUMBER#'],
    index: ['EXPERT#', 'OFFERS#', 'ROLE#', 'REVIEWS#'],
  },
  chats: {
    readWrite: ['CHAT#', 'CHATS#', 'ORDER#', 'ORDERNUMBER#', 'COUNTER#', 'EVENT#', 'TICKET#', 'RATE#', 'SENT#'],
    read: ['USER#', 'OFFER#', 'CONN#'],
    index: ['CHATS#'],
  },
  orders: {
    // STATS#: the daily job writes the statistics' snapshot.
    // AUDIT#: an admin's decision on a withdrawal or a reported problem is recorded with it.
    readWrite: [
      'ORDER#',
      'INTRO#',
      'AVAILABILITY#',
      'CALENDAR#',
      // CALFEED#: the members' calendar feeds' addresses, made and revoked here (their files are the calendars Lambda's).
      'CALFEED#',
      // RATE#: the free slots' limit per client.
      'RATE#',
      'LEDGER#',
      'BALANCE#',
      'PROVIDEREVENT#',
      // PROVIDERMOVE#: the attempt of a money move whose key a provider's server error spent (decision 279).
      'PROVIDERMOVE#',
      'EVENT#',
      'USER#',
      'CATALOGUE#',
      'WITHDRAWAL#',
      'EARNINGS#',
      'RECONCILIATION#',
      'STATS#',
      'AUDIT#',
      // LOGIN#: a money decision's step-up judges the admin's code within the account's budget (decisions 263, 265).
      'LOGIN#',
      // SENT#: a withdrawal asked for with its expert's Idempotency-Key (decision 308).
      'SENT#',
    ],
    // ORDERNUMBER#: the admin's payments find an order by its number.
    read: ['CHAT#', 'CHATS#', 'CONN#', 'ORDERNUMBER#'],
    // GSI2 ORDERS#DUE (deadlines), GSI1 ORDERS#REPORTED (problems), GSI3 ORDERS#PAID and ORDERS#DISPUTED
    // (the admin's payments): the same prefix on the three indexes;
    // an expert's withdrawals (GSI1 EXPERT#<id>#WITHDRAWALS) and the admin's queue (GSI2 WITHDRAWALS#<status>);
    // an expert's credits (GSI1 CREDITS#<account>); every expert's running totals (GSI1 TOTALS#EXPERTS), which reconciliation checks.
    // GSI1 CHATS#<id>: a member's orders (their order history, and an admin's view of it).
    index: ['ORDERS#', 'EXPERT#', 'WITHDRAWALS#', 'CREDITS#', 'TOTALS#', 'CHATS#'],
  },
  // AUDIT#, EVENT#: the audit log and the events that carry its entries to the log.
  // REPORT#: the reports queue; CHAT#, CHATS#, OFFER#, CATALOGUE#, USER#: hiding reported content
  // (a message and its previews, a review and its ratings, an offer) through their contexts' services.
  // STATS#: the statistics' counters and snapshots, and the counts a hidden offer moves.
  // A ban: USER# (the flag, the sessions), CATALOGUE# (search learns of it), CONN# (the sockets closed), ORDER# (the orders
  // cancelled, found through the member's conversations, GSI1 CHATS#<id>).
  // USER#, EMAIL#, CATALOGUE#, CONN#: the admin's users (create, edit, archive, verify; their sessions
  // and sockets end, search hears of it; TOKEN#, RATE#: an e-mail change's link); OFFER#, CHATS#: whether a role change would orphan anything.
  // USER# (SECOND_FACTOR), LOGIN#: an admin's own change of authenticator secret, proven like a login.
  admin: {
    readWrite: [
      'AUDIT#',
      'EVENT#',
      'REPORT#',
      'CHAT#',
      'CHATS#',
      'OFFER#',
      'CATALOGUE#',
      'USER#',
      'EMAIL#',
      'TOKEN#',
      'RATE#',
      'CONN#',
      'STATS#',
      'ORDER#',
      'LOGIN#',
      // A ban's cancellations free the bookings' time.
      'CALENDAR#',
      // A hidden review that counted leaves its student's voice (decision 272).
      'VOICE#',
    ],
    // ROOM#: a ban reads who attended a session held (decision 262).
    read: ['ROOM#'],
    index: ['AUDIT#', 'REPORTS#', 'MEMBERS#', 'EXPERT#', 'CHATS#'],
  },
  // A member's export and deletion, and retention: every context's data of one account, each read
  // or written through its own context's service (decision 166). USER#: the export request too;
  // EVENT#: the event that pushes and mails its end; RATE#: the requests' limit (decisions 200, 201).
  jobs: {
    // AVAILABILITY#, CALENDAR#, CALFEED#: a deleted member's hours, calendar address and feed.
    // LOGIN#: a deletion's password proof counts as a login guess; CHATS#: the deleted member's name leaves the others' chat lists.
    readWrite: [
      'USER#',
      'EMAIL#',
      'OFFER#',
      'CATALOGUE#',
      'CHAT#',
      'CHATS#',
      'CONN#',
      'TICKET#',
      'STATS#',
      'EVENT#',
      'RATE#',
      'AVAILABILITY#',
      'CALENDAR#',
      'CALFEED#',
      'LOGIN#',
    ],
    read: ['ORDER#', 'ORDERNUMBER#', 'CHATS#', 'LEDGER#', 'BALANCE#', 'WITHDRAWAL#'],
    index: ['ACTIVE#', 'CHATS#', 'EXPERT#'],
  },
  // ROOM#, RATE#: a room's sockets, stays and signalling limit; ORDER#: whose room it is and when, and a no-show report whose
  // absent side came after all (its move, with its EVENT#).
  websocket: { readWrite: ['CONN#', 'TICKET#', 'ROOM#', 'RATE#', 'ORDER#', 'EVENT#'], read: ['CHATS#'], index: [] },
  // ORDER#, WITHDRAWAL#, OFFER#, USER#: a notice is mailed from the order, withdrawal or offer as it is, to its people's addresses
  // (and as their preferences allow); CHATS#, CHAT#: a message's mail counts the reader's unread messages of the conversation.
  // GSI2 MAILED#DUE: the windows whose end mails a summary of the later messages (its schedule); MAILED#PARKED: the notices whose mails failed.
  notifications: { readWrite: ['CONN#', 'MAILED#'], read: ['ORDER#', 'WITHDRAWAL#', 'OFFER#', 'USER#', 'CHATS#', 'CHAT#'], index: ['MAILED#'] },
  searchIndexer: { readWrite: [], read: [], index: ['ROLE#', 'OFFERS#'] },
  // AVAILABILITY#: the experts' busy calendars (the address, the busy times read there), beside their hours;
  // RATE#: the saves' and the feed files' limits; USER#: the caller's session, and whether a feed's account is open.
  // GSI2 CALENDARS#READ: the calendars the schedule reads. CALFEED#, CALENDAR#: a feed's owner and their bookings, read only.
  calendars: { readWrite: ['AVAILABILITY#', 'RATE#'], read: ['USER#', 'CALFEED#', 'CALENDAR#'], index: ['CALENDARS#'] },
  // ROOM#: a room's stays and TURN credentials; RATE#: the look-ups' limit; ORDER#, CHAT#, USER#: whose room, what
  // call (the offer as the conversation began), the people's names and the caller's session; CALENDAR#: the member's sessions.
  // ORDER#, EVENT#, CONN#: a no-show report moves the order, with its event pushed to both sides' sockets.
  rooms: { readWrite: ['ROOM#', 'RATE#', 'ORDER#', 'EVENT#'], read: ['CHAT#', 'USER#', 'CALENDAR#', 'CONN#'], index: [] },
};
