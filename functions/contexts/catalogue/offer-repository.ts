/**
 * DynamoDB access of offers. Keys come from lib/keys.ts only; item shapes from offer.ts only. Every
 * write that changes what the catalogue shows carries its change-log item in the same transaction.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import { batchGet, conditionalWrite, db, failedConditions, queryAllItems, type TransactWrite, transact } from '../../platform/table';
import { madeWithKey, sentKeyPut } from '../../platform/sent-keys';
import { expertOffersOf, GSI1, GSI2, offerKey, offersWithStatus, userKey } from '../../platform/keys';
import { type AccountRecord, fromAccountItem } from '../accounts/account';
import { catalogueChangePut } from '../search/catalogue-changes';
import { offerCountWrite } from '../statistics/counter-writes';
import { fromOfferItem, listedStatusIndex, type OfferRecord, toOfferItem } from './offer';

/** Writes an offer as it is (the demo seed and the benchmark generator). */
/** A write of another context for the transaction of a change (the admin's audit entry). */

export async function putOffer(offer: OfferRecord): Promise<void> {
  await db.send(new PutCommand({ TableName: config.tableName, Item: toOfferItem(offer) }));
}

const OFFER_KEY_SCOPE = 'offer';

/**
 * Stores a new offer; with its expert's Idempotency-Key, once per key (decision 308). Answers the
 * offer stored: this one, or the one the same key stored first.
 */
export async function createOffer(offer: OfferRecord, sentKey?: string): Promise<OfferRecord> {
  const writes: TransactWrite[] = [
    { Put: { TableName: config.tableName, Item: toOfferItem(offer), ConditionExpression: 'attribute_not_exists(pk)' } },
    catalogueChangePut('offer', offer.offerId, offer.expertId),
    ...offerCountWrite(undefined, offer),
    ...(sentKey ? [sentKeyPut(offer.expertId, OFFER_KEY_SCOPE, sentKey, { offerId: offer.offerId })] : []),
  ];
  try {
    await transact({ TransactItems: writes });
    return offer;
  } catch (error) {
    const earlierId =
      sentKey && failedConditions(error).includes(writes.length - 1) && (await madeWithKey(offer.expertId, OFFER_KEY_SCOPE, sentKey, 'offerId'));
    const earlier = earlierId && (await getOffer(earlierId, { consistent: true }));
    if (earlier) return earlier;
    throw error;
  }
}

export async function getOffer(offerId: string, options: { consistent?: boolean } = {}): Promise<OfferRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: offerKey(offerId), ConsistentRead: options.consistent }));
  return Item && fromOfferItem(Item);
}

/** An expert's offers, newest first: one Query of the expert's partition of GSI1, whatever the table's size. */
export async function offersOfExpert(expertId: string): Promise<OfferRecord[]> {
  return queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': expertOffersOf(expertId).gsi1pk },
    ScanIndexForward: false,
  });
}

/** Offers of one status from GSI2, oldest submission first, at most `limit` (the moderation queue). */
export async function offersWithStatusOldestFirst(status: 'pending' | 'approved', limit: number): Promise<OfferRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': offersWithStatus(status).gsi2pk },
      Limit: limit,
    }),
  );
  return Items.map(fromOfferItem);
}

