/**
 * The transaction part that moves the admin's counters: every write that changes one (an account
 * activated, created, deleted or restored; an offer created, approved, edited or retired) adds it to
 * its own transaction, so the counters never drift from what they count and are never recounted.
 * The counters are kept in shards, one picked at random per write: transactions that touch the same
 * item at once conflict, and every signup and offer of the marketplace would otherwise touch one.
 * A transaction carries at most one of these writes (it may write an item once): moves made
 * together are added up first (`sumOfDeltas`).
 */
import { config } from '../../platform/config';
import { statisticsCounterShardKey } from '../../platform/keys';
import { COUNTER_SHARDS } from './statistics';
import { accountDelta, type CountedOffer, type CounterDelta, offerDelta, sumOfDeltas } from './statistics';

/** The Update that adds `delta` to the counters; none when nothing moves. */
export function countersWrite(delta: CounterDelta) {
  const moves = Object.entries(delta).filter(([, change]) => change);
  if (moves.length === 0) return [];
  return [
    {
      Update: {
        TableName: config.tableName,
        Key: statisticsCounterShardKey(Math.floor(Math.random() * COUNTER_SHARDS)),
        UpdateExpression: `ADD ${moves.map(([name]) => `#${name} :${name}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(moves.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(moves.map(([name, change]) => [`:${name}`, change])),
      },
    },
  ];
}

/**
 * An account that starts (`1`: activated, created active by an admin, restored) or stops (`-1`:
 * deleted) counting, for that write's transaction. A ban changes nothing: banned accounts count.
 */
export const accountCountWrite = (role: string, sign: 1 | -1) => countersWrite(accountDelta(role, sign));

/** An account whose role an admin changes: it moves between the experts and the students (one write: a transaction writes a shard once). */
export const accountRoleChangeWrite = (from: string, to: string) => countersWrite(sumOfDeltas(accountDelta(from, -1), accountDelta(to, 1)));

/** An offer's write, from what it was (undefined: new) to what it becomes, for that write's transaction. */
export const offerCountWrite = (before: CountedOffer | undefined, after: CountedOffer) => countersWrite(offerDelta(before, after));
