/** DynamoDB access of orders. Keys come from platform/keys.ts only, item shapes from order.ts only. */
import { GetCommand, paginateScan, QueryCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import {
  GSI1,
  GSI2,
  GSI3,
  introKey,
  ORDERS_DISPUTED,
  ORDERS_DUE,
  ORDERS_PAID,
  ORDERS_REPORTED,
  orderCounterKey,
  ORDER_PREFIX,
  orderKey,
  orderNumberKey,
  ordersDueIndex,
  type PaidOrderList,
  reportedOrderIndex,
} from '../../platform/keys';
import { batchGet, conditionalWrite, db, transact } from '../../platform/table';
import type { OrderStatus } from '../../../shared/order-transitions';
import { dueAtOf, fromOrderItem, type OrderRecord, paidOrderKeys, toOrderItem } from './order';

/** The Puts of a new order and of its number's lookup, for the transaction that opens its conversation. */
export const orderPuts = (order: OrderRecord) => [
  { Put: { TableName: config.tableName, Item: toOrderItem(order), ConditionExpression: 'attribute_not_exists(pk)' } },
  {
    Put: {
      TableName: config.tableName,
      Item: { ...orderNumberKey(order.orderNumber), orderId: order.orderId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
];

const numberItem = z.object({ orderId: z.string() });

/** The order a number names (POST /offers/{id}/reviews names its order by number). */
export async function orderIdOfNumber(orderNumber: number): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: orderNumberKey(orderNumber) }));
  return Item && numberItem.parse(Item).orderId;
}

export async function getOrder(orderId: string, options: { consistent?: boolean } = {}): Promise<OrderRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: orderKey(orderId), ConsistentRead: options.consistent }));
  return Item && fromOrderItem(Item);
}

export async function getOrders(orderIds: string[]): Promise<OrderRecord[]> {
  const items = await batchGet(config.tableName, orderIds.map(orderKey));
  return items.map(fromOrderItem);
}

/** What a move changes besides the status: fields set, and fields removed (undefined). */
export type OrderChanges = Partial<Omit<OrderRecord, 'orderId' | 'orderNumber' | 'offerId' | 'studentId' | 'expertId' | 'status' | 'createdAt' | 'version'>>;

/**
 * The write that moves an order from the version it was read in to `to`, with its changes: refused
 * (a condition failure) when another write landed first, so no two moves ever both apply. Made for
 * a transaction, with the ledger entries and the event of the same move.
 */
export function orderMove(order: OrderRecord, to: OrderStatus, changes: OrderChanges, at: string) {
  const due = 'dueAt' in changes ? (changes.dueAt ? ordersDueIndex(changes.dueAt, order.orderId) : { gsi2pk: undefined, gsi2sk: undefined }) : {};
  // An order waiting for an admin is listed for them, and leaves the list with its decision.
  const reported =
    to === 'problem_reported' && changes.problem
      ? reportedOrderIndex(changes.problem.at, order.orderId)
      : order.status === 'problem_reported' && to !== 'problem_reported'
        ? { gsi1pk: undefined, gsi1sk: undefined }
        : {};
  // Paid: listed in the admin's payments; money taken back: moved to the list the exposure is read from.
  const paid = changes.payment || changes.dispute || changes.reversal ? paidOrderKeys({ ...order, ...changes }) : {};
  const entries = Object.entries({ ...changes, ...due, ...reported, ...paid, status: to, updatedAt: at, version: order.version + 1 });
  const set = entries.filter(([, value]) => value !== undefined);
  const removed = entries.filter(([, value]) => value === undefined).map(([name]) => name);
  const name = (field: string) => `#${field}`;
  return {
    Update: {
      TableName: config.tableName,
      Key: orderKey(order.orderId),
      UpdateExpression: [
        `SET ${set.map(([field]) => `${name(field)} = :${field}`).join(', ')}`,
        ...(removed.length > 0 ? [`REMOVE ${removed.map(name).join(', ')}`] : []),
      ].join(' '),
      ConditionExpression: '#status = :from AND #version = :seen',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([field]) => [name(field), field])),
      ExpressionAttributeValues: { ...Object.fromEntries(set.map(([field, value]) => [`:${field}`, value])), ':from': order.status, ':seen': order.version },
    },
  };
}
export type OrderWrite = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The write that changes an order without moving its status (a transfer, a dispute, a reminder sent),
 * conditional on the version read, its deadline index following the next deadline the change leaves.
 */
export function orderChange(order: OrderRecord, changes: OrderChanges, at: string) {
  return orderMove(order, order.status, { ...changes, dueAt: dueAtOf({ ...order, ...changes }) }, at);
}

