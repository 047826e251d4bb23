/**
 * The audit log (docs/decisions.md): every action an admin takes is recorded with who took it, on
 * what, when and from which address. The entry is written in the action's own transaction, with an
 * event that carries it through the table's stream to the notifications function, which writes it
 * to the log: the same path as the notices. Admins read and filter it at GET /admin/audit.
 */
import { CHAT } from '../../../shared/limits';
import type { AuditAction, AuditPage, AuditTargetType } from '../../../shared/schemas/audit';
import type { Notice } from '../../../shared/schemas/notices';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { config } from '../../platform/config';
import { newId } from '../../platform/crypto';
import { BadRequest } from '../../platform/errors';
import { nowSeconds, transact } from '../../platform/table';
import * as accounts from '../accounts/service';
import { auditEventPut } from '../realtime/service';
import { AUDIT_RETENTION_SECONDS, type AuditDetails, type AuditRecord, toAuditItem, toAuditView } from './audit-entry';
import * as repo from './repository';

export type { AuditDetails } from './audit-entry';

/** The admin acting, as the request knows them. */
export interface AdminActor {
  caller: Caller;
  clientIp: string;
}

export interface AdminAction {
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label?: string };
  details?: AuditDetails;
  /** What the member concerned is mailed about the action, by the notifications function from the same event. */
  notice?: Notice;
}

/** The Puts that record an action: its entry and its event, for the transaction that makes the change. */
export async function auditWrites(actor: AdminActor, action: AdminAction) {
  const admin = await accounts.getAccount(actor.caller.userId);
  const record: AuditRecord = {
    auditId: newId(),
    at: new Date().toISOString(),
    adminId: actor.caller.userId,
    adminEmail: admin?.email ?? '',
    action: action.action,
    targetType: action.target.type,
    targetId: action.target.id,
    ...(action.target.label !== undefined && { targetLabel: action.target.label }),
    clientIp: actor.clientIp,
    // No empty map: the local table's stream hands one on as `{}`, which the log's reader cannot parse.
    ...(action.details && Object.keys(action.details).length > 0 && { details: action.details }),
  };
  return [
    { Put: { TableName: config.tableName, Item: toAuditItem(record, nowSeconds() + AUDIT_RETENTION_SECONDS) } },
    auditEventPut(toAuditView(record), action.notice),
  ];
}

/**
 * Records an action whose change is not a write of this table (a call to the payment provider, a
 * change already made by an idempotent step): after the change, never before it.
 */
export async function recordAdminAction(actor: AdminActor, action: AdminAction): Promise<void> {
  await transact({ TransactItems: await auditWrites(actor, action) });
}

const PAGE = CHAT.chatsPageSize;

const encode = (position: string) => Buffer.from(position).toString('base64url');

function decode(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[\w-]{1,100}$/.test(position)) throw new BadRequest(MSG.invalidCursor, 'invalid_cursor');
  return position;
}

/** GET /admin/audit: newest first, by action, admin or target. */
export async function auditLog(query: repo.AuditFilter & { cursor?: string }): Promise<AuditPage> {
  const page = await repo.auditRecords(query, PAGE, decode(query.cursor));
  return { entries: page.records.map(toAuditView), ...(page.next && { nextCursor: encode(page.next) }) };
}