/** Every published offer (building the search index; never a request path). */
export async function allApprovedOffers(): Promise<OfferRecord[]> {
  return queryAll({ IndexName: GSI2, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': offersWithStatus('approved').gsi2pk } });
}

const queryAll = async (input: Parameters<typeof queryAllItems>[0]): Promise<OfferRecord[]> => (await queryAllItems(input)).map(fromOfferItem);

export type OfferFields = Pick<OfferRecord, 'title' | 'description' | 'priceCents' | 'lessonType'> &
  Partial<Pick<OfferRecord, 'photo' | 'pendingPhoto' | 'durationMinutes'>>;

/**
 * Rewrites an offer's fields if it is still live (pending or approved) and, when `ownerId` is
 * given, still that expert's. `resubmit` sends it back to moderation (an expert's edit); an admin's
 * edit keeps its status. False when the condition fails.
 */
export async function updateOffer(
  offer: OfferRecord,
  fields: OfferFields,
  options: { ownerId?: string; resubmit: boolean; writes?: TransactWrite[] },
): Promise<OfferRecord | undefined> {
  const now = new Date().toISOString();
  const { durationMinutes, ...rest } = offer;
  const updated: OfferRecord = { ...rest, ...fields, updatedAt: now, ...(options.resubmit && { status: 'pending' as const, submittedAt: now }) };
  const values: Record<string, unknown> = {
    ':title': updated.title,
    ':description': updated.description,
    ':price': updated.priceCents,
    ':lessonType': updated.lessonType,
    ':now': now,
    ':pending': 'pending',
    ':approved': 'approved',
  };
  const sets = ['title = :title', 'description = :description', 'priceCents = :price', 'lessonType = :lessonType', 'updatedAt = :now'];
  // A call's length goes with the lesson type: an offer that is no longer a fixed-price call has none.
  if (fields.durationMinutes !== undefined) {
    sets.push('durationMinutes = :durationMinutes');
    values[':durationMinutes'] = fields.durationMinutes;
  }
  if (fields.photo) {
    sets.push('photo = :photo');
    values[':photo'] = fields.photo;
  }
  if (fields.pendingPhoto) {
    sets.push('pendingPhoto = :pendingPhoto');
    values[':pendingPhoto'] = fields.pendingPhoto;
  }
  if (options.resubmit) {
    const index = listedStatusIndex(updated, 'pending');
    sets.push('#status = :pending', 'submittedAt = :now', 'gsi2pk = :gsi2pk', 'gsi2sk = :gsi2sk');
    values[':gsi2pk'] = index.gsi2pk;
    values[':gsi2sk'] = index.gsi2sk;
  }
  // Still as it was read: the statistics' counters move from its status and price as read.
  let condition = '#status IN (:pending, :approved) AND #status = :seenStatus AND priceCents = :seenPrice';
  values[':seenStatus'] = offer.status;
  values[':seenPrice'] = offer.priceCents;
  if (options.ownerId) {
    condition += ' AND expertId = :owner';
    values[':owner'] = options.ownerId;
  }
  const written = await conditionally([
    {
      Update: {
        TableName: config.tableName,
        Key: offerKey(offer.offerId),
        UpdateExpression: `SET ${sets.join(', ')}${fields.durationMinutes === undefined && durationMinutes !== undefined ? ' REMOVE durationMinutes' : ''}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    },
    catalogueChangePut('offer', offer.offerId, offer.expertId),
    ...offerCountWrite(offer, updated),
    ...(options.writes ?? []),
  ]);
  return written ? updated : undefined;
}

/**
 * Publishes an offer waiting in moderation, with `photo`, the published copy of its photo in
 * moderation when it has one, and the writes given (the admin's audit entry). False when it no
 * longer waits, or its photo in moderation changed.
 */
export async function approveOffer(offer: OfferRecord, photo: string | undefined, writes: TransactWrite[]): Promise<boolean> {
  const index = listedStatusIndex(offer, 'approved');
  const values: Record<string, unknown> = { ':approved': 'approved', ':pending': 'pending', ':gsi2pk': index.gsi2pk, ':gsi2sk': index.gsi2sk };
  let update = 'SET #status = :approved, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk';
  // At the price it was read at: the statistics add that price to the published offers' sum.
  values[':seenPrice'] = offer.priceCents;
  let condition = '#status = :pending AND priceCents = :seenPrice';
  if (offer.pendingPhoto && photo) {
    update += ', photo = :photo REMOVE pendingPhoto';
    condition += ' AND pendingPhoto = :held';
    values[':photo'] = photo;
    values[':held'] = offer.pendingPhoto;
  } else {
    condition += ' AND attribute_not_exists(pendingPhoto)';
  }
  return conditionally([
    {
      Update: {
        TableName: config.tableName,
        Key: offerKey(offer.offerId),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    },
    catalogueChangePut('offer', offer.offerId, offer.expertId),
    ...offerCountWrite(offer, { ...offer, status: 'approved' }),
    ...writes,
  ]);
}

/**
 * Takes an offer out of every list for good: `rejected` by an admin (with the reason its expert
 * reads, and the admin's audit entry in `writes`) or `archived` by its expert (`ownerId`). The item
 * stays, so the orders and reviews that name it keep reading it. False when it is no longer live,
 * or not this expert's.
 */
export async function retireOffer(
  offer: OfferRecord,
  status: 'rejected' | 'archived',
  by: { ownerId?: string; reason?: string; writes?: TransactWrite[] },
): Promise<boolean> {
  // Still as it was read: the statistics' counters move from its status and price as read.
  const values: Record<string, unknown> = {
    ':status': status,
    ':now': new Date().toISOString(),
    ':seenStatus': offer.status,
    ':seenPrice': offer.priceCents,
    ':pending': 'pending',
    ':approved': 'approved',
  };
  const sets = ['#status = :status', `${status}At = :now`];
  let condition = '#status = :seenStatus AND priceCents = :seenPrice AND #status IN (:pending, :approved)';
  if (by.ownerId) {
    condition += ' AND expertId = :owner';
    values[':owner'] = by.ownerId;
  }
  if (by.reason) {
    sets.push('rejectionReason = :reason');
    values[':reason'] = by.reason;
  }
  return conditionally([
    {
      Update: {
        TableName: config.tableName,
        Key: offerKey(offer.offerId),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    },
    catalogueChangePut('offer', offer.offerId, offer.expertId),
    ...offerCountWrite(offer, { ...offer, status }),
    ...(by.writes ?? []),
  ]);
}

async function conditionally(TransactItems: Parameters<typeof transact>[0]['TransactItems']): Promise<boolean> {
  return conditionalWrite(transact({ TransactItems }));
}

/**
 * Offers and their experts by id, in one BatchGetItem for up to 100 keys together: the accounts
 * context's key and item mapper are its read part, as its transaction parts are for writes.
 */
export async function offersAndUsers(offerIds: string[], userIds: string[]): Promise<{ offers: Map<string, OfferRecord>; users: Map<string, AccountRecord> }> {
  const items = await batchGet(config.tableName, [...offerIds.map(offerKey), ...userIds.map(userKey)]);
  const offers = new Map<string, OfferRecord>();
  const users = new Map<string, AccountRecord>();
  for (const item of items) {
    if (item.sk === 'OFFER') offers.set(String(item.offerId), fromOfferItem(item));
    else {
      const account = fromAccountItem(item);
      users.set(account.userId, account);
    }
  }
  return { offers, users };
}
