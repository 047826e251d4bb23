/** DynamoDB access of offers. Keys come from lib/keys.ts only; item shapes from offer.ts only. */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config';
import { db, isConditionFailure } from '../../lib/dynamo';
import { expertOffersOf, GSI1, offerKey, userKey } from '../../lib/keys';
import type { UserRecord } from '../../lib/user-record';
import { fromOfferItem, type OfferRecord, toOfferItem } from './offer';

export async function putOffer(offer: OfferRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: toOfferItem(offer) }));
}

export async function getOffer(offerId: string): Promise<OfferRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: offerKey(offerId) }));
  return Item && fromOfferItem(Item);
}

/** An expert's offers, newest first: one Query of the expert's partition of GSI1, whatever the table's size. */
export async function offersOfExpert(professorId: string): Promise<OfferRecord[]> {
  const offers: OfferRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': expertOffersOf(professorId).gsi1pk },
        ScanIndexForward: false,
        ExclusiveStartKey,
      }),
    );
    offers.push(...(page.Items ?? []).map(fromOfferItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return offers;
}

/**
 * Archives an offer of this expert: it leaves every list, and the orders and reviews that name it
 * keep working. False when the offer is not this expert's (or does not exist).
 */
export async function archiveOffer(offerId: string, professorId: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: offerKey(offerId),
        UpdateExpression: 'SET #status = :archived, archivedAt = :now',
        ConditionExpression: 'professorId = :professorId',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':archived': 'archived', ':now': new Date().toISOString(), ':professorId': professorId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getExpert(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: userKey(userId) }));
  return Item?.role === 'professor' ? (Item as UserRecord) : undefined;
}
