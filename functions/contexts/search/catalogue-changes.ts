/**
 * The catalogue's change log: every write that changes what search shows (an offer created, edited,
 * approved, rejected, archived; an expert's profile, ban or deletion) puts one change item in the
 * same transaction. Search indexes read the log since their snapshot to stay fresh within seconds;
 * the items expire after a day, long after every index has replayed them.
 */
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import { catalogueChangeKey } from '../../platform/keys';

export const CHANGE_LOG_TTL_SECONDS = 24 * 60 * 60;

export interface CatalogueChange {
  /** Sort key: `<ISO time>#<kind>#<id>`. */
  sk: string;
  kind: 'expert' | 'offer';
  id: string;
  /** The expert whose catalogue entries the change touches (for an expert, the expert). */
  expertId: string;
}

const catalogueChangeItem: z.ZodMiniType<CatalogueChange> = z.object({
  sk: z.string(),
  kind: z.enum(['expert', 'offer']),
  id: z.string(),
  expertId: z.string(),
});
export const fromCatalogueChangeItem = (item: Record<string, unknown>): CatalogueChange => catalogueChangeItem.parse(item);

/** The Put of a change item, to add to the transaction of the write it announces. */
export function catalogueChangePut(kind: CatalogueChange['kind'], id: string, expertId: string) {
  const at = new Date();
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...catalogueChangeKey(at.toISOString(), kind, id), kind, id, expertId, expiresAt: Math.floor(at.getTime() / 1000) + CHANGE_LOG_TTL_SECONDS },
    },
  };
}
