/**
 * Data retention, as the privacy policy states it (docs/decisions.md 168): an account is deleted a
 * year after its last activity (a sign-in or a session refresh), its owner warned by mail 30 days
 * before, once; never while money is owed to or by it, and never an admin. Contact messages expire
 * by their TTL (6 months), logs by their groups' retention (1 year). Run daily by the jobs Lambda.
 */
import { RETENTION } from '../../../shared/limits';
import { nowIso, nowMs } from '../../platform/clock';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import type { AccountRecord } from '../accounts/account';
import * as accounts from '../accounts/service';
import { inactivityWarningMail } from './mails';
import { forget } from './service';

const DAY_MS = 86_400_000;
/** Accounts examined at once. */
const CONCURRENCY = 10;

export interface RetentionResult {
  ranAt: string;
  /** Accounts found inactive for 335 days or more (the activity index, never a scan). */
  examined: number;
  warned: number;
  deleted: number;
  /** Inactive for a year, but money is owed to or by them: kept, and examined again tomorrow. */
  keptForMoney: number;
  /** Admin accounts are never deleted by retention. */
  keptAdmins: number;
}

export async function runRetention(): Promise<RetentionResult> {
  const now = nowMs();
  const ranAt = new Date(now).toISOString();
  const warnBefore = new Date(now - (RETENTION.inactiveDays - RETENTION.warningDays) * DAY_MS).toISOString();
  const deleteBefore = new Date(now - RETENTION.inactiveDays * DAY_MS).toISOString();
  const warnedBefore = new Date(now - RETENTION.warningDays * DAY_MS).toISOString();
  const result: RetentionResult = { ranAt, examined: 0, warned: 0, deleted: 0, keptForMoney: 0, keptAdmins: 0 };
  const ids = await accounts.accountsInactiveSince(warnBefore);
  result.examined = ids.length;
  const found = [...(await accounts.getAccounts(ids)).values()];
  const examine = async (account: AccountRecord) => {
    const lastActiveAt = account.lastActiveAt;
    if (!lastActiveAt || account.isDeleted) return;
    if (account.role === 'admin') {
      result.keptAdmins++;
      return;
    }
    // The warning of this inactivity, if any: one given before the last activity does not count.
    const warnedAt = account.inactivityWarnedAt !== undefined && account.inactivityWarnedAt > lastActiveAt ? account.inactivityWarnedAt : undefined;
    // A registration never activated had no access to warn about: it just goes after the year.
    if (account.status === 'pending') {
      if (lastActiveAt < deleteBefore && (await forget(account, lastActiveAt)).deleted) result.deleted++;
    } else if (!warnedAt) {
      if (await warn(account, lastActiveAt, now)) result.warned++;
    } else if (lastActiveAt < deleteBefore && warnedAt <= warnedBefore) {
      const outcome = await forget(account, lastActiveAt);
      if (outcome.deleted) result.deleted++;
      else if (outcome.left.length > 0) result.keptForMoney++;
    }
  };
  // A few accounts at a time: each is a handful of dependent calls and a mail (bench/retention.ts).
  for (let start = 0; start < found.length; start += CONCURRENCY) await Promise.all(found.slice(start, start + CONCURRENCY).map(examine));
  logger.info('Retention run', { ...result });
  return result;
}

/** Warns once: the deletion comes 30 days after the warning at the earliest, even if the job was late. */
async function warn(account: AccountRecord, lastActiveAt: string, now: number): Promise<boolean> {
  if (!(await accounts.recordInactivityWarning(account.userId, lastActiveAt, nowIso()))) return false;
  const deletionAt = Math.max(Date.parse(lastActiveAt) + RETENTION.inactiveDays * DAY_MS, now + RETENTION.warningDays * DAY_MS);
  await sendMail(inactivityWarningMail(account.email, new Date(deletionAt).toISOString().slice(0, 10))).catch((error) =>
    logger.error('Inactivity warning not sent', error as Error),
  );
  return true;
}
