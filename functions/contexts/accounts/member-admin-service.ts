/**
 * The admin's users (spec 2 section 7, Admin): the members list and archive, edits, archiving and
 * restoring, accounts an admin creates, and the Verified badge. Admin accounts are never listed or
 * changed here. Every change is written with its audit entry in one transaction (decisions 181-185).
 */
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import type { AdminUserRow, AdminUsersPage, AdminUsersQuery } from '../../../shared/schemas/admin';
import { hashPassword, newId } from '../../platform/crypto';
import type { MemberListName } from '../../platform/keys';
import { BadRequest, Conflict, Contention, NotFound } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { type AdminActor, type AdminAction, auditWrites, recordAdminAction } from '../audit/service';
import { hasOffers } from '../catalogue/offer-service';
import { hasConversations } from '../chats/service';
import { catalogueChangePut } from '../search/catalogue-changes';
import { accountCountWrite, accountRoleChangeWrite } from '../statistics/counter-writes';
import type { AccountRecord } from './account';
import { requestEmailChange } from './email-change-service';
import { welcomeMail } from './mails';
import * as members from './member-repository';
import { type MemberQuery, matchesQuery, memberQuery } from './member-search';
import * as repo from './repository';
import { endAllSessions } from './session-service';

const PAGE = LIMITS.adminUsersPageSize;

export type Member = AccountRecord & { role: 'user' | 'professor' };

export function toAdminUserRow(account: Member): AdminUserRow {
  return {
    _id: account.userId,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    role: account.role,
    status: account.status,
    isBanned: account.isBanned === true,
    isDeleted: account.isDeleted === true,
    ...(account.role === 'professor' && { isVerified: account.isVerified === true }),
    ...(account.verifiedNote !== undefined && { verifiedNote: account.verifiedNote }),
    ...(account.verifiedAt !== undefined && { verifiedAt: account.verifiedAt }),
    mustChangePassword: account.mustChangePassword === true,
    createdAt: account.createdAt,
    ...(account.lastLoginAt !== undefined && { lastLoginAt: account.lastLoginAt }),
    ...(account.profilePhoto !== undefined && { profilePhoto: account.profilePhoto }),
  };
}

const isMember = (account: AccountRecord | undefined): account is Member => account !== undefined && account.role !== 'admin';

const encode = (position: string) => Buffer.from(position).toString('base64url');
function decode(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[\w-]{1,64}$/.test(position)) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
  return position;
}

/**
 * The list a page is read from (decision 206): the one that holds only what the filters answer,
 * the narrowest first. Archived members and banned ones are few; a search reads the entries of one
 * word prefix; the role is a filter on that list.
 */
function listOf(archived: boolean, banned: boolean | undefined, search: MemberQuery | undefined): MemberListName {
  if (archived) return { list: 'archived' };
  if (banned) return { list: 'banned' };
  if (search) return { list: 'word', prefix: search.prefix };
  return { list: 'listed' };
}

/** GET /admin/users (archived: false) and GET /admin/archived-users (archived: true). */
export async function listMembers(query: AdminUsersQuery, archived: boolean): Promise<AdminUsersPage> {
  const search = query.q ? memberQuery(query.q) : undefined;
  const after = decode(query.cursor);
  // A search of no letter or digit ("--") matches nobody.
  if (query.q && !search) return { users: [] };
  const page = await members.memberIds(
    listOf(archived, query.banned, search),
    (entry) =>
      (entry.isDeleted === true) === archived &&
      (query.role === undefined || entry.role === query.role) &&
      (query.banned === undefined || (entry.isBanned === true) === query.banned) &&
      (search === undefined || matchesQuery(entry, search)),
    PAGE,
    after,
  );
  const accounts = await repo.getAccounts(page.ids);
  const users = page.ids
    .map((id) => accounts.get(id))
    .filter(isMember)
    .map(toAdminUserRow);
  return { users, ...(page.next && { nextCursor: encode(page.next) }) };
}

