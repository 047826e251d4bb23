/** DynamoDB access of withdrawals. Keys come from platform/keys.ts only, item shapes from withdrawal.ts only. */
import { GetCommand, paginateScan, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config';
import {
  earningsTotalsKey,
  expertWithdrawalIndex,
  expertWithdrawalsOf,
  GSI1,
  GSI2,
  pendingWithdrawalsKey,
  withdrawalKey,
  withdrawalStatusIndex,
  withdrawalsWithStatus,
} from '../../platform/keys';
import { db, isConditionFailure } from '../../platform/table';
import { type Cents, cents } from '../../../shared/money';
import { WITHDRAWAL_STATUSES } from '../../../shared/schemas/earnings';
import { fromWithdrawalItem, type WithdrawalRecord, type WithdrawalStatus } from './withdrawal';

const itemOf = (withdrawal: WithdrawalRecord) => ({
  ...withdrawalKey(withdrawal.withdrawalId),
  ...expertWithdrawalIndex(withdrawal.expertId, withdrawal.createdAt, withdrawal.withdrawalId),
  ...withdrawalStatusIndex(withdrawal.status, withdrawal.createdAt, withdrawal.withdrawalId),
  ...withdrawal,
});

/** The Put of a new withdrawal, for the transaction that also records its ledger entry. */
export const withdrawalPut = (withdrawal: WithdrawalRecord) => ({
  Put: { TableName: config.tableName, Item: itemOf(withdrawal), ConditionExpression: 'attribute_not_exists(pk)' },
});

/** The write that counts a new withdrawal among its expert's pending ones: refused once `max` wait (decision 269). */
export const pendingWithdrawalTake = (withdrawal: WithdrawalRecord, max: number) => ({
  Update: {
    TableName: config.tableName,
    Key: pendingWithdrawalsKey(withdrawal.expertId),
    UpdateExpression: 'ADD withdrawalIds :id',
    ConditionExpression: 'attribute_not_exists(withdrawalIds) OR size(withdrawalIds) < :max',
    ExpressionAttributeValues: { ':id': new Set([withdrawal.withdrawalId]), ':max': max },
  },
});

/** The write that takes a decided withdrawal out of its expert's pending ones (none, for one never counted). */
export const pendingWithdrawalRelease = (withdrawal: WithdrawalRecord) => ({
  Update: {
    TableName: config.tableName,
    Key: pendingWithdrawalsKey(withdrawal.expertId),
    UpdateExpression: 'DELETE withdrawalIds :id',
    ExpressionAttributeValues: { ':id': new Set([withdrawal.withdrawalId]) },
  },
});

/**
 * The write that moves a withdrawal from the status and version it was read in: refused (a
 * condition failure) when another decision landed first. It changes the status list it is in.
 */
export function withdrawalMove(
  withdrawal: WithdrawalRecord,
  to: WithdrawalStatus,
  changes: Partial<Pick<WithdrawalRecord, 'reason' | 'payoutId' | 'failureMessage'>>,
  at: string,
) {
  const moved: WithdrawalRecord = { ...withdrawal, ...changes, status: to, updatedAt: at, version: withdrawal.version + 1 };
  return {
    Put: {
      TableName: config.tableName,
      Item: itemOf(moved),
      ConditionExpression: '#status = :from AND #version = :seen',
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
      ExpressionAttributeValues: { ':from': withdrawal.status, ':seen': withdrawal.version },
    },
  };
}

/** Adds a paid payout to the expert's paid-out total, in the payout's transaction. */
export const withdrawnAdd = (expertId: string, amountCents: Cents) => ({
  Update: {
    TableName: config.tableName,
    Key: earningsTotalsKey(expertId),
    UpdateExpression: 'ADD withdrawnCents :amount',
    ExpressionAttributeValues: { ':amount': amountCents },
  },
});

/**
 * An order completed for the expert, with what it credited them and whether it was free work (a free
 * introduction, an order at €0): their statistics' counters, for the close's transaction. Free
 * orders are counted among the completed ones and apart as well, so the figures tell them apart.
 */
export const completedOrderWrite = (expertId: string, earnedCents: Cents, free: boolean) => ({
  Update: {
    TableName: config.tableName,
    Key: earningsTotalsKey(expertId),
    UpdateExpression: `ADD completedOrders :one, earnedCents :earned${free ? ', freeOrders :one' : ''}`,
    ExpressionAttributeValues: { ':one': 1, ':earned': earnedCents },
  },
});

/** An expert's order counters: orders completed, and of them the free ones. */
export interface OrderCounters {
  completedOrders: number;
  freeOrders: number;
}

const orderCountersOfItem = (item: Record<string, unknown>): OrderCounters => ({
  completedOrders: Number(item.completedOrders ?? 0),
  freeOrders: Number(item.freeOrders ?? 0),
});

/**
 * The order counters of every expert who has a totals item (a Scan: an operator's migration only,
 * never a request), or, given their ids, of those experts; strongly consistent.
 */
export async function orderCountersOf(expertIds?: Iterable<string>): Promise<Map<string, OrderCounters>> {
  const counters = new Map<string, OrderCounters>();
  if (expertIds) {
    for (const expertId of expertIds) {
      const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: earningsTotalsKey(expertId), ConsistentRead: true }));
      if (Item) counters.set(expertId, orderCountersOfItem(Item));
    }
    return counters;
  }
  const totals = earningsTotalsKey('');
  const pages = paginateScan(
    { client: db },
    {
      TableName: config.tableName,
      ConsistentRead: true,
      FilterExpression: 'begins_with(pk, :totals) AND sk = :sk',
      ProjectionExpression: 'pk, completedOrders, freeOrders',
      ExpressionAttributeValues: { ':totals': totals.pk, ':sk': totals.sk },
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) counters.set(String(item.pk).slice(totals.pk.length), orderCountersOfItem(item));
  return counters;
}

