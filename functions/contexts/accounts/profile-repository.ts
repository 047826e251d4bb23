/**
 * DynamoDB writes of a member's own profile: its fields, its photo, an expert's education and work
 * experience, and the change of its e-mail address. An expert's change puts a catalogue change item
 * in the same transaction, so search and the directory learn of it within seconds.
 */
import { config } from '../../platform/config';
import { emailKey, tokenKey, userKey } from '../../platform/keys';
import { conditionalWrite, isConditionFailure, nowSeconds, transact } from '../../platform/table';
import { catalogueChangePut } from '../search/catalogue-changes';
import { Contention } from '../../platform/errors';
import type { AccountRecord, EmailChange } from './account';
import { toEmailClaimItem } from './account';
import { indexedAsRead, memberWordWrites } from './member-index';

const TableName = () => config.tableName;

/** The fields of an account its owner edits through PUT /user/update. */
export type ProfileField = 'firstName' | 'lastName' | 'phoneNumber' | 'city' | 'country' | 'bio' | 'languages' | 'domainActivity' | 'profilePhoto';
export type ProfileChanges = Partial<Record<ProfileField, string | string[] | undefined>>;

const announce = (account: Pick<AccountRecord, 'role' | 'userId'>) =>
  account.role === 'professor' ? [catalogueChangePut('expert', account.userId, account.userId)] : [];

/**
 * Sets the fields with a value and removes those set to undefined (a cleared photo, job title or
 * bio). A change of names rewrites the member's search entries, on the condition that the account
 * is as read (Contention otherwise, to be retried).
 */
export async function updateProfile(account: AccountRecord, changes: ProfileChanges): Promise<void> {
  const fields = Object.entries(changes).map(([field, value], at) => ({ field, value, name: `#f${at}`, placeholder: `:f${at}` }));
  const set = fields.filter(({ value }) => value !== undefined);
  const remove = fields.filter(({ value }) => value === undefined);
  const clauses = [
    set.length > 0 ? `SET ${set.map(({ name, placeholder }) => `${name} = ${placeholder}`).join(', ')}` : '',
    remove.length > 0 ? `REMOVE ${remove.map(({ name }) => name).join(', ')}` : '',
  ];
  const renamed = changes.firstName !== undefined || changes.lastName !== undefined;
  const asRead = renamed ? indexedAsRead(account) : undefined;
  const values = {
    ...Object.fromEntries(set.map(({ placeholder, value }) => [placeholder, value])),
    ...asRead?.values,
  };
  try {
    await transact({
      TransactItems: [
        {
          Update: {
            TableName: TableName(),
            Key: userKey(account.userId),
            UpdateExpression: clauses.filter(Boolean).join(' '),
            ConditionExpression: asRead ? `attribute_exists(pk) AND ${asRead.condition}` : 'attribute_exists(pk)',
            ExpressionAttributeNames: { ...Object.fromEntries(fields.map(({ name, field }) => [name, field])), ...asRead?.names },
            ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
          },
        },
        ...(renamed ? memberWordWrites(account, { ...account, ...(changes as Partial<AccountRecord>) }) : []),
        ...announce(account),
      ],
    });
  } catch (error) {
    if (renamed && isConditionFailure(error)) throw new Contention(`profile of ${account.userId}`);
    throw error;
  }
}

/**
 * Replaces an expert's education or work-experience list, if it is still the list the change was
 * made from (two tabs editing at once: one lands, the other is told to reload); false otherwise.
 */
export async function replaceExpertList(
  account: Pick<AccountRecord, 'role' | 'userId'>,
  field: 'education' | 'workExperience',
  next: unknown[],
  previous: unknown[] | undefined,
): Promise<boolean> {
  return conditionalWrite(
    transact({
      TransactItems: [
        {
          Update: {
            TableName: TableName(),
            Key: userKey(account.userId),
            UpdateExpression: 'SET #list = :next',
            ConditionExpression: previous === undefined ? 'attribute_exists(pk) AND attribute_not_exists(#list)' : '#list = :previous',
            ExpressionAttributeNames: { '#list': field },
            ExpressionAttributeValues: { ':next': next, ...(previous !== undefined && { ':previous': previous }) },
          },
        },
        ...announce(account),
      ],
    }),
  );
}

/** Records a requested change of address with its one-time token (expiring with it); an earlier request's link stops working. */
export async function putEmailChange(userId: string, change: EmailChange): Promise<void> {
  await transact({
    TransactItems: [
      { Put: { TableName: TableName(), Item: { ...tokenKey(change.tokenHash), purpose: 'email-change', userId, expiresAt: change.expiresAt } } },
      {
        Update: {
          TableName: TableName(),
          Key: userKey(userId),
          UpdateExpression: 'SET emailChange = :change',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':change': change },
        },
      },
    ],
  });
}

/** Forgets a request whose link could not be mailed. */
export async function dropEmailChange(userId: string, tokenHash: string): Promise<void> {
  await transact({
    TransactItems: [
      { Delete: { TableName: TableName(), Key: tokenKey(tokenHash) } },
      {
        Update: {
          TableName: TableName(),
          Key: userKey(userId),
          UpdateExpression: 'REMOVE emailChange',
          ConditionExpression: 'emailChange.tokenHash = :hash',
          ExpressionAttributeValues: { ':hash': tokenHash },
        },
      },
    ],
  }).catch((error) => {
    if (!isConditionFailure(error)) throw error;
  });
}

/**
 * Switches the account to its confirmed new address in one transaction: the token is spent, the
 * account takes the address it was mailed for (if it still has the address the change was asked
 * from), the old address's claim goes and the new one's is made, refused when another account holds
 * it. False when any of that does not hold.
 */
export async function confirmEmailChange(tokenHash: string, account: AccountRecord, change: EmailChange): Promise<boolean> {
  // The account as read: its search entries take the new address.
  const asRead = indexedAsRead(account);
  return conditionalWrite(
    transact({
      TransactItems: [
        {
          Delete: {
            TableName: TableName(),
            Key: tokenKey(tokenHash),
            ConditionExpression: 'purpose = :purpose AND expiresAt > :now AND userId = :userId',
            ExpressionAttributeValues: { ':purpose': 'email-change', ':now': nowSeconds(), ':userId': account.userId },
          },
        },
        {
          Update: {
            TableName: TableName(),
            Key: userKey(account.userId),
            UpdateExpression: 'SET email = :new REMOVE emailChange',
            ConditionExpression: `email = :old AND emailChange.tokenHash = :hash AND ${asRead.condition}`,
            ExpressionAttributeNames: asRead.names,
            ExpressionAttributeValues: { ':new': change.email, ':old': account.email, ':hash': tokenHash, ...asRead.values },
          },
        },
        ...memberWordWrites(account, { ...account, email: change.email }),
        {
          Delete: {
            TableName: TableName(),
            Key: emailKey(account.email),
            ConditionExpression: 'userId = :userId',
            ExpressionAttributeValues: { ':userId': account.userId },
          },
        },
        {
          Put: {
            TableName: TableName(),
            Item: toEmailClaimItem({ email: change.email, userId: account.userId }),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}
