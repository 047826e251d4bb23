/**
 * Reports of content (decisions 171 to 174): a member reports a message of their conversation, a
 * review or an offer; each reported item has one open case that every report of it joins; an admin
 * hides the content (through its own context's service, in the same transaction as the case's
 * close and the audit entry), warns its author, bans its author (through the accounts context's ban,
 * the one every ban takes), or dismisses the reports, all of them together.
 * No AWS calls here: storage is the repository.
 */
import { RATE_LIMITS, REPORTS } from '../../../shared/limits';
import type { ReportAction, ReportBody, ReportCasePage, ReportReason, ReportStatus } from '../../../shared/schemas/reports';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso } from '../../platform/clock';
import { newId } from '../../platform/crypto';
import { BadRequest, Conflict, Contention, Forbidden, NotFound } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { sendMail } from '../../platform/mailer';
import { takeFromLimit } from '../../platform/rate-windows';
import type { TransactWrite } from '../../platform/table';
import type { AccountRecord } from '../accounts/account';
import * as bans from '../accounts/ban-service';
import * as accounts from '../accounts/service';
import { type AdminActor, auditWrites } from '../audit/service';
import * as catalogue from '../catalogue/moderation-service';
import * as chats from '../chats/moderation-service';
import { reportWarningMail } from './mails';
import { REPORT_TRANSITIONS, type ReportCaseRecord, type ReportEntry, toReportCaseView } from './report-case';
import * as repo from './repository';
import type { BothAttended } from '../orders/ban-service';

/** Attempts at joining an item's case while reports of it open or close it. */
const ATTEMPTS = 4;

interface ReportedContent {
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  content: string;
  orderId?: string;
}

/** The reported item as the reporter may see it: a message of their own conversation, a shown review, a published offer. */
async function reportedContent(caller: Caller, body: ReportBody): Promise<ReportedContent> {
  switch (body.targetType) {
    case 'message':
      if (body.chatId === undefined) throw new BadRequest(MSG.reportChatRequired, 'validation_failed');
      return chats.reportedMessage(caller, body.chatId, body.targetId);
    case 'review':
      if (body.offerId === undefined) throw new BadRequest(MSG.reportOfferRequired, 'validation_failed');
      return catalogue.reportedReview(body.offerId, body.targetId);
    case 'offer':
      return catalogue.reportedOffer(body.targetId);
  }
}

/** POST /reports: the caller's report joins the item's open case, or opens one. */
export async function report(caller: Caller, account: AccountRecord, body: ReportBody): Promise<{ msg: string }> {
  const content = await reportedContent(caller, body);
  if (content.authorId === caller.userId) throw new Forbidden(MSG.ownContentReport, 'own_content');
  await takeFromLimit('reports', RATE_LIMITS.reportsPerAccount, caller.userId, MSG.tooManyReports);
  const createdAt = nowIso();
  const entry: ReportEntry = {
    reporterId: caller.userId,
    reporterFirstName: account.firstName,
    reporterLastName: account.lastName,
    reason: body.reason,
    ...(body.note && { note: body.note }),
    createdAt,
  };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const caseId = await repo.openCaseId(body.targetType, body.targetId);
    if (caseId === undefined) {
      const opened: ReportCaseRecord = {
        caseId: newId(),
        status: 'open',
        targetType: body.targetType,
        targetId: body.targetId,
        ...(body.targetType === 'message' && { chatId: body.chatId }),
        ...(body.targetType === 'review' && { offerId: body.offerId, orderId: content.orderId }),
        content: content.content,
        authorId: content.authorId,
        authorFirstName: content.authorFirstName,
        authorLastName: content.authorLastName,
        reports: { [caller.userId]: entry },
        reportCount: 1,
        createdAt,
      };
      if (await repo.openCase(opened)) return { msg: MSG.reportReceived };
      continue;
    }
    const joined = await repo.addReport(caseId, entry, REPORTS.keptPerCase);
    if (joined === 'added') return { msg: MSG.reportReceived };
    if (joined === 'duplicate') throw new Conflict(MSG.alreadyReported, 'already_reported');
  }
  throw new Contention(`report of ${body.targetType} ${body.targetId}`);
}

const encode = (position: string) => Buffer.from(position).toString('base64url');

function decode(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[\w-]{1,64}$/.test(position)) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
  return position;
}