/**
 * Sets the expert's count of free completed orders, on the condition that no order closed for them
 * since `seen` was read (every close adds to completedOrders). Answers the count it replaced, or
 * undefined when an order closed meanwhile and nothing was written.
 */
export async function freeOrdersSet(expertId: string, freeOrders: number, seen: OrderCounters): Promise<number | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: earningsTotalsKey(expertId),
        UpdateExpression: 'SET freeOrders = :free',
        // An item with no completed order has no attribute: ADD makes it at the first close.
        ConditionExpression: seen.completedOrders === 0 ? 'attribute_exists(pk) AND attribute_not_exists(completedOrders)' : 'completedOrders = :seen',
        ExpressionAttributeValues: { ':free': freeOrders, ...(seen.completedOrders !== 0 && { ':seen': seen.completedOrders }) },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return Number(Attributes?.freeOrders ?? 0);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** A transfer's funds pending at the provider are kept beside the totals, one attribute each, until they are available. */
const PENDING_FUNDS = 'pendingUntil_';

/** Records (or, without `availableOn`, forgets) when a transfer's pending funds become available: for the transaction of the transfer's move. */
export const pendingFundsWrite = (expertId: string, transferId: string, availableOn?: string) => ({
  Update: {
    TableName: config.tableName,
    Key: earningsTotalsKey(expertId),
    UpdateExpression: availableOn ? 'SET #funds = :on' : 'REMOVE #funds',
    ExpressionAttributeNames: { '#funds': `${PENDING_FUNDS}${transferId}` },
    ...(availableOn && { ExpressionAttributeValues: { ':on': availableOn } }),
  },
});

/** What the expert has been paid out so far, in cents, their order counters, and when the first of their pending funds becomes available. */
export async function earningsTotalsOf(
  expertId: string,
): Promise<{ withdrawnCents: Cents; completedOrders: number; freeOrders: number; earnedCents: Cents; pendingAvailableOn?: string }> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: earningsTotalsKey(expertId), ConsistentRead: true }));
  const pending = Object.entries(Item ?? {})
    .filter(([name, value]) => name.startsWith(PENDING_FUNDS) && typeof value === 'string')
    .map(([, value]) => String(value))
    .sort();
  return {
    withdrawnCents: cents(Number(Item?.withdrawnCents ?? 0)),
    completedOrders: Number(Item?.completedOrders ?? 0),
    freeOrders: Number(Item?.freeOrders ?? 0),
    earnedCents: cents(Number(Item?.earnedCents ?? 0)),
    ...(pending[0] && { pendingAvailableOn: pending[0] }),
  };
}

export async function getWithdrawal(withdrawalId: string): Promise<WithdrawalRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: config.tableName, Key: withdrawalKey(withdrawalId), ConsistentRead: true }));
  return Item && fromWithdrawalItem(Item);
}

export interface WithdrawalPageRecords {
  withdrawals: WithdrawalRecord[];
  /** The index sort key to continue after; absent on the last page. */
  next?: string;
}

async function page(query: { index: typeof GSI1 | typeof GSI2; partition: Record<string, string>; after?: string; limit: number; newestFirst: boolean }) {
  const [pkName, skName] = query.index === GSI1 ? ['gsi1pk', 'gsi1sk'] : ['gsi2pk', 'gsi2sk'];
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: query.index,
      KeyConditionExpression: `${pkName} = :pk${query.after === undefined ? '' : ` AND ${skName} ${query.newestFirst ? '<' : '>'} :after`}`,
      ExpressionAttributeValues: { ':pk': Object.values(query.partition)[0], ...(query.after !== undefined && { ':after': query.after }) },
      ScanIndexForward: !query.newestFirst,
      Limit: query.limit,
    }),
  );
  const withdrawals = Items.map(fromWithdrawalItem);
  const last = Items.at(-1);
  return { withdrawals, ...(LastEvaluatedKey && last && { next: String(last[skName]) }) };
}

/** An expert's withdrawals, newest first, a page at a time. */
export const withdrawalsOfExpert = (expertId: string, limit: number, after?: string): Promise<WithdrawalPageRecords> =>
  page({ index: GSI1, partition: expertWithdrawalsOf(expertId), after, limit, newestFirst: true });

/** Withdrawals with a status, newest first, a page at a time. */
export const withdrawalsByStatus = (status: WithdrawalStatus, limit: number, after?: string): Promise<WithdrawalPageRecords> =>
  page({ index: GSI2, partition: withdrawalsWithStatus(status), after, limit, newestFirst: true });

/**
 * Every withdrawal, newest first, a page at a time: a page of each status merged. The sort key
 * (`<createdAt>#<id>`) orders them across the statuses, so it is also where the next page starts.
 */
export async function allWithdrawals(limit: number, after?: string): Promise<WithdrawalPageRecords> {
  const pages = await Promise.all(WITHDRAWAL_STATUSES.map((status) => withdrawalsByStatus(status, limit + 1, after)));
  const merged = pages
    .flatMap((found) => found.withdrawals)
    .sort((a, b) => sortKeyOf(b).localeCompare(sortKeyOf(a)))
    .slice(0, limit + 1);
  const withdrawals = merged.slice(0, limit);
  return { withdrawals, ...(merged.length > limit && { next: sortKeyOf(withdrawals[limit - 1]) }) };
}

const sortKeyOf = (withdrawal: WithdrawalRecord) => `${withdrawal.createdAt}#${withdrawal.withdrawalId}`;
