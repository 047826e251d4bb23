/**
 * The search entries of a member (decision 206): one item per prefix of the words of their names
 * and address, beside the account (`USER#<id>` / `WORD#<prefix>`), in that prefix's partition of
 * GSI4, carrying what the list filters on. Every write that changes the names, the address, the
 * role, the ban or the archiving of an account adds `memberWordWrites` to its transaction, on the
 * condition `indexedAsRead`: the entries it replaces are those of the account as it was read.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { isDeepStrictEqual } from 'node:util';
import { config } from '../../platform/config';
import { memberWordIndex, memberWordKey } from '../../platform/keys';
import type { AccountRecord } from './account';
import { indexedPrefixes } from './member-search';

type TransactionWrite = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What each entry copies of the account: what the list matches and filters on. */
function entryOf(account: AccountRecord) {
  return {
    userId: account.userId,
    role: account.role,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    ...(account.isBanned && { isBanned: true }),
  };
}

/** Only listed members are searched through entries: admins are never listed, archived and deleted accounts have the archived list. */
const isSearched = (account: AccountRecord | undefined): account is AccountRecord => account !== undefined && account.role !== 'admin' && !account.isDeleted;

/** The entries of an account as items (none for an admin, an archived or a deleted account). */
export function memberWordItems(account: AccountRecord): Record<string, unknown>[] {
  if (!isSearched(account)) return [];
  const entry = entryOf(account);
  return indexedPrefixes(account).map((prefix) => ({
    ...memberWordKey(account.userId, prefix),
    ...memberWordIndex(prefix, account.createdAt, account.userId),
    ...entry,
  }));
}

/**
 * The writes that turn the entries of the account `before` (undefined: none yet) into those of
 * `after` (undefined: none any more): a Put of each entry that is new or changed, a Delete of each
 * that is gone; none when nothing they hold changes.
 */
export function memberWordWrites(before: AccountRecord | undefined, after: AccountRecord | undefined): TransactionWrite[] {
  const old = isSearched(before) ? new Set(indexedPrefixes(before)) : new Set<string>();
  const next = isSearched(after) ? indexedPrefixes(after) : [];
  const same = isSearched(before) && isSearched(after) && isDeepStrictEqual(entryOf(before), entryOf(after));
  const puts = after ? memberWordItems(after).filter((_, at) => !(same && old.has(next[at]))) : [];
  const gone = before ? [...old].filter((prefix) => !next.includes(prefix)) : [];
  return [
    ...puts.map((Item) => ({ Put: { TableName: config.tableName, Item } })),
    ...gone.map((prefix) => ({ Delete: { TableName: config.tableName, Key: memberWordKey(before?.userId ?? '', prefix) } })),
  ];
}

/**
 * The condition that the account holds what its entries were derived from, as read: added to the
 * account's write, so that two changes at once never leave entries of a state the account is not in.
 */
export function indexedAsRead(account: AccountRecord) {
  const names = {
    '#ixFirst': 'firstName',
    '#ixLast': 'lastName',
    '#ixEmail': 'email',
    '#ixRole': 'role',
    '#ixBanned': 'isBanned',
    '#ixDeleted': 'isDeleted',
  };
  const flag = (name: string, on: boolean | undefined) => (on ? `${name} = :ixTrue` : `(attribute_not_exists(${name}) OR ${name} = :ixFalse)`);
  const clauses = [
    '#ixFirst = :ixFirst',
    '#ixLast = :ixLast',
    '#ixEmail = :ixEmail',
    '#ixRole = :ixRole',
    flag('#ixBanned', account.isBanned),
    flag('#ixDeleted', account.isDeleted),
  ];
  return {
    condition: clauses.join(' AND '),
    names,
    values: {
      ':ixFirst': account.firstName,
      ':ixLast': account.lastName,
      ':ixEmail': account.email,
      ':ixRole': account.role,
      ...(account.isBanned || account.isDeleted ? { ':ixTrue': true } : {}),
      ...(!account.isBanned || !account.isDeleted ? { ':ixFalse': false } : {}),
    },
  };
}
