/**
 * DynamoDB access of reviews. Keys come from platform/keys.ts only, item shapes from review.ts only.
 * A review is one transaction: the review itself (once per order, by its key), its student's voices
 * in the offer's and the expert's ratings (decision 272), the two counters, and the catalogue change
 * that brings the new figures to search.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { expertVoiceKey, GSI1, GSI2, offerKey, offerVoiceKey, reviewKey, reviewsOfExpert, reviewsOfOffer } from '../../platform/keys';
import { conditionalWrite, db, queryAllItems, type TransactWrite, transact } from '../../platform/table';
import * as accounts from '../accounts/service';
import { catalogueChangePut } from '../search/catalogue-changes';
import { fromReviewItem, type ReviewRecord, toReviewItem } from './review';

/** A student's voice (decision 272): which of their reviews counts in a rating, and its stars. */
export interface Voice {
  orderId: string;
  rating: number;
}

/** The student's voices in the review's expert's rating and its offer's, as they stand. */
export async function voicesOf(review: Pick<ReviewRecord, 'expertId' | 'offerId' | 'studentId'>): Promise<{ expert?: Voice; offer?: Voice }> {
  const read = async (key: { pk: string; sk: string }) => {
    const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
    return Item && { orderId: String(Item.orderId), rating: Number(Item.rating) };
  };
  const [expert, offer] = await Promise.all([read(expertVoiceKey(review.expertId, review.studentId)), read(offerVoiceKey(review.offerId, review.studentId))]);
  return { ...(expert && { expert }), ...(offer && { offer }) };
}

/**
 * The write that makes `review` the student's voice where `previous` was, on condition that it still
 * is (two reviews of one student at once: one lands), and the change it brings to the rating: its
 * stars and one for a first voice, the change of stars for a later one.
 */
function voiceTaken(
  key: { pk: string; sk: string },
  previous: Voice | undefined,
  review: ReviewRecord,
): { write: TransactWrite; ratingChange: number; countChange: number } {
  const item = { ...key, orderId: review.orderId, rating: review.rating };
  if (!previous)
    return {
      write: { Put: { TableName: config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ratingChange: review.rating,
      countChange: 1,
    };
  return {
    write: {
      Put: {
        TableName: config.tableName,
        Item: item,
        ConditionExpression: 'orderId = :previous',
        ExpressionAttributeValues: { ':previous': previous.orderId },
      },
    },
    ratingChange: review.rating - previous.rating,
    countChange: 0,
  };
}

/**
 * Stores a review and counts it in its offer's and its expert's ratings, atomically, with `alongside`
 * (writes of the same transaction: the demo seed's order). Each student counts once in each rating,
 * by their latest review (decision 272): `voices` are theirs as read before. False when refused by a
 * condition: the order has a review already (even one written at this very moment), the student's
 * voice moved meanwhile, or the offer or the expert is not what the review names.
 */
export async function createReview(review: ReviewRecord, alongside: TransactWrite[] = [], voices?: { expert?: Voice; offer?: Voice }): Promise<boolean> {
  const current = voices ?? (await voicesOf(review));
  const expert = voiceTaken(expertVoiceKey(review.expertId, review.studentId), current.expert, review);
  const offer = voiceTaken(offerVoiceKey(review.offerId, review.studentId), current.offer, review);
  return conditionalWrite(
    transact({
      TransactItems: [
        ...alongside,
        { Put: { TableName: config.tableName, Item: toReviewItem(review), ConditionExpression: 'attribute_not_exists(pk)' } },
        expert.write,
        offer.write,
        {
          Update: {
            TableName: config.tableName,
            Key: offerKey(review.offerId),
            UpdateExpression: 'ADD ratingSum :rating, reviewsCount :count',
            ConditionExpression: 'attribute_exists(pk) AND expertId = :expert',
            ExpressionAttributeValues: { ':rating': offer.ratingChange, ':count': offer.countChange, ':expert': review.expertId },
          },
        },
        accounts.expertReviewCounted(review.expertId, expert.ratingChange, expert.countChange),
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

/** Every visible review of an expert, of all their offers: their partition of GSI1, page after page. */
export async function allReviewsOfExpert(expertId: string): Promise<ReviewRecord[]> {
  const items = await queryAllItems({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': reviewsOfExpert(expertId).gsi1pk },
  });
  return items.map(fromReviewItem);
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
 * offer's and the expert's lists (its index keys go). Where it was its student's voice, its stars
 * and its count leave that rating with the voice (decision 272); a review a later one of the same
 * student had replaced counted nowhere. false when it is gone or hidden already, or a write is refused.
 */
export async function hideReview(review: ReviewRecord, alongside: TransactWrite[]): Promise<boolean> {
  const voices = await voicesOf(review);
  const counted = (voice: Voice | undefined) => voice?.orderId === review.orderId;
  const voiceLeft = (key: { pk: string; sk: string }): TransactWrite => ({
    Delete: { TableName: config.tableName, Key: key, ConditionExpression: 'orderId = :order', ExpressionAttributeValues: { ':order': review.orderId } },
  });
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
        ...(counted(voices.offer)
          ? [
              voiceLeft(offerVoiceKey(review.offerId, review.studentId)),
              {
                Update: {
                  TableName: config.tableName,
                  Key: offerKey(review.offerId),
                  UpdateExpression: 'ADD ratingSum :rating, reviewsCount :one',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':rating': -review.rating, ':one': -1 },
                },
              },
            ]
          : []),
        ...(counted(voices.expert)
          ? [voiceLeft(expertVoiceKey(review.expertId, review.studentId)), accounts.expertReviewCounted(review.expertId, -review.rating, -1)]
          : []),
        catalogueChangePut('expert', review.expertId, review.expertId),
      ],
    }),
  );
}