/** Commits a move with its other writes; false when the order moved meanwhile (or a once-only item exists). */
export async function commitMove(writes: OrderWrite[]): Promise<boolean> {
  return conditionalWrite(transact({ TransactItems: writes }));
}

/** Orders whose next automatic move is due by `now`, oldest first, a page at a time. */
export async function ordersDue(now: string, limit: number): Promise<OrderRecord[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :due AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':due': ORDERS_DUE, ':now': `${now}#~` },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(fromOrderItem);
}

/** Orders waiting for an admin's decision, oldest report first. */
export async function reportedOrders(limit: number): Promise<OrderRecord[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :reported',
      ExpressionAttributeValues: { ':reported': ORDERS_REPORTED },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(fromOrderItem);
}

/** A page of paid orders: `next` is where the following page starts, absent on the last one. */
export interface PaidOrdersPage {
  orders: OrderRecord[];
  next?: string;
}

const paidSortKey = (order: OrderRecord) => `${order.payment?.paidAt}#${order.orderId}`;

async function paidOrdersIn(list: PaidOrderList, limit: number, before?: string): Promise<PaidOrdersPage> {
  const { Items, LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: GSI3,
      KeyConditionExpression: before === undefined ? 'gsi3pk = :list' : 'gsi3pk = :list AND gsi3sk < :before',
      ExpressionAttributeValues: { ':list': list, ...(before !== undefined && { ':before': before }) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const orders = (Items ?? []).map(fromOrderItem);
  return { orders, ...(LastEvaluatedKey && orders.length > 0 && { next: paidSortKey(orders[orders.length - 1]) }) };
}

/**
 * Paid orders, newest payment first, a page before `before` (a `<paidAt>#<orderId>` this list handed
 * out): the two lists of GSI3 read side by side and merged, as each holds some of them.
 */
export async function paidOrders(limit: number, before?: string): Promise<PaidOrdersPage> {
  const pages = await Promise.all(([ORDERS_PAID, ORDERS_DISPUTED] as const).map((list) => paidOrdersIn(list, limit + 1, before)));
  const merged = pages
    .flatMap((page) => page.orders)
    .sort((a, b) => paidSortKey(b).localeCompare(paidSortKey(a)))
    .slice(0, limit + 1);
  const orders = merged.slice(0, limit);
  return { orders, ...(merged.length > limit && { next: paidSortKey(orders[limit - 1]) }) };
}

/** How many orders were paid from the day `from` up to the day `to` (YYYY-MM-DD, `to` excluded): a counting Query of each list of GSI3. */
export async function paidOrdersCountBetween(from: string, to: string): Promise<number> {
  const counts = await Promise.all(
    ([ORDERS_PAID, ORDERS_DISPUTED] as const).map(async (list) => {
      let count = 0;
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: config.tableName,
            IndexName: GSI3,
            KeyConditionExpression: 'gsi3pk = :list AND gsi3sk BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':list': list, ':from': from, ':to': to },
            Select: 'COUNT',
            ExclusiveStartKey,
          }),
        );
        count += page.Count ?? 0;
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return count;
    }),
  );
  return counts[0] + counts[1];
}

const introItem = z.object({ orderId: z.string() });

/** The order that took a student's free introduction with an expert, if one did. */
export async function introOrderOf(studentId: string, expertId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: introKey(studentId, expertId), ConsistentRead: true }));
  return Item && introItem.parse(Item).orderId;
}

/** Marks a student's free introduction with an expert as taken: refused if it already is. */
export const introTaken = (studentId: string, expertId: string, orderId: string, at: string) => ({
  Put: { TableName: config.tableName, Item: { ...introKey(studentId, expertId), orderId, at }, ConditionExpression: 'attribute_not_exists(pk)' },
});

const counterItem = z.object({ lastOrderNumber: z.number() });

/**
 * Takes the next `count` order numbers with one atomic ADD: a plain update, never in a transaction,
 * so bursts queue on the item instead of cancelling each other. Returns the first of them.
 */
export async function reserveOrderNumbers(count: number): Promise<number> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: orderCounterKey(),
      UpdateExpression: 'ADD lastOrderNumber :count',
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return counterItem.parse(Attributes).lastOrderNumber - count + 1;
}

/**
 * Every order, a page at a time: an operator's migration only, never a request (it reads the whole
 * table). `consistent` reads every write made before the scan (a recount needs it).
 */
export async function* allOrders(options: { consistent?: boolean } = {}): AsyncGenerator<OrderRecord> {
  const pages = paginateScan(
    { client: db },
    {
      TableName: config.tableName,
      ...(options.consistent && { ConsistentRead: true }),
      FilterExpression: 'begins_with(pk, :order) AND sk = :sk',
      ExpressionAttributeValues: { ':order': ORDER_PREFIX, ':sk': orderKey('').sk },
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) yield fromOrderItem(item);
}
