/** The audit log's items: one per admin action, listed newest first from one of three partitions. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction } from '../../../shared/schemas/audit';
import { config } from '../../platform/config';
import { AUDIT_LOG, auditOfAdmin, auditOfTarget, GSI1, GSI2 } from '../../platform/keys';
import { db } from '../../platform/table';
import { type AuditRecord, fromAuditItem } from './audit-entry';

export interface AuditFilter {
  action?: AuditAction;
  adminId?: string;
  targetId?: string;
}

export interface AuditRecordsPage {
  records: AuditRecord[];
  /** The position the next page starts after. */
  next?: string;
}

/** The partition a filter reads: a target's or an admin's history when named, the whole log otherwise. */
function partitionOf(filter: AuditFilter) {
  if (filter.targetId !== undefined) return { index: GSI2, pk: 'gsi2pk', sk: 'gsi2sk', value: auditOfTarget(filter.targetId) };
  if (filter.adminId !== undefined) return { index: GSI1, pk: 'gsi1pk', sk: 'gsi1sk', value: auditOfAdmin(filter.adminId) };
  return { index: undefined, pk: 'pk', sk: 'sk', value: AUDIT_LOG };
}

/**
 * A page of entries newest first, after `after`. The other filters apply on the partition read, so
 * a page may take several reads; it stops at `maxReads` and hands out where it got to.
 */
export async function auditRecords(filter: AuditFilter, limit: number, after?: string, maxReads = 5): Promise<AuditRecordsPage> {
  const partition = partitionOf(filter);
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (filter.action !== undefined) {
    conditions.push('#action = :action');
    values[':action'] = filter.action;
  }
  if (filter.adminId !== undefined && partition.pk !== 'gsi1pk') {
    conditions.push('adminId = :adminId');
    values[':adminId'] = filter.adminId;
  }
  const records: AuditRecord[] = [];
  let position = after;
  for (let read = 0; read < maxReads; read++) {
    const { Items = [], LastEvaluatedKey } = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: partition.index,
        KeyConditionExpression: `${partition.pk} = :pk${position === undefined ? '' : ` AND ${partition.sk} < :after`}`,
        ...(conditions.length > 0 && { FilterExpression: conditions.join(' AND ') }),
        ExpressionAttributeNames: filter.action === undefined ? undefined : { '#action': 'action' },
        ExpressionAttributeValues: { ':pk': partition.value, ...(position !== undefined && { ':after': position }), ...values },
        ScanIndexForward: false,
        Limit: limit - records.length,
      }),
    );
    records.push(...Items.map(fromAuditItem));
    if (!LastEvaluatedKey) return { records };
    position = String(LastEvaluatedKey[partition.sk]);
    if (records.length >= limit) break;
  }
  return { records, next: position };
}