async function memberOrNotFound(userId: string): Promise<Member> {
  const account = await repo.getAccount(userId, { consistent: true });
  if (!isMember(account)) throw new NotFound(MSG.userNotFound, 'user_not_found');
  return account;
}

const labelOf = (account: AccountRecord) => `${account.firstName} ${account.lastName} <${account.email}>`;

function action(member: Member, name: AdminAction['action'], details?: AdminAction['details']): AdminAction {
  return { action: name, target: { type: 'user', id: member.userId, label: labelOf(member) }, ...(details && { details }) };
}

/** What search must hear of: an expert's names, listing and badge show on cards and profiles. */
const searchHears = (member: Member, role = member.role) =>
  member.role === 'professor' || role === 'professor' ? [catalogueChangePut('expert', member.userId, member.userId)] : [];

/** Applies a change read a moment ago; a member changed meanwhile answers 503 contention, to be retried on a fresh read. */
async function apply(
  member: Member,
  set: Parameters<typeof members.updateMember>[1],
  remove: Parameters<typeof members.updateMember>[2],
  writes: members.ExtraWrites,
) {
  if (!(await members.updateMember(member, set, remove, writes))) throw new Contention(`member ${member.userId}`);
}

/**
 * PATCH /admin/update-user/{id}: names, role and e-mail (decision 182; the address re-verified, decision 191). A role change is refused while it
 * would orphan anything: an expert's offers (and through them orders and money), or a student's
 * conversations (and orders).
 */
export async function updateMember(
  actor: AdminActor,
  userId: string,
  body: { firstName?: string; lastName?: string; email?: string; role?: 'user' | 'professor' },
): Promise<{ msg: string; user: AdminUserRow }> {
  const member = await memberOrNotFound(userId);
  const { email, ...fields } = body;
  const changed: Partial<typeof fields> = Object.fromEntries(
    Object.entries(fields).filter(([field, value]) => value !== undefined && value !== member[field as keyof typeof fields]),
  );
  const emailChanged = email !== undefined && email.toLowerCase() !== member.email.toLowerCase();
  if (Object.keys(changed).length === 0 && !emailChanged) throw new BadRequest(MSG.noChanges, 'bad_request');
  if (changed.role === 'user' && (await hasOffers(userId))) throw new Conflict(MSG.memberHasOffers, 'role_change_refused');
  if (changed.role === 'professor' && (await hasConversations(userId))) throw new Conflict(MSG.memberHasConversations, 'role_change_refused');
  // An address an admin sets counts once its owner confirms it, as the member's own change does (decision 191); the old one is told.
  if (emailChanged) {
    await requestEmailChange(userId, email, 'admin');
    await recordAdminAction(actor, action(member, 'user.email-change', { to: email }));
  }
  if (Object.keys(changed).length === 0) return { msg: MSG.memberEmailChangeRequested, user: toAdminUserRow(member) };
  const details = Object.fromEntries(Object.entries(changed).map(([field, value]) => [field, `${member[field as keyof typeof fields]} → ${value}`]));
  await apply(
    member,
    changed,
    [],
    [
      ...(await auditWrites(actor, action(member, 'user.update', details))),
      ...searchHears(member, body.role),
      ...(changed.role && member.status === 'active' && !member.isDeleted ? accountRoleChangeWrite(member.role, changed.role) : []),
    ],
  );
  return { msg: emailChanged ? MSG.memberEmailChangeRequested : MSG.memberUpdated, user: toAdminUserRow({ ...member, ...changed }) };
}

/**
 * DELETE /admin/users/{id}: archives the member (decision 183). They cannot sign in, every session
 * and socket ends at once, their offers leave search; nothing of their orders or money changes.
 */
