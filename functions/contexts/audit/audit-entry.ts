/**
 * An audit entry: one action an admin took, who took it, on what, when and from which address.
 * toAuditItem / fromAuditItem are the only places that know the item's shape; the view is an allowlist.
 */
import * as z from 'zod/mini';
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction, type AuditEntryView, type AuditTargetType } from '../../../shared/schemas/audit';
import { auditIndexes, auditKey } from '../../platform/keys';

/** Audit entries are kept as long as the logs (the privacy policy): a year. */
export const AUDIT_RETENTION_SECONDS = 365 * 24 * 60 * 60;

export type AuditDetails = Record<string, string | number | boolean>;

export interface AuditRecord {
  auditId: string;
  at: string;
  adminId: string;
  adminEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** What the admin saw it as (a member's name, an offer's title), kept as it was then. */
  targetLabel?: string;
  clientIp: string;
  details?: AuditDetails;
}

/** Where an entry sits in each list: by time, then id (two actions of one millisecond both kept). */
export const positionOf = (record: Pick<AuditRecord, 'at' | 'auditId'>) => `${record.at}#${record.auditId}`;

export function toAuditItem(record: AuditRecord, expiresAt: number) {
  const position = positionOf(record);
  return { ...auditKey(position), ...auditIndexes(position, record.adminId, record.targetId), ...record, expiresAt };
}

const detail = z.union([z.string(), z.number(), z.boolean()]);
export const auditRecordSchema: z.ZodMiniType<AuditRecord> = z.object({
  auditId: z.string(),
  at: z.string(),
  adminId: z.string(),
  adminEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGETS),
  targetId: z.string(),
  targetLabel: z.optional(z.string()),
  clientIp: z.string(),
  details: z.optional(z.record(z.string(), detail)),
});

export const fromAuditItem = (item: Record<string, unknown>): AuditRecord => auditRecordSchema.parse(item);

export function toAuditView(record: AuditRecord): AuditEntryView {
  return {
    _id: record.auditId,
    at: record.at,
    admin: { _id: record.adminId, email: record.adminEmail },
    action: record.action,
    target: { type: record.targetType, _id: record.targetId, ...(record.targetLabel !== undefined && { label: record.targetLabel }) },
    clientIp: record.clientIp,
    ...(record.details && { details: record.details }),
  };
}
