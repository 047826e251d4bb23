/**
 * Single-item writes that recognise their own retry (decision 281): how each kind of write is sent.
 * What a lost answer then does is tested through the table's fault proxy
 * (scripts/local/table-faults.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { WRITE_ID, withWriteId } from './write-ids';

describe('a write given its id', () => {
  it('sets the id in the update’s SET clause and asks that the item not hold it yet', () => {
    const condition = '(attribute_not_exists(#writeId) OR #writeId <> :writeId)';
    expect(withWriteId('UpdateItemCommand', { UpdateExpression: 'ADD #count :one', ExpressionAttributeNames: { '#count': 'count' } }, 'w-1')).toMatchObject({
      UpdateExpression: 'ADD #count :one SET #writeId = :writeId',
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#count': 'count', '#writeId': WRITE_ID },
      ExpressionAttributeValues: { ':writeId': 'w-1' },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    // The SET clause wherever it stands, and never a name that merely contains the word.
    expect(
      withWriteId(
        'UpdateItemCommand',
        { UpdateExpression: 'REMOVE #set SET a = :a', ConditionExpression: 'a = :old OR b = :old', ExpressionAttributeNames: { '#set': 'set' } },
        'w-2',
      ),
    ).toMatchObject({
      UpdateExpression: 'REMOVE #set SET #writeId = :writeId, a = :a',
      ConditionExpression: `(a = :old OR b = :old) AND ${condition}`,
    });
    expect(withWriteId('PutItemCommand', { Item: { pk: 'a' }, ConditionExpression: 'attribute_not_exists(pk)' }, 'w-3')).toEqual({
      Item: { pk: 'a', [WRITE_ID]: 'w-3' },
      ConditionExpression: 'attribute_not_exists(pk)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  });

  it('leaves alone what needs no id or cannot be told: an unconditional put, a delete, an update that asks for the values before it', () => {
    expect(withWriteId('PutItemCommand', { Item: { pk: 'a' } }, 'w')).toBeUndefined();
    expect(withWriteId('DeleteItemCommand', { ConditionExpression: 'attribute_exists(pk)' }, 'w')).toBeUndefined();
    expect(withWriteId('UpdateItemCommand', { UpdateExpression: 'SET a = :a', ReturnValues: 'UPDATED_OLD' }, 'w')).toBeUndefined();
    expect(withWriteId('TransactWriteItemsCommand', {}, 'w')).toBeUndefined();
  });
});
