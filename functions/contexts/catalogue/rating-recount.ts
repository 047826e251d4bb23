/**
 * Ratings counted once per student (decision 272). Counters kept before it counted every review, so
 * one student's repeated free orders could fill an expert's rating. `npm start` (local state) and
 * `npm run migrate` (a stage, after its deploy) recount them once from the visible reviews: each
 * student's latest review of an expert, and of each offer, becomes their voice, and the expert's and
 * the offers' counters are set to the sum and count of the voices. A marker records that it ran.
 * Run it when no review is being written (right after the deploy): a review written during the
 * recount of its expert may be counted twice until the next one moves the counters again.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '../../platform/clock';
import { config } from '../../platform/config';
import { expertVoiceKey, migrationKey, offerKey, offerVoiceKey } from '../../platform/keys';
import { db, transact } from '../../platform/table';
import * as accounts from '../accounts/service';
import { catalogueChangePut } from '../search/catalogue-changes';
import * as offers from './offer-repository';
import type { ReviewRecord } from './review';
import * as reviews from './review-repository';

const MIGRATION = 'ratings-one-voice';

/** Each key's latest review (the reviews in any order). */
function latestBy(all: readonly ReviewRecord[], keyOf: (review: ReviewRecord) => string): ReviewRecord[] {
  const latest = new Map<string, ReviewRecord>();
  for (const review of all) {
    const kept = latest.get(keyOf(review));
    if (!kept || review.createdAt > kept.createdAt) latest.set(keyOf(review), review);
  }
  return [...latest.values()];
}

const sumOf = (voices: readonly ReviewRecord[]) => voices.reduce((sum, review) => sum + review.rating, 0);

/** Experts whose ratings were recounted now; undefined when it had run before. */
export async function recountRatings(): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: migrationKey(MIGRATION), ConsistentRead: true }));
  if (Item) return undefined;
  let recounted = 0;
  for (const expert of await accounts.allExperts()) {
    const [written, ownOffers] = await Promise.all([reviews.allReviewsOfExpert(expert.userId), offers.offersOfExpert(expert.userId)]);
    const expertVoices = latestBy(written, (review) => review.studentId);
    const offerVoices = latestBy(written, (review) => `${review.offerId}#${review.studentId}`);
    const put = (key: { pk: string; sk: string }, review: ReviewRecord) =>
      db.send(new PutCommand({ TableName: config.tableName, Item: { ...key, orderId: review.orderId, rating: review.rating } }));
    await Promise.all([
      ...expertVoices.map((review) => put(expertVoiceKey(expert.userId, review.studentId), review)),
      ...offerVoices.map((review) => put(offerVoiceKey(review.offerId, review.studentId), review)),
    ]);
    await Promise.all(
      ownOffers.map((offer) => {
        const voices = offerVoices.filter((review) => review.offerId === offer.offerId);
        return db.send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: offerKey(offer.offerId),
            UpdateExpression: 'SET ratingSum = :sum, reviewsCount = :count',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':sum': sumOf(voices), ':count': voices.length },
          }),
        );
      }),
    );
    await transact({
      TransactItems: [
        accounts.expertRatingSet(expert.userId, sumOf(expertVoices), expertVoices.length),
        catalogueChangePut('expert', expert.userId, expert.userId),
      ],
    });
    recounted++;
  }
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...migrationKey(MIGRATION), at: nowIso(), recounted } }));
  return recounted;
}