export async function archiveMember(actor: AdminActor, userId: string): Promise<{ msg: string }> {
  const member = await memberOrNotFound(userId);
  if (member.isDeleted) throw new Conflict(MSG.memberAlreadyArchived, 'already_archived');
  await apply(
    member,
    { isDeleted: true },
    [],
    [
      ...(await auditWrites(actor, action(member, 'user.delete'))),
      ...searchHears(member),
      ...(member.status === 'active' ? accountCountWrite(member.role, -1) : []),
    ],
  );
  await endAllSessions(userId);
  return { msg: MSG.memberArchived };
}

/** POST /admin/restore-user/{id}: the member signs in again; an expert's published offers are listed again as they were. */
export async function restoreMember(actor: AdminActor, userId: string): Promise<{ msg: string }> {
  const member = await memberOrNotFound(userId);
  // A member who deleted their own account is anonymised (decision 167): nothing is left to restore.
  if (!member.isDeleted || member.deletedAt !== undefined) throw new Conflict(MSG.memberNotArchived, 'not_archived');
  await apply(
    member,
    {},
    ['isDeleted'],
    [
      ...(await auditWrites(actor, action(member, 'user.restore'))),
      ...searchHears(member),
      ...(member.status === 'active' ? accountCountWrite(member.role, 1) : []),
    ],
  );
  return { msg: MSG.memberRestored };
}

/**
 * POST /admin/create-user: an active student whose password is temporary (decision 184): they must
 * choose their own at first sign-in. The address gets a welcome mail; a mail that cannot be sent
 * leaves the account (the admin passes the password on anyway) and is logged.
 */
export async function createMember(
  actor: AdminActor,
  body: { firstName: string; lastName: string; email: string; password: string },
): Promise<{ msg: string; user: AdminUserRow }> {
  const account: Member = {
    userId: newId(),
    role: 'user',
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    name: `${body.firstName} ${body.lastName}`,
    passwordHash: await hashPassword(body.password),
    status: 'active',
    mustChangePassword: true,
    createdAt: new Date().toISOString(),
  };
  try {
    await members.createMember(account, [...(await auditWrites(actor, action(account, 'user.create'))), ...accountCountWrite(account.role, 1)]);
  } catch (error) {
    if (error instanceof repo.EmailTaken) throw new Conflict(MSG.emailTaken, 'email_taken');
    throw error;
  }
  await sendMail(welcomeMail(account.email, account.firstName)).catch((error) => logger.error('Welcome mail not sent', error as Error));
  return { msg: MSG.memberCreated, user: toAdminUserRow(account) };
}

async function expertOrRefused(userId: string): Promise<Member> {
  const member = await memberOrNotFound(userId);
  if (member.role !== 'professor') throw new Conflict(MSG.notAnExpert, 'not_an_expert');
  return member;
}

/** POST /admin/users/{id}/verify (added): the Verified badge, with what the admin checked (decision 185). */
export async function verifyExpert(actor: AdminActor, userId: string, note: string): Promise<{ msg: string; user: AdminUserRow }> {
  const expert = await expertOrRefused(userId);
  const set = { isVerified: true, verifiedNote: note, verifiedAt: new Date().toISOString() };
  await apply(expert, set, [], [...(await auditWrites(actor, action(expert, 'user.verify', { note }))), ...searchHears(expert)]);
  return { msg: MSG.expertVerified, user: toAdminUserRow({ ...expert, ...set }) };
}

/** DELETE /admin/users/{id}/verify (added): the badge withdrawn, and what was noted with it. */
export async function unverifyExpert(actor: AdminActor, userId: string): Promise<{ msg: string; user: AdminUserRow }> {
  const expert = await expertOrRefused(userId);
  await apply(
    expert,
    {},
    ['isVerified', 'verifiedNote', 'verifiedAt'],
    [...(await auditWrites(actor, action(expert, 'user.unverify'))), ...searchHears(expert)],
  );
  const { isVerified: _withdrawn, verifiedNote: _note, verifiedAt: _at, ...rest } = expert;
  return { msg: MSG.expertUnverified, user: toAdminUserRow(rest) };
}
