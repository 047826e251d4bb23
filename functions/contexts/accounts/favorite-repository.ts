/**
 * An account's favourites live in its user item, as a map of offer id -> saved at: saving twice
 * changes nothing, the header's count comes with the current user, and a cap keeps the item small.
 * The map is created by the first save (an update cannot both create a map and set a key in it).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import { conditionalWrite, db, isConditionFailure } from '../../platform/table';
import { userKey } from '../../platform/keys';
import { Contention } from '../../platform/errors';

export type Favorites = Record<string, string>;

const withFavorites = z.object({ favorites: z.record(z.string(), z.string()) });
/** The favourites an item (or a refused write's old item) holds, if it holds the map. */
const favoritesIn = (item: unknown): Favorites | undefined => {
  const parsed = withFavorites.safeParse(item);
  return parsed.success ? parsed.data.favorites : undefined;
};

/**
 * Saves offers (id -> saved at) unless the account would hold more than `max`; undefined when it
 * would. Returns the account's favourites after the save.
 */
export async function addFavorites(userId: string, saved: Favorites, max: number): Promise<Favorites | undefined> {
  const ids = Object.keys(saved);
  if (ids.length > max) return undefined;
  const names = Object.fromEntries(ids.map((id, at) => [`#o${at}`, id]));
  const values = Object.fromEntries(ids.map((id, at) => [`:o${at}`, saved[id]]));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: userKey(userId),
          UpdateExpression: `SET ${ids.map((_, at) => `favorites.#o${at} = if_not_exists(favorites.#o${at}, :o${at})`).join(', ')}`,
          // Room for every id not saved yet: a bound on the size before the update that holds whichever are new.
          ConditionExpression: 'attribute_exists(pk) AND attribute_type(favorites, :map) AND size(favorites) <= :room',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ...values, ':map': 'M', ':room': max - ids.length },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return favoritesIn(Attributes) ?? saved;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const current = favoritesIn(error instanceof Error && 'Item' in error ? error.Item : undefined);
      if (current) {
        const fresh = ids.filter((id) => !(id in current));
        if (Object.keys(current).length + fresh.length > max) return undefined;
        // Some ids were already saved, so the bound above was too strict: save only the new ones.
        if (fresh.length === 0) return current;
        return addFavorites(userId, Object.fromEntries(fresh.map((id) => [id, saved[id]])), max);
      }
      if (await createFavorites(userId, saved)) return saved;
    }
  }
  throw new Contention(`favourites of ${userId}`);
}

/** The first save of an account: the whole map at once, if no other request made it meanwhile. */
async function createFavorites(userId: string, saved: Favorites): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: userKey(userId),
        UpdateExpression: 'SET favorites = :saved',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(favorites)',
        ExpressionAttributeValues: { ':saved': saved },
      }),
    ),
  );
}

/** Forgets a saved offer; returns the favourites after it. */
export async function removeFavorite(userId: string, offerId: string): Promise<Favorites> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: userKey(userId),
        UpdateExpression: 'REMOVE favorites.#offer',
        ConditionExpression: 'attribute_type(favorites, :map)',
        ExpressionAttributeNames: { '#offer': offerId },
        ExpressionAttributeValues: { ':map': 'M' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return favoritesIn(Attributes) ?? {};
  } catch (error) {
    if (isConditionFailure(error)) return {};
    throw error;
  }
}
