/**
 * Whether two accounts share a conversation, read from the members' places (`CHATS#<userId>` /
 * `CHAT#<chatId>`, which name the other member). Keys come from platform/keys.ts only.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { chatPlacesOf } from '../../platform/keys';
import { db } from '../../platform/table';

/** Places read per page: a member with few chats is answered by one small page. */
const PLACES_PER_PAGE = 100;

export interface PlacesPage {
  /** Whether a place of this page names the other account. */
  found: boolean;
  /** Where the next page starts; none when the member's places are all read. */
  next?: Record<string, unknown>;
}

/** One page of a member's places, checked for a chat with `otherUserId` (only that attribute is returned). */
export async function placesWithPage(userId: string, otherUserId: string, start?: Record<string, unknown>): Promise<PlacesPage> {
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :chat)',
      FilterExpression: 'otherUserId = :other',
      ProjectionExpression: 'otherUserId',
      ExpressionAttributeValues: { ':pk': chatPlacesOf(userId).pk, ':chat': chatPlacesOf(userId).skPrefix, ':other': otherUserId },
      Limit: PLACES_PER_PAGE,
      ExclusiveStartKey: start,
    }),
  );
  return { found: Items.some((item) => item.otherUserId === otherUserId), next: LastEvaluatedKey };
}