/** GET /admin/reports: open cases oldest first (the default), or resolved ones latest first. */
export async function queue(query: { status?: ReportStatus; cursor?: string }): Promise<ReportCasePage> {
  const page = await repo.casesWithStatus(query.status ?? 'open', REPORTS.queuePageSize, decode(query.cursor));
  // The authors as they are now (one BatchGetItem a page): their row in the users page, and whether a ban is still to decide.
  const authors = await accounts.getAccounts([...new Set(page.cases.map((record) => record.authorId))]);
  const cases = page.cases.map((record) => {
    const author = authors.get(record.authorId);
    return toReportCaseView(record, author && !author.isDeleted ? { email: author.email, isBanned: author.isBanned === true } : undefined);
  });
  return { cases, ...(page.next && { nextCursor: encode(page.next) }) };
}

/** The reason most of the item's reports give (the earliest of a tie). */
function mainReason(record: ReportCaseRecord): ReportReason {
  const counts = new Map<ReportReason, number>();
  const entries = Object.values(record.reports).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const entry of entries) counts.set(entry.reason, (counts.get(entry.reason) ?? 0) + 1);
  return [...counts.entries()].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * Hides the content with the case's writes; false when it is gone or hidden already (the case then
 * closes on its own) or the case was resolved meanwhile.
 */
async function hide(record: ReportCaseRecord, writes: TransactWrite[]): Promise<boolean> {
  switch (record.targetType) {
    case 'message':
      return record.chatId !== undefined && chats.removeMessage(record.chatId, record.targetId, writes);
    case 'review':
      return record.offerId !== undefined && record.orderId !== undefined && catalogue.hideReview(record.offerId, record.orderId, writes);
    case 'offer':
      return catalogue.unpublishOffer(record.targetId, writes);
  }
}

const DONE: Record<ReportAction, string> = {
  hide: MSG.reportContentHidden,
  warn: MSG.reportAuthorWarned,
  ban: MSG.reportAuthorBanned,
  dismiss: MSG.reportDismissed,
};

/**
 * POST /admin/reports/{id}/resolve: every report of the item closes with the admin's decision,
 * recorded in the audit log. A ban closes the case, then bans the author as the users page does
 * (its own audit entry, sessions ended, refunds, the mail with the note as its reason); an author
 * who cannot be banned (an admin, an archived or deleted account) is refused before anything changes.
 */
export async function resolve(
  actor: AdminActor,
  caseId: string,
  decision: { action: ReportAction; note?: string; code?: string },
  bothAttended: BothAttended,
): Promise<{ msg: string }> {
  const found = await repo.getCase(caseId, true);
  if (!found) throw new NotFound(MSG.reportNotFound, 'report_not_found');
  if (!REPORT_TRANSITIONS[found.status].includes('resolved')) throw new Conflict(MSG.reportAlreadyResolved, 'report_resolved');
  if (decision.action === 'ban') await bans.confirmBan(actor, found.authorId, decision.code, bothAttended);
  const admin = await accounts.getAccount(actor.caller.userId);
  const reason = mainReason(found);
  const resolution = { action: decision.action, ...(decision.note && { note: decision.note }), adminId: actor.caller.userId, adminEmail: admin?.email ?? '' };
  const writes = [
    ...repo.resolveWrites(found, resolution, nowIso()),
    ...(await auditWrites(actor, {
      action: `report.${decision.action}`,
      target: { type: 'report', id: caseId, label: `${found.targetType}: ${found.content.slice(0, 80)}` },
      details: {
        targetType: found.targetType,
        targetId: found.targetId,
        authorId: found.authorId,
        reason,
        reports: found.reportCount,
        ...(decision.note && { note: decision.note }),
      },
    })),
  ];
  const done = (decision.action === 'hide' && (await hide(found, writes))) || (await repo.resolve(writes));
  if (!done) throw new Conflict(MSG.reportAlreadyResolved, 'report_resolved');
  if (decision.action === 'warn') await warnAuthor(found, reason, decision.note);
  // Banning again finishes a ban a stopped Lambda left halfway (decision 194): the users page's Ban does it.
  if (decision.action === 'ban') await bans.banUser(actor, found.authorId, { reason: decision.note, code: decision.code }, bothAttended);
  return { msg: DONE[decision.action] };
}

/** After the resolution is recorded: a failed mail is logged, never undoes the decision. */
async function warnAuthor(record: ReportCaseRecord, reason: ReportReason, note: string | undefined): Promise<void> {
  const author = await accounts.getAccount(record.authorId);
  if (!author?.email) return;
  try {
    await sendMail(reportWarningMail(author.email, { targetType: record.targetType, content: record.content, reason, ...(note && { note }) }));
  } catch (error) {
    logger.error('Report warning not mailed', { caseId: record.caseId, error: error as Error });
  }
}
