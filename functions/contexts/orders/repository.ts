/** DynamoDB access of orders. Keys come from platform/keys.ts only, item shapes from order.ts only. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { config } from '../../platform/config';
import { orderCounterKey, orderKey } from '../../platform/keys';
import { db, isConditionFailure } from '../../platform/table';
import { fromOrderItem, type OrderRecord, type OrderStatus, toOrderItem } from './order';

/** The Put of a new order, for the transaction that opens its conversation. */
export const orderPut = (order: OrderRecord) => ({
  Put: { TableName: config.tableName, Item: toOrderItem(order), ConditionExpression: 'attribute_not_exists(pk)' },
});

export async function getOrder(orderId: string, options: { consistent?: boolean } = {}): Promise<OrderRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: orderKey(orderId), ConsistentRead: options.consistent }));
  return Item && fromOrderItem(Item);
}

type OrderChanges = Partial<Pick<OrderRecord, 'scheduledDate' | 'scheduledHours' | 'submissionFile' | 'paymentAmountCents'>>;

/**
 * Moves an order from the status it was read in to `to`, with its changes; false when another move
 * landed first (the status is no longer `from`), so no two moves ever both apply.
 */
export async function moveOrder(orderId: string, from: OrderStatus, to: OrderStatus, changes: OrderChanges = {}): Promise<boolean> {
  const fields = Object.entries({ ...changes, status: to, updatedAt: new Date().toISOString() }).filter(([, value]) => value !== undefined);
  const names = fields.map(([name]) => name);
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: orderKey(orderId),
        UpdateExpression: `SET ${names.map((_, at) => `#f${at} = :f${at}`).join(', ')}`,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((name, at) => [`#f${at}`, name])), '#status': 'status' },
        ExpressionAttributeValues: { ...Object.fromEntries(fields.map(([, value], at) => [`:f${at}`, value])), ':from': from },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

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
