/**
 * DynamoDB access of report cases. Keys come from platform/keys.ts only, item shapes from
 * report-case.ts only. An item has one open case at a time, found through its marker; a report
 * joins it by a conditional update (once per reporter), and resolving closes case and marker together.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { GSI2, openReportKey, reportCaseKey, reportCaseStatusIndex, reportCasesWithStatus } from '../../platform/keys';
import { conditionalWrite, db, type TransactWrite, transact } from '../../platform/table';
import type { ReportStatus, ReportTargetType } from '../../../shared/schemas/reports';
import { fromReportCaseItem, type ReportCaseRecord, type ReportEntry, type Resolution, toReportCaseItem } from './report-case';

const table = () => config.tableName;

export async function getCase(caseId: string, consistent = false): Promise<ReportCaseRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: reportCaseKey(caseId), ConsistentRead: consistent }));
  return Item && fromReportCaseItem(Item);
}

/** The id of the item's open case, if any. */
export async function openCaseId(targetType: ReportTargetType, targetId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: openReportKey(targetType, targetId), ConsistentRead: true }));
  return typeof Item?.caseId === 'string' ? Item.caseId : undefined;
}

/** Opens the item's case with its first report; false when another report opened one meanwhile. */
export async function openCase(record: ReportCaseRecord): Promise<boolean> {
  return conditionalWrite(
    transact({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: { ...openReportKey(record.targetType, record.targetId), caseId: record.caseId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName: table(), Item: toReportCaseItem(record) } },
      ],
    }),
  );
}

export type Joined = 'added' | 'duplicate' | 'closed';

/**
 * Adds a report to an open case: kept in full up to `kept` reports, only counted past them.
 * 'duplicate' when the reporter's report is there already, 'closed' when the case was resolved meanwhile.
 */
export async function addReport(caseId: string, entry: ReportEntry, kept: number): Promise<Joined> {
  const update = async (expression: string, condition: string, values: Record<string, unknown>) =>
    conditionalWrite(
      db.send(
        new UpdateCommand({
          TableName: table(),
          Key: reportCaseKey(caseId),
          UpdateExpression: expression,
          ConditionExpression: `#status = :open AND ${condition}`,
          ExpressionAttributeNames: { '#status': 'status', '#reporter': entry.reporterId },
          ExpressionAttributeValues: { ':open': 'open', ':one': 1, ...values },
        }),
      ),
    );
  if (
    await update('SET reports.#reporter = :entry ADD reportCount :one', 'attribute_not_exists(reports.#reporter) AND reportCount < :kept', {
      ':entry': entry,
      ':kept': kept,
    })
  ) {
    return 'added';
  }
  const found = await getCase(caseId, true);
  if (found?.status !== 'open') return 'closed';
  if (found.reports[entry.reporterId]) return 'duplicate';
  return (await update('ADD reportCount :one', 'reportCount >= :kept', { ':kept': kept })) ? 'added' : 'closed';
}

/** The writes that resolve a case, for the transaction of the resolution's change: refused unless it is still open. */
export function resolveWrites(record: ReportCaseRecord, resolution: Resolution, resolvedAt: string): TransactWrite[] {
  return [
    {
      Update: {
        TableName: table(),
        Key: reportCaseKey(record.caseId),
        UpdateExpression: 'SET #status = :resolved, resolvedAt = :at, resolution = :resolution, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':resolved': 'resolved',
          ':open': 'open',
          ':at': resolvedAt,
          ':resolution': resolution,
          ...Object.fromEntries(Object.entries(reportCaseStatusIndex('resolved', resolvedAt, record.caseId)).map(([name, value]) => [`:${name}`, value])),
        },
      },
    },
    {
      Delete: {
        TableName: table(),
        Key: openReportKey(record.targetType, record.targetId),
        ConditionExpression: 'caseId = :caseId',
        ExpressionAttributeValues: { ':caseId': record.caseId },
      },
    },
  ];
}

export async function resolve(writes: TransactWrite[]): Promise<boolean> {
  return conditionalWrite(transact({ TransactItems: writes }));
}

/** A page of cases with a status after `after`: open ones oldest first, resolved ones latest first. */
export async function casesWithStatus(status: ReportStatus, limit: number, after?: string): Promise<{ cases: ReportCaseRecord[]; next?: string }> {
  const oldestFirst = status === 'open';
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI2,
      KeyConditionExpression: `gsi2pk = :pk${after === undefined ? '' : ` AND gsi2sk ${oldestFirst ? '>' : '<'} :after`}`,
      ExpressionAttributeValues: { ':pk': reportCasesWithStatus(status).gsi2pk, ...(after !== undefined && { ':after': after }) },
      ScanIndexForward: oldestFirst,
      Limit: limit,
    }),
  );
  return { cases: Items.map(fromReportCaseItem), ...(LastEvaluatedKey && { next: String(LastEvaluatedKey.gsi2sk) }) };
}
