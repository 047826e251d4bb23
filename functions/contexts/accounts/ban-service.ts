/**
 * Bans and unbans (docs/decisions.md). A ban is one transaction (the flag, the directory's change,
 * the audit entry): from then on every request of the member is refused (the session check reads
 * the flag), their sessions end and their sockets close, their offers leave search. Then their paid
 * orders not yet delivered are cancelled, the refunds due to the deadlines job. Banning again a
 * banned account finishes whatever a first attempt left undone, and records nothing new.
 */
import type { BanPreview } from '../../../shared/schemas/admin';
import { MSG } from '../../../shared/texts';
import { Forbidden, NotFound } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { type AdminActor, auditWrites } from '../audit/service';
import * as orders from '../orders/ban-service';
import type { AccountRecord } from './account';
import { accountRestoredMail, accountSuspendedMail } from './mails';
import * as repo from './repository';
import { endAllSessions } from './session-service';
import { confirmMoneyDecision } from './step-up-service';

/** A member an admin may ban: 404 for no account (or an archived one), 403 for an admin. */
async function memberAccount(userId: string): Promise<AccountRecord> {
  const account = await repo.getAccount(userId, { consistent: true });
  if (!account || account.isDeleted) throw new NotFound(MSG.userNotFound, 'user_not_found');
  if (account.role === 'admin') throw new Forbidden(MSG.adminNotBannable, 'admin_not_bannable');
  return account;
}

const labelOf = (account: AccountRecord) => `${account.firstName} ${account.lastName}`.trim();

/** GET /admin/users/{id}/ban-preview: the orders a ban would cancel and refund in full, and those it would send to an admin. */
export async function banPreview(userId: string, bothAttended: orders.BothAttended): Promise<BanPreview> {
  await memberAccount(userId);
  return orders.banPreview(userId, bothAttended);
}

/**
 * Whether the member can be banned, and, when the ban refunds orders, the admin's recent code
 * (decision 265): checked before anything changes. The orders it would refund.
 */
export async function confirmBan(actor: AdminActor, userId: string, code: string | undefined, bothAttended: orders.BothAttended): Promise<BanPreview> {
  const preview = await banPreview(userId, bothAttended);
  if (preview.orders.length > 0) await confirmMoneyDecision(actor.caller, code);
  return preview;
}

/** POST /admin/ban-user/{id}. */
export async function banUser(
  actor: AdminActor,
  userId: string,
  body: { reason?: string; code?: string } | undefined,
  bothAttended: orders.BothAttended,
): Promise<{ msg: string }> {
  const reason = body?.reason;
  const account = await memberAccount(userId);
  const { orders: refunded } = await confirmBan(actor, userId, body?.code, bothAttended);
  const audit = await auditWrites(actor, {
    action: 'user.ban',
    target: { type: 'user', id: userId, label: labelOf(account) },
    details: { ...(reason && { reason }), refundedOrders: refunded.length },
  });
  const banned = await repo.setBanned(account, true, audit);
  await endAllSessions(userId);
  if (banned) {
    await sendMail(accountSuspendedMail(account.email, reason)).catch((error: unknown) => logger.error('Suspension notice not sent', error as Error));
  }
  await orders.cancelOrdersOfBanned(userId, bothAttended);
  return { msg: MSG.userBanned };
}

/** POST /admin/unban-user/{id}: access again; orders a ban cancelled stay cancelled. */
export async function unbanUser(actor: AdminActor, userId: string): Promise<{ msg: string }> {
  const account = await memberAccount(userId);
  const audit = await auditWrites(actor, { action: 'user.unban', target: { type: 'user', id: userId, label: labelOf(account) } });
  if (await repo.setBanned(account, false, audit)) {
    await sendMail(accountRestoredMail(account.email)).catch((error: unknown) => logger.error('Reactivation notice not sent', error as Error));
  }
  return { msg: MSG.userUnbanned };
}
