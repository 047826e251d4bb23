/**
 * The data export request item (`USER#<id>` / `DATA_EXPORT`): read, asked for again, ended. Each
 * write is conditional on the request it replaces or ends (data-export.ts holds the moves).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION } from '../../../shared/limits';
import { config } from '../../platform/config';
import { dataExportKey } from '../../platform/keys';
import { conditionalWrite, db, nowSeconds, type TransactWrite, transact } from '../../platform/table';
import { canMove, type DataExportRecord, fromDataExportItem } from './data-export';

const DAY_SECONDS = 86_400;
/** The item outlives its file (kept exportKeptDays) by a day, then leaves the table (TTL). */
const expiresAt = () => nowSeconds() + (RETENTION.exportKeptDays + 1) * DAY_SECONDS;

export async function getRequest(userId: string): Promise<DataExportRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: dataExportKey(userId), ConsistentRead: true }));
  return Item && fromDataExportItem(Item);
}

/**
 * Stores a new request (building) in place of `previous`, if that is still the member's latest and
 * has ended; false when another request got there first.
 */
export async function putRequest(request: DataExportRecord, previous: DataExportRecord | undefined): Promise<boolean> {
  if (!canMove(previous?.status ?? 'none', request.status)) return false;
  const condition = previous
    ? {
        ConditionExpression: '#status = :previousStatus AND requestId = :previousId',
        ExpressionAttributeValues: { ':previousStatus': previous.status, ':previousId': previous.requestId },
      }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  return conditionalWrite(
    db.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...dataExportKey(request.userId), ...request, expiresAt: expiresAt() },
        ...condition,
        ...(previous && { ExpressionAttributeNames: { '#status': 'status' } }),
      }),
    ),
  );
}

/**
 * Ends a building request, ready or failed, with the event that tells its member (in the same
 * transaction); false when it is no longer building, or no longer the member's latest.
 */
export async function endRequest(ended: DataExportRecord, announce: TransactWrite): Promise<boolean> {
  if (!canMove('building', ended.status)) return false;
  return conditionalWrite(
    transact({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName,
            Item: { ...dataExportKey(ended.userId), ...ended, expiresAt: expiresAt() },
            ConditionExpression: '#status = :building AND requestId = :requestId',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':building': 'building', ':requestId': ended.requestId },
          },
        },
        announce,
      ],
    }),
  );
}
