/**
 * DynamoDB access of reviews. Keys come from platform/keys.ts only, item shapes from review.ts only.
 * A review is one transaction: the review itself (once per order, by its key), the offer's and the
 * expert's counters, and the catalogue change that brings the new figures to search.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { GSI1, GSI2, offerKey, reviewKey, reviewsOfExpert, reviewsOfOffer } from '../../platform/keys';
import { conditionalWrite, db, type TransactWrite, transact } from '../../platform/table';
import * as accounts from '../accounts/service';
import { catalogueChangePut } from '../search/catalogue-changes';
import { fromReviewItem, type ReviewRecord, toReviewItem } from './review';

/**
 * Stores a review and counts it in its offer's and its expert's ratings, atomically, with `alongside`
 * (writes of the same transaction: the demo seed's order). False when refused by a condition: the
 * order has a review already (even one written at this very moment), or the offer or the expert is
 * not what the review names.
 */
export async function createReview(review: ReviewRecord, alongside: TransactWrite[] = []): Promise<boolean> {
  return conditionalWrite(
    transact({
      TransactItems: [
        ...alongside,
        { Put: { TableName: config.tableName, Item: toReviewItem(review), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Update: {
            TableName: config.tableName,
            Key: offerKey(review.offerId),
            UpdateExpression: 'ADD ratingSum :rating, reviewsCount :one',
            ConditionExpression: 'attribute_exists(pk) AND expertId = :expert',
            ExpressionAttributeValues: { ':rating': review.rating, ':one': 1, ':expert': review.expertId },
          },
        },
        accounts.expertReviewCounted(review.expertId, review.rating),
        // The expert's entry in search (its rating ranks the directory) is read again within a second.
        catalogueChangePut('expert', review.expertId, review.expertId),
      ],
    }),
  );
}

export async function getReview(offerId: string, orderId: string): Promise<ReviewRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: reviewKey(offerId, orderId), ConsistentRead: true }));
  return Item && fromReviewItem(Item);
}

/** An offer's latest reviews, newest first: one Query of its partition of GSI2. */
export async function latestReviewsOfOffer(offerId: string, limit: number): Promise<ReviewRecord[]> {
  return latest({ IndexName: GSI2, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': reviewsOfOffer(offerId).gsi2pk } }, limit);
}

/** An expert's latest reviews, of all their offers, newest first: one Query of their partition of GSI1. */
export async function latestReviewsOfExpert(expertId: string, limit: number): Promise<ReviewRecord[]> {
  return latest({ IndexName: GSI1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': reviewsOfExpert(expertId).gsi1pk } }, limit);
}

async function latest(input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>, limit: number): Promise<ReviewRecord[]> {
  const { Items = [] } = await db.send(new QueryCommand({ TableName: config.tableName, ...input, ScanIndexForward: false, Limit: limit }));
  return Items.map(fromReviewItem);
}

/** Gives a review the author name shown by now (a deleted account: "Former member"). */
export async function renameAuthor(review: Pick<ReviewRecord, 'offerId' | 'orderId'>, authorFirstName: string, authorInitial: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: reviewKey(review.offerId, review.orderId),
      UpdateExpression: 'SET authorFirstName = :first, authorInitial = :initial',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':first': authorFirstName, ':initial': authorInitial },
    }),
  );
}

/**
 * Hides a review a moderator upheld a report of, with `alongside` in one transaction: it leaves the
 * offer's and the expert's lists (its index keys go) and its stars leave both ratings. false when it
 * is gone or hidden already, or a write alongside is refused.
 */
export async function hideReview(review: ReviewRecord, alongside: TransactWrite[]): Promise<boolean> {
  return conditionalWrite(
    transact({
      TransactItems: [
        ...alongside,
        {
          Update: {
            TableName: config.tableName,
            Key: reviewKey(review.offerId, review.orderId),
            UpdateExpression: 'SET hiddenAt = :now REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(hiddenAt)',
            ExpressionAttributeValues: { ':now': new Date().toISOString() },
          },
        },
        {
          Update: {
            TableName: config.tableName,
            Key: offerKey(review.offerId),
            UpdateExpression: 'ADD ratingSum :rating, reviewsCount :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':rating': -review.rating, ':one': -1 },
          },
        },
        accounts.expertReviewCounted(review.expertId, review.rating, -1),
        catalogueChangePut('expert', review.expertId, review.expertId),
      ],
    }),
  );
}
