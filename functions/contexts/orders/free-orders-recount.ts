/**
 * An expert's figures tell free work apart from paid (decision 165's counters): each close adds a
 * free order (a free introduction, an order at €0) to `freeOrders` beside `completedOrders`. Orders
 * closed before that have no free count; `npm start` (local state) and `npm run migrate` (a stage,
 * after its deploy) recount it once: every expert's counters are read, then every order, and each
 * expert's `freeOrders` is set to their closed free orders, never more than their completed orders
 * counted (orders closed before the counters existed are in neither). Each write is conditional on
 * the expert's completed orders as read before the orders: an order that closes during the run
 * fails it, and that expert is counted again. Setting, never adding, makes it idempotent: a second
 * run sets the same figures. A marker records that it ran.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isFreeOrder } from '../../../shared/order-transitions';
import { nowIso } from '../../platform/clock';
import { config } from '../../platform/config';
import { migrationKey } from '../../platform/keys';
import { db } from '../../platform/table';
import * as earnings from '../earnings/service';
import * as repo from './repository';

const MIGRATION = 'free-orders-recounted';
/** Rounds for the experts whose orders kept closing while they were counted. */
const ROUNDS = 5;

/** Each expert's closed free orders, of the experts given. */
async function closedFreeOrders(experts: ReadonlyMap<string, earnings.OrderCounters>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for await (const order of repo.allOrders({ consistent: true })) {
    if (order.status !== 'closed' || !isFreeOrder(order) || !experts.has(order.expertId)) continue;
    counts.set(order.expertId, (counts.get(order.expertId) ?? 0) + 1);
  }
  return counts;
}

/**
 * Sets every expert's free completed orders from their orders, whatever was counted before. Answers
 * how many experts' counts changed.
 */
async function recountEveryExpert(): Promise<number> {
  let changed = 0;
  let experts: string[] | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    // Read before the orders: a close after this read fails the write below.
    const counters = await earnings.orderCountersOf(experts);
    const counts = await closedFreeOrders(counters);
    const moved: string[] = [];
    for (const [expertId, seen] of counters) {
      // Nothing completed: nothing to count, and a close from now on counts itself.
      if (seen.completedOrders === 0 && seen.freeOrders === 0) continue;
      const free = Math.min(counts.get(expertId) ?? 0, seen.completedOrders);
      const before = await earnings.freeOrdersSet(expertId, free, seen);
      if (before === undefined) moved.push(expertId);
      else if (before !== free) changed++;
    }
    if (moved.length === 0) return changed;
    experts = moved;
  }
  throw new Error(`Orders of ${experts?.length} experts kept closing while their free orders were counted: run it again`);
}

/** The recount, once: experts whose free orders it changed; undefined when it had run before. */
export async function recountFreeOrders(): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: migrationKey(MIGRATION), ConsistentRead: true }));
  if (Item) return undefined;
  const changed = await recountEveryExpert();
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...migrationKey(MIGRATION), at: nowIso(), changed } }));
  return changed;
}
